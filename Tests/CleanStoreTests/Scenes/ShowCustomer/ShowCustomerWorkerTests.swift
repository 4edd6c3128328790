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

    func testAMergedCustomerComesWithTheCustomerItWasMergedInto() async throws {
        // Given: two Janes, the second merged into the first
        let orders = [
            CustomerSeeds.order("Jane", "Doe", phone: "", email: "jane@example.com"),
            CustomerSeeds.order("Jane", "Doe", phone: "", email: "jdoe@example.net", day: 1),
        ]
        let store = CustomersMemStore(database: MemoryAppDatabase(orders: orders))
        _ = try await store.linkOrders(limit: 10, at: CustomerSeeds.now)
        let first = try await store.fetchCustomer(id: 1)
        let survivor = try XCTUnwrap(first)
        _ = try await store.mergeCustomers(survivor, merging: 2, mergedVersion: 1, by: CustomerSeeds.sue, at: CustomerSeeds.now)
        let sut = ShowCustomerWorker(customers: store, logger: TestStores.silentLogger)

        // When
        let merged = try await sut.fetchCustomer(id: 2)
        let kept = try await sut.fetchCustomer(id: 1)

        // Then
        XCTAssertEqual(merged?.survivor?.id, 1)
        XCTAssertEqual(merged?.orders, [], "their orders are the survivor's")
        XCTAssertEqual(merged?.history.map(\.kind), [.mergedInto, .fromOrders])
        XCTAssertNil(kept?.survivor)
        XCTAssertEqual(kept?.orders.map(\.id), ["2", "1"])
    }
}
