import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowCustomerWorkerTests: XCTestCase {
    func testFetchCustomerShouldGiveTheCustomerTheirNewestOrdersTheirFiguresAndHistory() async throws {
        // Given: Jane's three orders, linked to her; a page of two
        let orders = (0..<3).map { CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com", day: $0) }
        let store = CustomersMemStore(database: MemoryAppDatabase(orders: orders))
        _ = try await store.linkOrders(limit: 10, at: CustomerSeeds.now)
        let sut = ShowCustomerWorker(customers: store, logger: TestStores.silentLogger, orderLimit: 2)

        // When
        let fetched = try await sut.fetchCustomer(id: 1)
        let found = try XCTUnwrap(fetched)
        let none = try await sut.fetchCustomer(id: 2)

        // Then
        XCTAssertEqual(found.customer.name, "Jane Doe")
        XCTAssertEqual(found.orders.map(\.id), ["3", "2"], "Newest first, at most two")
        XCTAssertEqual(found.summary?.count, 3, "All of them counted")
        XCTAssertEqual(found.history.map(\.kind), [.fromOrders])
        XCTAssertNil(none)
    }
}
