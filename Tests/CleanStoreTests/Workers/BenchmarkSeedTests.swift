import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `cleanstore seed N`'s work (`BenchmarkSeed`) on the memory, SQLite and PostgreSQL stores at
/// small N (the stores' batch write itself is in `OrdersStoreContractTests`).
final class BenchmarkSeedTests: TemporaryDirectoryTestCase {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func makeStores() async throws -> [(String, any OrdersStoreProtocol, String?)] {
        let path = directory.appendingPathComponent("seed-\(UUID().uuidString).sqlite").path
        return [
            ("memory", OrderStores(OrdersMemStore()), nil),
            ("SQLite", OrderStores(try OrdersSQLiteStore(path: path)), path),
            ("PostgreSQL", OrderStores(try await TestPostgres.makeStore(for: self)), nil),
        ]
    }

    func testTheNthOrderIsScriptsBenchsShape() {
        let order = BenchmarkSeed.order(41, of: 100, now: now)
        XCTAssertEqual(order.firstName, "Grace")  // 41 % 40 = 1
        XCTAssertEqual(order.lastName, "Hopper")  // 41 / 40 = 1
        XCTAssertEqual(order.phone, "415-555-0041")
        XCTAssertEqual(order.email, "customer1000041@example.com")
        XCTAssertEqual(order.shipmentAddress, Address(street1: "1000041 Main St", city: "San Francisco", state: "CA", zip: "94107"))
        XCTAssertEqual(order.billingAddress, order.shipmentAddress)
        XCTAssertEqual(order.shipmentMethod.speed, .twoDay)  // 41 % 3 = 2
        XCTAssertEqual(order.paymentMethod.creditCardNumber, BenchmarkSeed.cardNumber)
        XCTAssertEqual(order.date, now.addingTimeInterval(-59 - 60), "one second apart, the newest a minute before now")
        XCTAssertEqual(BenchmarkSeed.order(100, of: 100, now: now).date, now.addingTimeInterval(-60))
        XCTAssertEqual(BenchmarkSeed.order(12_345, of: 20_000, now: now).phone, "415-555-2345")
    }

