import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The worker asks the customers' store, on the memory store: the customer and their orders, then
/// the erasure at the worker's clock.
final class EraseCustomerWorkerTests: XCTestCase {
    let now = CustomerSeeds.now

    func testItFindsTheCustomerAndTheirOrdersAndErasesThroughTheStore() async throws {
        let database = MemoryAppDatabase()
        let orders = OrdersMemStore(database: database)
        let customers = CustomersMemStore(database: database)
        let log = LogCapture()
        let sut = EraseCustomerWorker(customers: customers, logger: log.logger(), now: { CustomerSeeds.now })
        let order = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com")
        _ = try await orders.createOrder(orderToCreate: order, by: nil, at: order.date)
        _ = try await customers.linkOrders(limit: 10, at: now)
        let jane = try await customers.fetchCustomers(matching: "doe", after: nil, limit: 1)[0]

        let subject = try await sut.fetchSubject(id: jane.id!)
        XCTAssertEqual(subject, EraseCustomer.Subject(customer: jane, orders: 1))
        let none = try await sut.fetchSubject(id: 99)
        XCTAssertNil(none)

        let erasure = try await sut.erase(id: jane.id!, version: jane.version, by: CustomerSeeds.sue)
        XCTAssertEqual(erasure.customer.firstName, "Erased")
        XCTAssertEqual(erasure.customer.updatedAt, now, "at the worker's clock")
        XCTAssertEqual(erasure.customer.updatedBy, CustomerSeeds.sue)
        XCTAssertEqual(erasure.orders, 1)
        XCTAssert(log.text.contains("Personal data erased"), log.text)
        for value in ["Jane", "Doe", "555", "jane@"] { XCTAssertFalse(log.text.contains(value), "The log holds no erased value: \(log.text)") }
    }

    func testAStoreThatCannotBeReachedIsPassedOn() async {
        let sut = EraseCustomerWorker(
            customers: FlakyCustomersStore(store: CustomersMemStore(), failures: 0), logger: TestStores.silentLogger, now: { CustomerSeeds.now })
        do {
            _ = try await sut.erase(id: 1, version: 1, by: nil)
            XCTFail("erased in a store that cannot be reached")
        } catch {
            XCTAssertEqual(error, .unavailable("The customers' database cannot be reached"))
        }
        do {
            _ = try await sut.fetchSubject(id: 1)
            XCTFail("found a customer in a store that cannot be reached")
        } catch {
            XCTAssertEqual(error, .unavailable("The customers' database cannot be reached"))
        }
    }
}
