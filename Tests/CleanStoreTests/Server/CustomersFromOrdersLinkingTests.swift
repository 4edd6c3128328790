import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `CustomersFromOrdersLinking` over a memory database holding orders keyed before customers: its
/// waits recorded instead of slept.
final class CustomersFromOrdersLinkingTests: XCTestCase {
    func testItLinksEveryOrderInBatchesThenSaysHowMany() async throws {
        // Given: three orders of two people, batches of two
        let database = MemoryAppDatabase(orders: [
            Seeds.Orders.amy, Seeds.Orders.bob, CustomerSeeds.order("Amy", "Apple", phone: "111-111-1111", email: ""),
        ])
        let store = FlakyCustomersStore(store: CustomersMemStore(database: database), failures: 0)
        let logs = LogCapture()
        let linking = CustomersFromOrdersLinking(customers: store, batchSize: 2, now: { CustomerSeeds.now }, logger: logs.logger())

        // When
        let finished = await linking.linkAll()

        // Then: two batches and the empty one that ends it; Amy's two orders are one customer
        XCTAssertTrue(finished)
        XCTAssertEqual(store.linkCalls, 3)
        let customers = try await CustomersMemStore(database: database).fetchCustomers(matching: "", after: nil, limit: 10)
        XCTAssertEqual(customers.map(\.name), ["Amy Apple", "Bob Battery"])
        XCTAssert(logs.text.contains("notice Made customers of the orders keyed before"), logs.text)
        XCTAssert(logs.text.contains("orders=3"), logs.text)
    }

    func testABatchThatFailsIsLoggedAndTriedAgainAfterTheRetryDelay() async throws {
        // Given: a database that fails once
        let database = MemoryAppDatabase(orders: [Seeds.Orders.amy])
        let store = FlakyCustomersStore(store: CustomersMemStore(database: database), failures: 1)
        let logs = LogCapture()
        let waits = Waits()
        let linking = CustomersFromOrdersLinking(
            customers: store, now: { CustomerSeeds.now }, startDelay: .seconds(1), retryDelay: .seconds(60), logger: logs.logger(),
            sleep: { duration in
                waits.note(duration)
                try Task.checkCancellation()
            })

        // When: run, stopped by a cancellation once it has retried
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await linking.run() }
            // The retry succeeds; the service then waits for the server's shutdown: cancel it.
            while store.linkCalls < 3 { await Task.yield() }
            group.cancelAll()
            try await group.waitForAll()
        }

        // Then: the start delay, the failure logged, the retry delay, then the batch and the empty one
        XCTAssertEqual(waits.all, [.seconds(1), .seconds(60)])
        XCTAssert(logs.text.contains("Linking orders to customers failed"), logs.text)
        let customers = try await CustomersMemStore(database: database).fetchCustomers(matching: "", after: nil, limit: 10)
        XCTAssertEqual(customers.map(\.name), ["Amy Apple"])
    }
}

/// The waits a service asked for, in order.
private final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var durations: [Duration] = []

    var all: [Duration] { lock.withLock { durations } }
    func note(_ duration: Duration) { lock.withLock { durations.append(duration) } }
}
