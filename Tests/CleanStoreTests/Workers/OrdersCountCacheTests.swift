import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The list's counts, kept a few seconds by the process and forgotten on every change made through
/// its `OrdersWorker` (issue 28).
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
        await sut.keep(6, of: paid, upTo: 10_001)

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
            await sut.keep(number, of: OrdersQuery(text: "word\(number)"), upTo: 10)
        }
        let last = await sut.count(of: OrdersQuery(text: "word\(OrdersCountCache.capacity + 9)"), upTo: 10)
        XCTAssertEqual(last, OrdersCountCache.capacity + 9, "The newest is kept")
        let first = await sut.count(of: OrdersQuery(text: "word0"), upTo: 10)
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
}
