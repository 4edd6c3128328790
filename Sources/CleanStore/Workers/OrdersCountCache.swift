import Foundation

/// The list's counts ("6 orders found (324 in all)"), each kept for `lifetime` seconds (issue 28):
/// one process's pages share them, so a busy list counts a query about once every few seconds,
/// not on every page (a count of up to 10,001 rows cost a quarter of a list page at 100,000
/// orders). A change made through this process's `OrdersWorker` forgets them all, so a clerk
/// sees their own change counted at once; another instance's change (several servers on one
/// PostgreSQL) or a placed draft is counted within `lifetime`. The sort is no part of a count.
public actor OrdersCountCache {
    /// Seconds a count is kept.
    public static let standardLifetime: TimeInterval = 5
    /// Queries kept at most (a search is one each): past it, the expired ones go, then all.
    static let capacity = 256

    struct Key: Hashable {
        var text: String?
        var shippingSpeed: Int?
        var status: String?
        var cancellationRequested: Bool
        var createdFrom: Date?
        var createdBefore: Date?
        var upTo: Int

        init(_ query: OrdersQuery, upTo: Int) {
            text = query.text
            shippingSpeed = query.shippingSpeed?.rawValue
            status = query.status?.rawValue
            cancellationRequested = query.cancellationRequested
            createdFrom = query.createdFrom
            createdBefore = query.createdBefore
            self.upTo = upTo
        }
    }

    let lifetime: TimeInterval
    let now: @Sendable () -> Date
    private var counts: [Key: (count: Int, at: Date)] = [:]

    public init(lifetime: TimeInterval = standardLifetime, now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.now = now
    }

    /// The count of `query` up to `upTo` kept less than `lifetime` ago; nil when there is none.
    func count(of query: OrdersQuery, upTo: Int) -> Int? {
        guard let kept = counts[Key(query, upTo: upTo)], now().timeIntervalSince(kept.at) < lifetime else { return nil }
        return kept.count
    }

    func keep(_ count: Int, of query: OrdersQuery, upTo: Int) {
        let at = now()
        if counts.count >= Self.capacity {
            counts = counts.filter { at.timeIntervalSince($0.value.at) < lifetime }
            if counts.count >= Self.capacity { counts = [:] }
        }
        counts[Key(query, upTo: upTo)] = (count, at)
    }

    /// Forgets every count (an order was created, changed or deleted).
    func forget() {
        counts = [:]
    }
}
