import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The worker asks the customers' store, on the memory store: what it finds, counts and merges.
final class MergeCustomersWorkerTests: XCTestCase {
    let now = CustomerSeeds.now

    func testItFindsCountsAndMergesThroughTheStore() async throws {
        let database = MemoryAppDatabase()
        let orders = OrdersMemStore(database: database)
        let customers = CustomersMemStore(database: database)
        let sut = MergeCustomersWorker(customers: customers, logger: TestStores.silentLogger, now: { CustomerSeeds.now })
        for day in 0..<2 {
            let order = CustomerSeeds.order("Jane", "Doe", phone: "", email: day == 0 ? "jane@example.com" : "jdoe@example.net", day: day)
            _ = try await orders.createOrder(orderToCreate: order, by: nil, at: order.date)
        }
        _ = try await customers.linkOrders(limit: 10, at: now)

        let found = try await sut.search("doe", limit: 5)
        XCTAssertEqual(found.map(\.email), ["jane@example.com", "jdoe@example.net"])
        let first = try await sut.fetchCustomer(id: found[0].id!)
        XCTAssertEqual(first, found[0])
        let none = try await sut.fetchCustomer(id: 99)
        XCTAssertNil(none)
        let count = try await sut.orderCount(customerID: found[1].id!)
        XCTAssertEqual(count, 1)
        let noOrders = try await sut.orderCount(customerID: 99)
        XCTAssertEqual(noOrders, 0)

        let merge = try await sut.merge(found[0], merging: found[1].id!, otherVersion: found[1].version, by: CustomerSeeds.sue)
        XCTAssertEqual(merge.merged.mergedInto, found[0].id)
        XCTAssertEqual(merge.survivor.updatedAt, now, "at the worker's clock")
        XCTAssertEqual(merge.survivor.updatedBy, CustomerSeeds.sue)
        let merged = try await sut.orderCount(customerID: found[0].id!)
        XCTAssertEqual(merged, 2)
    }

    func testAStoreThatCannotBeReachedIsPassedOn() async {
        let sut = MergeCustomersWorker(
            customers: FlakyCustomersStore(store: CustomersMemStore(), failures: 0), logger: TestStores.silentLogger, now: { CustomerSeeds.now })
        do {
            _ = try await sut.search("doe", limit: 5)
            XCTFail("found customers in a store that cannot be reached")
        } catch {
            XCTAssertEqual(error, .unavailable("The customers' database cannot be reached"))
        }
    }
}