    func testSeedsInBatchesNewestLastAndSearchable() async throws {
        for (name, store, _) in try await makeStores() {
            let counts = ProgressLog()
            let written = try await BenchmarkSeed(store: store, batchSize: 10).seed(45, now: now, force: false) { counts.add($0) }
            XCTAssertEqual(written, 45, name)
            XCTAssertEqual(counts.values, [10, 20, 30, 40, 45], "\(name): one batch at a time")
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders.count, 45, name)
            XCTAssertEqual(orders.first?.email, "customer1000045@example.com", "\(name): the last seeded is the newest")
            XCTAssertEqual(orders.last?.email, "customer1000001@example.com", name)
            XCTAssertEqual(Set(orders.compactMap(\.id)).count, 45, "\(name): each its own number")
            XCTAssertEqual(orders.first?.paymentMethod.creditCardNumber, BenchmarkSeed.cardNumber, "\(name): the card reads back")
            // The search columns are the store's own: scripts/bench's searched name finds its order.
            let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 50, query: OrdersQuery(text: "grace apple")))
            XCTAssertEqual(found.orders.map(\.email), ["customer1000001@example.com"], name)
            let events = try await (store as! OrderStores).fetchEvents(orderID: orders[0].id!)
            XCTAssertEqual(events.map(\.kind), [.created], name)
        }
    }

    /// A batch larger than one multi-row INSERT takes (PostgreSQL binds at most 65,535 values a
    /// statement, ~1,500 orders): every order written, and read back as the pages read it.
    func testABatchOfManyOrdersReadsBackAsTheListAndTheSearchReadThem() async throws {
        for (name, store, _) in try await makeStores() {
            let written = try await BenchmarkSeed(store: store, batchSize: 2_000).seed(4_100, now: now, force: false)
            XCTAssertEqual(written, 4_100, name)
            let count = try await store.countOrders(matching: .all, upTo: 10_000)
            XCTAssertEqual(count, 4_100, name)
            // The list's page opens no card: it shows the last four digits kept in clear.
            let page = try await store.fetchOrders(page: OrdersPageRequest(limit: 50, opensCards: false))
            XCTAssertEqual(page.orders.count, 50, name)
            XCTAssertEqual(page.orders.first?.email, "customer1004100@example.com", "\(name): the last seeded is the newest")
            XCTAssertEqual(Set(page.orders.map(\.paymentMethod.lastFourDigits)), ["1111"], name)
            XCTAssertTrue(page.orders.allSatisfy(\.paymentMethod.isLastFourOnly), "\(name): no card opened")
            // Numbered by the counter, in order, no gaps, across the batches and their statements.
            let ids = page.orders.compactMap { $0.id.flatMap(Int64.init) }
            XCTAssertEqual(ids, Array((ids.last!...ids.first!).reversed()), name)
            // The order page opens its card; an order of the second batch's second statement reads whole.
            let deep = try await store.fetchOrders(page: OrdersPageRequest(limit: 1, query: OrdersQuery(text: "customer1003900")))
            let id = try XCTUnwrap(deep.orders.first?.id, name)
            let stored = try await store.fetchOrder(id: id)
            XCTAssertEqual(stored?.paymentMethod.creditCardNumber, BenchmarkSeed.cardNumber, name)
            XCTAssertEqual(stored?.firstName, BenchmarkSeed.order(3_900, of: 4_100, now: now).firstName, name)
            // The search columns are the store's own: the searched name finds its orders, a pair of
            // names coming back every 4,000 orders.
            let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 50, query: OrdersQuery(text: "grace apple")))
            XCTAssertEqual(found.orders.map(\.email), ["customer1004001@example.com", "customer1000001@example.com"], name)
        }
    }

    func testRefusesAStoreThatHoldsOrdersUnlessForced() async throws {
        for (name, store, _) in try await makeStores() {
            _ = try await store.createOrder(orderToCreate: Seeds.Orders.amy)
            let seed = BenchmarkSeed(store: store, batchSize: 4)
            do {
                try await seed.seed(5, now: now, force: false)
                XCTFail("\(name): seeded beside a real order")
            } catch let refusal as BenchmarkSeed.Refusal {
                XCTAssertEqual(refusal, .holdsOrders(1), name)
                XCTAssert(refusal.description.contains("--force"), refusal.description)
            }
            let before = try await store.countOrders(matching: .all, upTo: 100)
            XCTAssertEqual(before, 1, "\(name): nothing written")
            try await seed.seed(5, now: now, force: true)
            let after = try await store.countOrders(matching: .all, upTo: 100)
            XCTAssertEqual(after, 6, name)
        }
    }

    func testRefusesANumberBelowOne() async throws {
        for (name, store, _) in try await makeStores() {
            do {
                try await BenchmarkSeed(store: store).seed(0, now: now, force: false)
                XCTFail(name)
            } catch let refusal as BenchmarkSeed.Refusal {
                XCTAssertEqual(refusal, .badCount(0), name)
            }
        }
    }

    func testTheSQLiteFileHoldsNoCardNumberInClear() async throws {
        for (name, store, path) in try await makeStores() {
            guard let path else { continue }
            try await BenchmarkSeed(store: store, batchSize: 7).seed(20, now: now, force: false)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            if let wal = FileManager.default.contents(atPath: path + "-wal") { bytes += wal }
            XCTAssertGreaterThan(bytes.count, 0, name)
            XCTAssertNil(bytes.range(of: Data(BenchmarkSeed.cardNumber.utf8)), "\(name): card numbers are encrypted at rest")
        }
    }
}

/// What `progress` was told, in order (it is called from the seeding task).
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var seen: [Int] = []
    func add(_ value: Int) { lock.withLock { seen.append(value) } }
    var values: [Int] { lock.withLock { seen } }
}
