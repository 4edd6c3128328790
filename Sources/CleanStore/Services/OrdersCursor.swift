import Foundation

/// Where a page of the list starts: an order's place in the newest-first order (date, then id).
public struct OrdersCursor: Equatable, Sendable {
    public var date: Date
    public var id: Int64

    public init(date: Date, id: Int64) {
        self.date = date
        self.id = id
    }

    /// The order's place in the list (nil for an order with no numeric id).
    public init?(order: Order) {
        guard let id = order.id.flatMap({ Int64($0) }) else { return nil }
        self.init(date: order.date, id: id)
    }

    /// As it travels in a URL: `<seconds since 1970>_<id>`, exact.
    public var token: String { "\(date.timeIntervalSince1970)_\(id)" }

    public init?(token: String) {
        let parts = token.split(separator: "_")
        guard parts.count == 2, let seconds = Double(parts[0]), seconds.isFinite, let id = Int64(parts[1]) else {
            return nil
        }
        self.init(date: Date(timeIntervalSince1970: seconds), id: id)
    }

    /// Whether `self` comes before `other` in the newest-first list.
    func isNewer(than other: OrdersCursor) -> Bool {
        (date, id) > (other.date, other.id)
    }
}
