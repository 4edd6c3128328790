import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListCustomersWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListCustomersWorker!
    var store: CustomersMemStore!
    var made: [Customer] = []

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        // Jane's one order, linked to her
        let database = MemoryAppDatabase(orders: [CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com")])
        store = CustomersMemStore(database: database)
        _ = try await store.linkOrders(limit: 10, at: CustomerSeeds.now)
        for customer in [CustomerSeeds.jose, CustomerSeeds.ann] {
            _ = try await store.createCustomer(customer, by: nil, at: CustomerSeeds.now)
        }
        made = try await store.fetchCustomers(matching: "", after: nil, limit: 10)
        sut = ListCustomersWorker(customers: store, logger: TestStores.silentLogger, pageSize: 2)
    }

    // MARK: Tests

    func testFetchPageShouldSayWhetherThereArePagesOnEitherSideWithEachOnesLastOrder() async throws {
        XCTAssertEqual(made.map(\.lastName), ["Doe", "Lee", "Núñez"])
        let first = try await sut.fetchPage(text: "", after: nil, before: nil)
        XCTAssertEqual(first.customers, Array(made.prefix(2)))
        XCTAssertEqual([first.hasPrevious, first.hasNext], [false, true])
        XCTAssertEqual(first.summaries.keys.sorted(), [made[0].id!], "Jane has an order; Ann none")
        XCTAssertEqual(first.summaries[made[0].id!]?.last.id, "1")
        let second = try await sut.fetchPage(text: "", after: made[1].id, before: nil)
        XCTAssertEqual(second.customers, [made[2]])
        XCTAssertEqual([second.hasPrevious, second.hasNext], [true, false])
        let back = try await sut.fetchPage(text: "", after: nil, before: made[2].id)
        XCTAssertEqual(back, first)
        let gone = try await sut.fetchPage(text: "", after: 999, before: nil)
        XCTAssertEqual(gone, first, "A customer no longer there: the first page")
        let none = try await sut.fetchPage(text: "nothing", after: nil, before: nil)
        XCTAssertEqual(none, ListCustomersWorker.Page(customers: [], summaries: [:], hasPrevious: false, hasNext: false))
    }
}
