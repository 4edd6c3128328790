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
    /// Whether each order's card number is decrypted (true) or read as its last four digits only,
    /// as stored in clear beside the ciphertext (false: `PaymentMethod.lastFourOnly`, nothing
    /// decrypted, an unreadable ciphertext not noticed): for a page that shows no card number (the
    /// list's HTML page, where opening 50 cards was 6.6 % of its CPU).
    public var opensCards: Bool

    public init(position: Position = .newest, limit: Int, query: OrdersQuery = .all, opensCards: Bool = true) {
        self.position = position
        self.limit = limit
        self.query = query
        self.opensCards = opensCards
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
