/// One page of a list, and whether there are pages on either side of it.
public struct OrdersPage: Equatable, Sendable {
    /// In the list's order (newest first, unless the query sorts otherwise).
    public var orders: [Order]
    /// Whether there are orders before this page in the list's order.
    public var hasNewer: Bool
    /// Whether there are orders after this page in the list's order.
    public var hasOlder: Bool

    public init(orders: [Order], hasNewer: Bool, hasOlder: Bool) {
        self.orders = orders
        self.hasNewer = hasNewer
        self.hasOlder = hasOlder
    }
}
