import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The list's counts, kept a few seconds by the process (issue 28): a status move made through its
/// `OrdersWorker` is counted in, every other change of its own forgets them (issue 31's soak).
final class OrdersCountCacheTests: XCTestCase {
    /// A clock the test moves.
    final class Clock: @unchecked Sendable {
        var now = Seeds.june29
    }

    func testACountIsKeptForItsLifetimeWhateverTheSortAndNoLonger() async {
        // Given
        let clock = Clock()
        let sut = OrdersCountCache(lifetime: 5, now: { clock.now })
        let paid = OrdersQuery(text: "jo", status: .paid)

        // When
        await sut.keep(6, of: paid, upTo: 10_001, countedTo: 10_100, changesBefore: 0)

        // Then
        var kept = await sut.count(of: paid, upTo: 10_001)
        XCTAssertEqual(kept, 6)
        kept = await sut.count(of: OrdersQuery(text: "jo", status: .paid, sort: .init(.total, descending: true)), upTo: 10_001)
        XCTAssertEqual(kept, 6, "The sort is no part of a count")
        kept = await sut.count(of: OrdersQuery(text: "jo"), upTo: 10_001)
        XCTAssertNil(kept, "Another query is counted anew")
        kept = await sut.count(of: paid, upTo: 3)
        XCTAssertNil(kept, "Another limit is counted anew")
        var asked = paid
        asked.cancellationRequested = true
        kept = await sut.count(of: asked, upTo: 10_001)
        XCTAssertNil(kept, "The orders waiting for a cancellation decision are another query")
        clock.now = Seeds.june29.addingTimeInterval(4.9)
        kept = await sut.count(of: paid, upTo: 10_001)
        XCTAssertEqual(kept, 6)
        clock.now = Seeds.june29.addingTimeInterval(5)
        kept = await sut.count(of: paid, upTo: 10_001)
        XCTAssertNil(kept, "After its lifetime a count is asked of the store again")
    }

    func testManyQueriesKeepItSmall() async {
        let clock = Clock()
        let sut = OrdersCountCache(lifetime: 5, now: { clock.now })
        for number in 0..<(OrdersCountCache.capacity + 10) {
            await sut.keep(number, of: OrdersQuery(text: "word\(number)"), upTo: 1_000, countedTo: 100_000, changesBefore: 0)
        }
        let last = await sut.count(of: OrdersQuery(text: "word\(OrdersCountCache.capacity + 9)"), upTo: 1_000)
        XCTAssertEqual(last, OrdersCountCache.capacity + 9, "The newest is kept")
        let first = await sut.count(of: OrdersQuery(text: "word0"), upTo: 1_000)
        XCTAssertNil(first, "Past its capacity the cache starts again")
    }

    func testTheWorkerCountsOnceAndCountsAgainAfterAChangeOfItsOwn() async throws {
        // Given: a worker over a store of Amy's order, with a cache
        let store = OrdersMemStore(orders: [Seeds.Orders.amy])
        let clock = Clock()
        let sut = OrdersWorker(ordersStore: store, now: { Seeds.june30 }, countCache: OrdersCountCache(now: { clock.now }))

        // When: counted, then an order added behind the worker's back, then counted again
        var count = try await sut.countOrders(matching: OrdersQuery(), upTo: 10)
        XCTAssertEqual(count, 1)
        _ = try await store.createOrder(orderToCreate: Seeds.Orders.bob)
        count = try await sut.countOrders(matching: OrdersQuery(), upTo: 10)

        // Then: the kept count, until the worker makes a change of its own
        XCTAssertEqual(count, 1, "Kept: the store was not asked again")
        let created = try await sut.createOrder(orderToCreate: Seeds.Orders.bob, idempotencyKey: nil, by: nil)
        count = try await sut.countOrders(matching: OrdersQuery(), upTo: 10)
        XCTAssertEqual(count, 3, "A create forgets the counts")
        _ = try await sut.changeStatus(id: created.id!, to: .paid, expectedVersion: 1, reason: nil, by: nil)
        count = try await sut.countOrders(matching: OrdersQuery(status: .paid), upTo: 10)
        XCTAssertEqual(count, 1)
        _ = try await sut.deleteOrder(id: "1", by: nil)
        count = try await sut.countOrders(matching: OrdersQuery(), upTo: 10)
        XCTAssertEqual(count, 2, "A delete forgets the counts")
    }

