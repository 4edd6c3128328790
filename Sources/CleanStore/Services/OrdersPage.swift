/// One page of the newest-first list, and whether there are pages on either side of it.
public struct OrdersPage: Equatable, Sendable {
    /// Newest first.
    public var orders: [Order]
    public var hasNewer: Bool
    public var hasOlder: Bool

    public init(orders: [Order], hasNewer: Bool, hasOlder: Bool) {
        self.orders = orders
        self.hasNewer = hasNewer
        self.hasOlder = hasOlder
    }
}
