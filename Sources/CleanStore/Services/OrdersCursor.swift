import Foundation

/// Where a page of the list starts: an order's place in the list's order, as its sort key and its id
/// (ties are broken by id).
public struct OrdersCursor: Equatable, Sendable {
    /// An order's sort key, for one `OrdersQuery.SortKey`.
    public enum Key: Equatable, Sendable {
        case date(Date)
        /// `OrderSearch.sortName`.
        case name(String)
        /// The total in cents.
        case total(Int64)

        public var sortKey: OrdersQuery.SortKey {
            switch self {
            case .date: .date
            case .name: .name
            case .total: .total
            }
        }

        /// Orders by key: dates by time, names by their UTF-8 bytes (as SQLite's BINARY and
        /// PostgreSQL's "C" collation do), totals by amount. Keys of different kinds never meet.
        static func < (lhs: Key, rhs: Key) -> Bool {
            switch (lhs, rhs) {
            case (.date(let a), .date(let b)): a < b
            case (.name(let a), .name(let b)): a.utf8.lexicographicallyPrecedes(b.utf8)
            case (.total(let a), .total(let b)): a < b
            default: false
            }
        }
    }

    public var key: Key
    public var id: Int64

    public init(key: Key, id: Int64) {
        self.key = key
        self.id = id
    }

    /// A place in the list by date (the newest-first list's cursors).
    public init(date: Date, id: Int64) {
        self.init(key: .date(date), id: id)
    }

    /// The order's place in the newest-first list (nil for an order with no numeric id).
    public init?(order: Order) {
        self.init(order: order, sortedBy: .date)
    }

    /// The order's place in the list sorted by `key` (nil for an order with no numeric id).
    public init?(order: Order, sortedBy key: OrdersQuery.SortKey) {
        guard let id = order.id.flatMap({ Int64($0) }) else { return nil }
        switch key {
        case .date: self.init(key: .date(order.date), id: id)
        case .name: self.init(key: .name(OrderSearch.sortName(of: order)), id: id)
        case .total: self.init(key: .total(OrderTotal.totalCents(of: order)), id: id)
        }
    }

    /// As it travels in a URL, exact: by date `<seconds since 1970>_<id>` (the list's tokens from
    /// before sorting, which keep working); by name `n_<id>_<the name key in base64url>`; by total
    /// `t_<id>_<cents>`.
    public var token: String {
        switch key {
        case .date(let date): "\(date.timeIntervalSince1970)_\(id)"
        case .name(let name): "n_\(id)_\(Base64URL.encoded(name.utf8))"
        case .total(let cents): "t_\(id)_\(cents)"
        }
    }

    /// The cursor a token names; nil for anything else (a page start that is no cursor means the
    /// first page).
    public init?(token: String) {
        let parts = token.split(separator: "_", maxSplits: 2, omittingEmptySubsequences: false)
        if parts.count == 3, let id = Int64(parts[1]) {
            switch parts[0] {
            case "n":
                // A name key holds no control character (no name does): one that does, a NUL above
                // all, is no cursor, and never reaches a store (PostgreSQL refuses any NUL in text).
                guard let data = Base64URL.decoded(parts[2]), !data.contains(where: { $0 < 0x20 || $0 == 0x7F }),
                    let name = String(data: data, encoding: .utf8)
                else {
                    return nil
                }
                self.init(key: .name(name), id: id)
            case "t":
                guard let cents = Int64(parts[2]) else { return nil }
                self.init(key: .total(cents), id: id)
            default:
                return nil
            }
            return
        }
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = Int64(parts[1]) else {
            return nil
        }
        self.init(date: Date(timeIntervalSince1970: seconds), id: id)
    }

    /// Whether `self` comes before `other` in a list sorted ascending by key, then id.
    func precedes(_ other: OrdersCursor) -> Bool {
        key < other.key || (key == other.key && id < other.id)
    }

    /// Whether `self` comes before `other` in a list sorted by `sort`.
    func comesBefore(_ other: OrdersCursor, in sort: OrdersQuery.Sort) -> Bool {
        sort.descending ? other.precedes(self) : precedes(other)
    }
}
