import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `CustomersFromOrders.plan`, the rule of a batch of the linking in plain Swift (the PostgreSQL
/// store writes a batch from it in a few set-based statements): its answers are those of deciding
/// and writing one order at a time, as the memory store does.
final class CustomersFromOrdersPlanTests: XCTestCase {
    let later = CustomerSeeds.now.addingTimeInterval(60)

    func testAPlannedBatchAnswersAsDecidingOneOrderAtATime() async throws {
        let database = MemoryAppDatabase()
        let orders = OrdersMemStore(database: database)
        let customers = CustomersMemStore(database: database)
        let jane = try await customers.createCustomer(CustomerSeeds.jane, by: nil, at: CustomerSeeds.now)  // customer 1
        let seeded: [Order] = [
            CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com", street: "1 Old St"),  // Jane, stored
            CustomerSeeds.order("JANE", "DOE", phone: "", email: "Jane@Example.com", day: 1),  // Jane again: changed twice
            CustomerSeeds.order("José", "Núñez", phone: "212 555 0199", email: "", day: 2),  // José, new
            CustomerSeeds.order("Jose", "Nunez", phone: "2125550199", email: "jose@example.com", day: 3),  // José, made and joined
            CustomerSeeds.order("Jose", "Nunez", phone: "2125550199", email: "other@example.com", day: 4),  // another email: new
            CustomerSeeds.order("Ann", "Lee", phone: "", email: "", day: 5),  // nothing to decide by: new
            CustomerSeeds.order("Ann", "Lee", phone: "", email: "", day: 6),  // and apart
        ]
        var contacts: [CustomersFromOrders.OrderContact] = []
        for order in seeded {
            let saved = try await orders.createOrder(orderToCreate: order, by: nil, at: order.date)
            contacts.append(
                CustomersFromOrders.OrderContact(
                    orderID: try XCTUnwrap(OrderID.rowID(saved.id ?? "")), date: order.date, firstName: order.firstName,
                    lastName: order.lastName, phone: order.phone, email: order.email, shipping: order.shipmentAddress,
                    billing: order.billingAddress))
        }

        let batch = CustomersFromOrders.plan(contacts, among: [jane], at: later)
        let linked = try await customers.linkOrders(limit: 100, at: later)
        XCTAssertEqual(linked, seeded.count)

        // The memory store numbered its new customers 2, 3, … in the order it made them: the plan's -1, -2, …
        func real(_ id: Int64) -> Int64 { id < 0 ? 1 - id : id }
        for link in batch.links {
            let order = try await orders.fetchOrder(id: String(link.orderID))
            XCTAssertEqual(order?.customerID, real(link.customerID), "order \(link.orderID)")
        }
        XCTAssertEqual(batch.created.count, 4)
        for var created in batch.created {
            created.id = real(created.id ?? 0)
            let stored = try await customers.fetchCustomer(id: created.id ?? 0)
            XCTAssertEqual(stored, created)
        }
        let storedJane = try await customers.fetchCustomer(id: 1)
        XCTAssertEqual(batch.changed, [CustomersFromOrders.Batch.Change(stored: jane, saved: try XCTUnwrap(storedJane))], "Saved once, from version 1")
        XCTAssertEqual(storedJane?.version, 3, "Two orders changed her")
        for id in Int64(1)...5 {
            let history = try await customers.fetchHistory(customerID: id)
            let planned = batch.events.filter { real($0.customerID) == id }.map {
                CustomerEvent(customerID: id, kind: $0.kind, by: $0.by, at: $0.at, changes: $0.changes)
            }
            XCTAssertEqual(history.filter { $0.kind == .fromOrders }, planned.reversed(), "customer \(id)'s history, newest first")
        }
    }
}