    /// Keeps `count` of `query` as counted to `upTo`'s limit: exact, or (`exact: false`) the limit
    /// reached, so that the orders found are at least `count`.
    private func keep(_ count: Int, of query: OrdersQuery, upTo: Int = 10_001, exact: Bool = true, in sut: OrdersCountCache) async {
        let changes = await sut.changes
        await sut.keep(count, of: query, upTo: upTo, countedTo: exact ? count + 1 : count, changesBefore: changes)
    }

    func testAMoveIsCountedInWhereTheOrderIsFoundAndNowhereElse() async {
        // Given: counts of every tab, of a filter the order passes and of one it does not, of words,
        // and of the orders waiting for a cancellation decision
        let sut = OrdersCountCache(lifetime: 5, now: { Seeds.june29 })
        var order = Seeds.Orders.amy  // standard shipping, dated June 29
        order.status = .paid
        let standard = OrdersQuery(shippingSpeed: .standard, status: .paid)
        let twoDay = OrdersQuery(shippingSpeed: .twoDay, status: .paid)
        let before29 = OrdersQuery(status: .new, createdBefore: Seeds.june29)
        let words = OrdersQuery(text: "amy", status: .paid)
        let wordsOnly = OrdersQuery(text: "amy")
        var asked = OrdersQuery()
        asked.cancellationRequested = true
        for (count, query) in [
            (40, OrdersQuery()), (30, OrdersQuery(status: .new)), (7, OrdersQuery(status: .paid)),
            (2, OrdersQuery(status: .packed)), (5, standard), (4, twoDay), (9, before29), (3, words), (8, wordsOnly), (1, asked),
        ] {
            await keep(count, of: query, in: sut)
        }

        // When: Amy's order moves from new to paid
        await sut.moved(order, from: .new)

        // Then
        var kept = await sut.count(of: OrdersQuery(), upTo: 10_001)
        XCTAssertEqual(kept, 40, "A move changes no count without a status")
        kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10_001)
        XCTAssertEqual(kept, 29, "The status it left loses it")
        kept = await sut.count(of: OrdersQuery(status: .paid), upTo: 10_001)
        XCTAssertEqual(kept, 8, "The status it reached gains it")
        kept = await sut.count(of: OrdersQuery(status: .packed), upTo: 10_001)
        XCTAssertEqual(kept, 2)
        kept = await sut.count(of: standard, upTo: 10_001)
        XCTAssertEqual(kept, 6, "Its shipping speed is the filter's")
        kept = await sut.count(of: twoDay, upTo: 10_001)
        XCTAssertEqual(kept, 4, "Its shipping speed is not the filter's")
        kept = await sut.count(of: before29, upTo: 10_001)
        XCTAssertEqual(kept, 9, "Dated June 29, it is not before June 29")
        kept = await sut.count(of: words, upTo: 10_001)
        XCTAssertNil(kept, "Words with a status: the store counts them anew")
        kept = await sut.count(of: wordsOnly, upTo: 10_001)
        XCTAssertEqual(kept, 8, "A move changes no words")
        kept = await sut.count(of: asked, upTo: 10_001)
        XCTAssertNil(kept, "The orders waiting for a decision are counted anew")
    }

    func testACountAtItsLimitStaysMoreThanTheLimitUntilItCannotSay() async {
        // Given: more new orders than the list counts, the store counting 3 past its limit of 10
        let sut = OrdersCountCache(lifetime: 5, now: { Seeds.june29 })
        await keep(13, of: OrdersQuery(status: .new), upTo: 10, exact: false, in: sut)
        var order = Seeds.Orders.amy
        order.status = .paid
        var kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10)
        XCTAssertEqual(kept, 10, "At least 13: more than the limit")

        // When / Then: three moves out leave at least 10
        for _ in 0..<3 { await sut.moved(order, from: .new) }
        kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10)
        XCTAssertEqual(kept, 10)
        await sut.moved(order, from: .new)
        kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10)
        XCTAssertNil(kept, "At least 9 is no answer: the store counts it anew")
    }

    func testACancelFromAStatusNotKnownForgetsTheStatusesItMayHaveLeft() async {
        let sut = OrdersCountCache(lifetime: 5, now: { Seeds.june29 })
        for (count, status) in [(5, OrderStatus.new), (4, .paid), (3, .cancelled), (2, .shipped)] {
            await keep(count, of: OrdersQuery(status: status), in: sut)
        }
        var order = Seeds.Orders.amy
        order.status = .cancelled

        await sut.moved(order, from: OrdersWorker.statusBefore(movingTo: .cancelled))

        var kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10_001)
        XCTAssertNil(kept)
        kept = await sut.count(of: OrdersQuery(status: .paid), upTo: 10_001)
        XCTAssertNil(kept)
        kept = await sut.count(of: OrdersQuery(status: .cancelled), upTo: 10_001)
        XCTAssertEqual(kept, 4)
        kept = await sut.count(of: OrdersQuery(status: .shipped), upTo: 10_001)
        XCTAssertNil(kept, "Any status but the one reached may have been left")
    }

    func testAMoveOutOfACountOfNoneAndACountBegunBeforeAChangeAreAskedAnew() async {
        let sut = OrdersCountCache(lifetime: 5, now: { Seeds.june29 })
        await keep(0, of: OrdersQuery(status: .new), in: sut)
        var order = Seeds.Orders.amy
        order.status = .paid
        let begun = await sut.changes

        await sut.moved(order, from: .new)
        await sut.keep(12, of: OrdersQuery(status: .packed), upTo: 10_001, countedTo: 10_100, changesBefore: begun)

        var kept = await sut.count(of: OrdersQuery(status: .new), upTo: 10_001)
        XCTAssertNil(kept, "None to lose: counted before another instance moved it in")
        kept = await sut.count(of: OrdersQuery(status: .packed), upTo: 10_001)
        XCTAssertNil(kept, "Counted before the move: it may have missed it")
        await sut.forget()
        let changes = await sut.changes
        XCTAssertEqual(changes, 2, "A move and a forgetting are changes")
    }

    func testTheStatusBeforeAMoveIsTheOnlyOneLeadingThere() {
        XCTAssertEqual(OrdersWorker.statusBefore(movingTo: .paid), .new)
        XCTAssertEqual(OrdersWorker.statusBefore(movingTo: .packed), .paid)
        XCTAssertEqual(OrdersWorker.statusBefore(movingTo: .shipped), .packed)
        XCTAssertNil(OrdersWorker.statusBefore(movingTo: .cancelled), "A cancel leaves any status before shipping")
        XCTAssertNil(OrdersWorker.statusBefore(movingTo: .new))
    }

    func testAnUndoLeavesTheStatusItsOwnMovesForwardTo() {
        XCTAssertEqual(OrdersWorker.statusUndone(backTo: .new), .paid)
        XCTAssertEqual(OrdersWorker.statusUndone(backTo: .paid), .packed)
        XCTAssertEqual(OrdersWorker.statusUndone(backTo: .packed), .shipped)
        XCTAssertNil(OrdersWorker.statusUndone(backTo: .shipped), "Nothing moves on from shipped")
        XCTAssertNil(OrdersWorker.statusUndone(backTo: .cancelled))
    }

    func testTheWorkerFollowsItsOwnMovesAndUndoesWithoutAskingTheStore() async throws {
        // Given: a worker over a store of Amy's (new) and Bob's orders, the tabs counted
        let store = OrdersMemStore(orders: [Seeds.Orders.amy, Seeds.Orders.bob])
        let sut = OrdersWorker(ordersStore: store, now: { Seeds.june30 }, countCache: OrdersCountCache(now: { Seeds.june29 }))
        let new = OrdersQuery(status: .new), paid = OrdersQuery(status: .paid)
        let newBefore = try await sut.countOrders(matching: new, upTo: 10_001)
        var paidCount = try await sut.countOrders(matching: paid, upTo: 10_001)
        // An order the store adds behind the worker's back shows whether the store is asked again.
        var carol = Seeds.Orders.bob
        carol.id = nil
        _ = try await store.createOrder(orderToCreate: carol)

        // When: Amy's order is paid through the worker
        let sue = AccountSeeds.sue.name
        let moved = try await sut.changeStatus(id: "1", to: .paid, expectedVersion: 1, reason: nil, by: sue)

        // Then
        var newCount = try await sut.countOrders(matching: new, upTo: 10_001)
        XCTAssertEqual(newCount, newBefore - 1)
        paidCount = try await sut.countOrders(matching: paid, upTo: 10_001)
        XCTAssertEqual(paidCount, 1, "Counted in, not asked of the store")

        // When: the move is undone
        _ = try await sut.undoStatusChange(id: "1", expectedVersion: moved.version, by: sue)

        // Then
        newCount = try await sut.countOrders(matching: new, upTo: 10_001)
        XCTAssertEqual(newCount, newBefore)
        paidCount = try await sut.countOrders(matching: paid, upTo: 10_001)
        XCTAssertEqual(paidCount, 0)
    }
}
