import Foundation

/// The list's counts ("6 orders found (324 in all)"), each kept for `lifetime` seconds (issue 28):
/// one process's pages share them, so a busy list counts a query about once every few seconds,
/// not on every page (a count of up to 10,001 rows cost a quarter of a list page at 100,000
/// orders). A change made through this process's `OrdersWorker` is counted in at once, so a clerk
/// sees their own change counted: a status move adds one to the counts of its new status and takes
/// one from its old one (`moved(_:from:)`), as the order's other filters say; every other change
/// forgets them all. Another instance's change (several servers on one PostgreSQL) or a placed
/// draft is counted within `lifetime`. The sort is no part of a count.
///
/// A move used to forget every count too: a shop moving orders all day (the soak of issue 31,
/// about 55 moves a second) then counted the list's tabs anew on every list page, up to 10,001
/// index entries each, and the count of paid orders grew with every move.
public actor OrdersCountCache {
    /// Seconds a count is kept.
    public static let standardLifetime: TimeInterval = 5
    /// Queries kept at most (a search is one each): past it, the expired ones go, then all.
    static let capacity = 256

    struct Key: Hashable {
        var text: String?
        var shippingSpeed: ShipmentMethod.ShippingSpeed?
        var status: String?
        var cancellationRequested: Bool
        var createdFrom: Date?
        var createdBefore: Date?
        var upTo: Int

        init(_ query: OrdersQuery, upTo: Int) {
            text = query.text
            shippingSpeed = query.shippingSpeed
            status = query.status?.rawValue
            cancellationRequested = query.cancellationRequested
            createdFrom = query.createdFrom
            createdBefore = query.createdBefore
            self.upTo = upTo
        }

        /// Whether this count's shipping speed and dates let `order` through (`OrdersQuery.speedAndDatesAdmit`).
        func matchesFilters(_ order: Order) -> Bool {
            OrdersQuery.speedAndDatesAdmit(order, shippingSpeed: shippingSpeed, createdFrom: createdFrom, createdBefore: createdBefore)
        }
    }

    /// A count as the store answered it, and what the changes since made of it.
    struct Kept {
        /// The orders found, as the store counted them and the changes since moved them.
        var count: Int
        /// Whether `count` is every order found (the store stopped before its limit); else the
        /// orders found are at least `count`.
        var exact: Bool
        var at: Date
    }

    let lifetime: TimeInterval
    let now: @Sendable () -> Date
    private var counts: [Key: Kept] = [:]
    /// Changes made so far: a count the store began before the latest one is not kept (it may
    /// have missed it).
    private(set) var changes = 0

    public init(lifetime: TimeInterval = standardLifetime, now: @escaping @Sendable () -> Date = { Date() }) {
        self.lifetime = lifetime
        self.now = now
    }

    /// How far the store counts a query whose callers count up to `upTo`: a little further, so
    /// that a kept count of "more than `upTo`" stays true through the moves out of it that follow
    /// (`moved(_:from:)`) rather than being counted again after the first (a sixteenth more
    /// index entries read, and only by a count that reaches the limit).
    static func countingLimit(upTo: Int) -> Int {
        upTo + max(64, upTo / 16)
    }

    /// The count of `query` up to `upTo` kept less than `lifetime` ago; nil when there is none.
    func count(of query: OrdersQuery, upTo: Int) -> Int? {
        let key = Key(query, upTo: upTo)
        guard let kept = counts[key], now().timeIntervalSince(kept.at) < lifetime else { return nil }
        if kept.exact { return min(kept.count, upTo) }
        if kept.count >= upTo { return upTo }
        // At least fewer than `upTo` after the moves out: how many is the store's to say.
        counts[key] = nil
        return nil
    }

    /// Keeps `count`, as the store counted `query` no further than `countedTo`
    /// (`countingLimit(upTo:)`), unless a change was made since `changesBefore` (`changes` when
    /// the store was asked).
    func keep(_ count: Int, of query: OrdersQuery, upTo: Int, countedTo: Int, changesBefore: Int) {
        guard changesBefore == changes else { return }
        let at = now()
        if counts.count >= Self.capacity {
            counts = counts.filter { at.timeIntervalSince($0.value.at) < lifetime }
            if counts.count >= Self.capacity { counts = [:] }
        }
        counts[Key(query, upTo: upTo)] = Kept(count: count, exact: count < countedTo, at: at)
    }

    /// An order of this process moved from `from` (nil: not known, as a cancel from any status
    /// before shipping) to `order.status`. A status move changes nothing else a count filters by
    /// (the search's words, the shipping speed, the dates: `OrdersQuery.speedAndDatesAdmit`), so a
    /// count without a status is as it was, and a count of one status gains or loses the order
    /// when the order is one of those it finds. Counts this cannot follow are forgotten: of a
    /// status the order may have left when `from` is not known, of the orders waiting for a
    /// cancellation decision, and of words (the search's rules are the store's).
    func moved(_ order: Order, from: OrderStatus?) {
        changes += 1
        for (key, kept) in counts {
            if key.cancellationRequested {
                counts[key] = nil
                continue
            }
            guard let status = key.status.flatMap(OrderStatus.init(rawValue:)) else { continue }
            guard status == order.status || status == from || from == nil else { continue }
            guard key.text == nil else {
                counts[key] = nil
                continue
            }
            guard key.matchesFilters(order) else { continue }
            if status == order.status {
                counts[key]?.count = kept.count + 1
            } else if status == from, kept.count > 0 {
                counts[key]?.count = kept.count - 1
            } else {
                // Not known (or counted before another instance moved the order in): asked anew.
                counts[key] = nil
            }
        }
    }

    /// Forgets every count (an order was created, edited or deleted, or a cancellation decided).
    func forget() {
        changes += 1
        counts = [:]
    }
}
