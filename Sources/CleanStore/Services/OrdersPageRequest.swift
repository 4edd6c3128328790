/// Which page of a list a scene asks a store for: the orders `query` finds, in its order.
///
/// "After" and "before" are places in that order (with the newest-first list, after is older);
/// `OrdersPage.hasNewer` and `hasOlder` say whether there is a page before and after.
public struct OrdersPageRequest: Equatable, Sendable {
    public enum Position: Equatable, Sendable {
        /// The first page.
        case newest
        case after(OrdersCursor)
        case before(OrdersCursor)
    }

    public var position: Position
    public var limit: Int
    public var query: OrdersQuery

    public init(position: Position = .newest, limit: Int, query: OrdersQuery = .all) {
        self.position = position
        self.limit = limit
        self.query = query
    }

    /// The position the stores read: a cursor of another sort than the query's (a link from before
    /// the sort changed) means the first page, not an error.
    var effectivePosition: Position {
        switch position {
        case .after(let cursor), .before(let cursor):
            cursor.key.sortKey == query.sort.key ? position : .newest
        case .newest:
            .newest
        }
    }
}
