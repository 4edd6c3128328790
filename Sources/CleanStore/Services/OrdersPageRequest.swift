/// Which page of the newest-first list a scene asks a store for.
public struct OrdersPageRequest: Equatable, Sendable {
    public enum Position: Equatable, Sendable {
        case newest
        case after(OrdersCursor)
        case before(OrdersCursor)
    }

    public var position: Position
    public var limit: Int

    public init(position: Position = .newest, limit: Int) {
        self.position = position
        self.limit = limit
    }
}
