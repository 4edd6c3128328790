import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every customers store (memory, SQLite, PostgreSQL): `CustomersStoreProtocol`.
final class CustomersStoreContractTests: TemporaryDirectoryTestCase {
    let now = CustomerSeeds.now
    let later = CustomerSeeds.now.addingTimeInterval(60)
    let sue = CustomerSeeds.sue

    func makeStores() async throws -> [CustomerStores.Pair] {
        try await CustomerStores.all(in: directory, for: self)
    }

    func testCreateKeepsEveryFieldAndRecordsIt() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let created = try await stores.customers.createCustomer(CustomerSeeds.jane, by: sue, at: now)
            var expected = CustomerSeeds.jane
            expected.id = created.id
            expected.createdBy = sue
            XCTAssertNotNil(created.id, name)
            XCTAssertEqual(created, expected, name)
            let fetched = try await stores.customers.fetchCustomer(id: created.id!)
            XCTAssertEqual(fetched, expected, name)
            let history = try await stores.customers.fetchHistory(customerID: created.id!)
            XCTAssertEqual(history, [CustomerEvent(customerID: created.id!, kind: .created, by: sue, at: now)], name)
            let none = try await stores.customers.fetchCustomer(id: 999)
            XCTAssertNil(none, name)
        }
    }

    /// The phone formats of issue 27 find the one customer; so does the end of the number.
    func testAPhoneInAnyFormatOrItsEndFindsTheCustomer() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let jane = try await stores.customers.createCustomer(CustomerSeeds.jane, by: sue, at: now)
            let jose = try await stores.customers.createCustomer(CustomerSeeds.jose, by: sue, at: now)
            _ = try await stores.customers.createCustomer(CustomerSeeds.ann, by: sue, at: now)
            for query in ["(415) 555 0100", "415-555-0100", "+1 415 555 0100", "4155550100", "1-415-555-0100", "555-0100", "0100"] {
                let found = try await stores.customers.fetchCustomers(matching: query, after: nil, limit: 10)
                XCTAssertEqual(found, [jane], "\(name): \(query)")
            }
            for query in ["(212) 555-0199", "212 555 0199", "+1 212 555 0199", "0199"] {
                let found = try await stores.customers.fetchCustomers(matching: query, after: nil, limit: 10)
                XCTAssertEqual(found, [jose], "\(name): \(query)")
            }
            for query in ["415-555-0101", "99 415 555 0100 7", "5550"] {
                let found = try await stores.customers.fetchCustomers(matching: query, after: nil, limit: 10)
                XCTAssertEqual(found, [], "\(name): \(query)")
            }
        }
    }

    func testEmailNameAndCityFindThemWhateverTheCaseAndAccents() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let jane = try await stores.customers.createCustomer(CustomerSeeds.jane, by: sue, at: now)
            let jose = try await stores.customers.createCustomer(CustomerSeeds.jose, by: sue, at: now)
            let ann = try await stores.customers.createCustomer(CustomerSeeds.ann, by: sue, at: now)
            let cases: [(String, [Customer])] = [
                ("jose.nunez@example.com", [jose]), ("NUNEZ", [jose]), ("josé núñez", [jose]), ("Nú", [jose]),
                ("jane doe", [jane]), ("san francisco", [jane]), ("example", [jane, ann, jose]), ("ann@example.org", [ann]),
                ("doe núñez", []), ("", [jane, ann, jose]),
            ]
            for (query, expected) in cases {
                let found = try await stores.customers.fetchCustomers(matching: query, after: nil, limit: 10)
                XCTAssertEqual(found, expected, "\(name): \(query)")
            }
        }
    }

    func testAnOrderNumberFindsTheCustomerOfThatOrder() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            _ = try await stores.orders.createOrder(orderToCreate: CustomerSeeds.order("Amy", "Apple", phone: "", email: ""), by: nil, at: now)
            let order = try await stores.orders.createOrder(
                orderToCreate: CustomerSeeds.order("Jane", "Doe", phone: "415-555-0100", email: "jane@example.com"), by: nil, at: now)
            let linked = try await stores.customers.linkOrders(limit: 10, at: now)
            XCTAssertEqual(linked, 2, name)
            let number = try XCTUnwrap(order.id)
            let byHash = try await stores.customers.fetchCustomers(matching: "#\(number)", after: nil, limit: 10)
            XCTAssertEqual(byHash.map(\.name), ["Jane Doe"], name)
            let bare = try await stores.customers.fetchCustomers(matching: number, after: nil, limit: 10)
            XCTAssertEqual(bare.map(\.name), ["Jane Doe"], name)
            let none = try await stores.customers.fetchCustomers(matching: "#999", after: nil, limit: 10)
            XCTAssertEqual(none, [], name)
        }
    }

    func testKeysetPagesGoForwardAndBackByNameThenID() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            var made: [Customer] = []
            for (first, last) in [("Zoë", "Adams"), ("Bea", "Núñez"), ("Al", "adams"), ("Al", "Adams"), ("Cy", "Nunez"), ("Di", "O'Brien")] {
                made.append(
                    try await stores.customers.createCustomer(
                        Customer(firstName: first, lastName: last, phone: "", email: "", createdAt: now), by: nil, at: now))
            }
            let expected = [made[2], made[3], made[0], made[1], made[4], made[5]]  // adams al (2, 3), adams zoe, nunez bea, nunez cy, obrien
            let first = try await stores.customers.fetchCustomers(matching: "", after: nil, limit: 4)
            XCTAssertEqual(first, Array(expected.prefix(4)), name)
            let second = try await stores.customers.fetchCustomers(matching: "", after: CustomersCursor(at: first[3]), limit: 4)
            XCTAssertEqual(second, Array(expected.suffix(2)), name)
            let back = try await stores.customers.fetchCustomers(matching: "", before: CustomersCursor(at: second[0]), limit: 3)
            XCTAssertEqual(back, Array(expected[1...3]), name)
            let searched = try await stores.customers.fetchCustomers(matching: "adams", after: CustomersCursor(at: made[2]), limit: 5)
            XCTAssertEqual(searched, [made[3], made[0]], name)
        }
    }

    func testAnUpdateIsVersionCheckedAndRecordsEachChange() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let jane = try await stores.customers.createCustomer(CustomerSeeds.jane, by: sue, at: now)
            var edit = jane
            edit.phone = "415-555-0199"
            edit.shippingAddress.street2 = "Apt 4"
            edit.note = ""
            let saved = try await stores.customers.updateCustomer(edit, by: nil, at: later)
            XCTAssertEqual(saved.version, 2, name)
            XCTAssertEqual(saved.updatedAt, later, name)
            XCTAssertNil(saved.updatedBy, name)
            XCTAssertEqual(saved.createdBy, sue, name)
            let fetched = try await stores.customers.fetchCustomer(id: jane.id!)
            XCTAssertEqual(fetched, saved, name)
            let byNewPhone = try await stores.customers.fetchCustomers(matching: "0199", after: nil, limit: 5)
            XCTAssertEqual(byNewPhone, [saved], "\(name): searched by what it is now")
            // The same stale page again: the conflict, with the customer as stored, nothing written
            var stale = edit
            stale.firstName = "Janet"
            do {
                _ = try await stores.customers.updateCustomer(stale, by: sue, at: later)
                XCTFail("\(name): a stale edit saved")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            let history = try await stores.customers.fetchHistory(customerID: jane.id!)
            XCTAssertEqual(
                history.first,
                CustomerEvent(
                    customerID: jane.id!, kind: .updated, by: nil, at: later,
                    changes: [
                        OrderChange(field: "Phone", old: "(415) 555-0100", new: "415-555-0199"),
                        OrderChange(
                            field: "Shipping address", old: "12 Main St, San Francisco, CA 94107",
                            new: "12 Main St, Apt 4, San Francisco, CA 94107"),
                        OrderChange(field: "Note", old: "Call after 5 pm", new: ""),
                    ]), name)
            XCTAssertEqual(history.map(\.kind), [.updated, .created], name)
            var ghost = jane
            ghost.id = 999
            do {
                _ = try await stores.customers.updateCustomer(ghost, by: sue, at: later)
                XCTFail("\(name): updated no customer")
            } catch {
                XCTAssertEqual(error, .notFound(id: 999), name)
            }
        }
    }

    /// No unique phone or email: a second Jane is saved, and each finds the other as a duplicate.
    func testTheSamePhoneOrEmailIsAllowedAndFoundAsADuplicate() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let jane = try await stores.customers.createCustomer(CustomerSeeds.jane, by: sue, at: now)
            let jose = try await stores.customers.createCustomer(CustomerSeeds.jose, by: sue, at: now)
            var household = CustomerSeeds.jane
            household.firstName = "John"
            household.phone = "+1 (415) 555-0100"
            household.email = ""
            let john = try await stores.customers.createCustomer(household, by: sue, at: now)
            XCTAssertNotEqual(john.id, jane.id, name)
            let ofJohn = try await stores.customers.fetchCustomers(sharingContactWith: john)
            XCTAssertEqual(ofJohn, [jane], "\(name): the same number, written otherwise")
            var newJose = CustomerSeeds.ann
            newJose.email = "  JOSE.nunez@example.com "
            let ofNew = try await stores.customers.fetchCustomers(sharingContactWith: newJose)
            XCTAssertEqual(ofNew, [jose], "\(name): the same email, whatever its case")
            let ofAnn = try await stores.customers.fetchCustomers(sharingContactWith: CustomerSeeds.ann)
            XCTAssertEqual(ofAnn, [], "\(name): no phone shares nothing")
            let both = try await stores.customers.fetchCustomers(matching: "415 555 0100", after: nil, limit: 5)
            XCTAssertEqual(both, [jane, john], name)
        }
    }

    /// Orders keyed before customers: grouped by email, then phone, never two names in one; what
    /// cannot be decided stays apart. Each order gets its customer; once done, it never runs again.
    func testLinkingOrdersMakesOneCustomerPerPersonInBatches() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let orders: [Order] = [
                CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com", street: "1 Old St"),  // 1: Jane
                CustomerSeeds.order("JANE", "DOE", phone: "", email: "Jane@Example.com", day: 1),  // 2: Jane, by email
                CustomerSeeds.order("Jane", "Doe", phone: "+1 415 555 0100", email: "", street: "12 Main St", day: 2),  // 3: Jane, by phone
                CustomerSeeds.order("John", "Doe", phone: "415-555-0100", email: "jane@example.com", day: 3),  // 4: John: another name
                CustomerSeeds.order("José", "Núñez", phone: "212 555 0199", email: "", day: 4),  // 5: José
                CustomerSeeds.order("Jose", "Nunez", phone: "2125550199", email: "jose@example.com", day: 5),  // 6: José by phone
                CustomerSeeds.order("Jose", "Nunez", phone: "2125550199", email: "other@example.com", day: 6),  // 7: another email
                CustomerSeeds.order("Ann", "Lee", phone: "", email: "", day: 7),  // 8: Ann
                CustomerSeeds.order("Ann", "Lee", phone: "", email: "", day: 8),  // 9: nothing to decide by: apart
            ]
            var ids: [String] = []
            for order in orders {
                ids.append(try await stores.orders.createOrder(orderToCreate: order, by: nil, at: order.date).id!)
            }
            let first = try await stores.customers.linkOrders(limit: 4, at: later)
            let second = try await stores.customers.linkOrders(limit: 4, at: later)
            let third = try await stores.customers.linkOrders(limit: 4, at: later)
            let done = try await stores.customers.linkOrders(limit: 4, at: later)
            XCTAssertEqual([first, second, third, done], [4, 4, 1, 0], name)
            // An order keyed after it finished is not linked: it ran once.
            _ = try await stores.orders.createOrder(orderToCreate: CustomerSeeds.order("Eve", "Ng", phone: "", email: ""), by: nil, at: now)
            let again = try await stores.customers.linkOrders(limit: 4, at: later)
            XCTAssertEqual(again, 0, name)

            let all = try await stores.customers.fetchCustomers(matching: "", after: nil, limit: 20)
            XCTAssertEqual(
                all.map { "\($0.name) \($0.phone) \($0.email) \($0.shippingAddress.street1)" },
                [
                    "Jane Doe +1 415 555 0100 Jane@Example.com 12 Main St",
                    "John Doe 415-555-0100 jane@example.com 12 Main St",
                    "Ann Lee   12 Main St",
                    "Ann Lee   12 Main St",
                    "José Núñez 2125550199 jose@example.com 12 Main St",
                    "Jose Nunez 2125550199 other@example.com 12 Main St",
                ], name)
            let jane = all[0]
            XCTAssertEqual(jane.createdAt, orders[0].date, "\(name): a customer since their first order")
            XCTAssertEqual(jane.version, 3, "\(name): two later orders brought it up to date")
            let history = try await stores.customers.fetchHistory(customerID: jane.id!)
            XCTAssertEqual(history.map(\.kind), [.fromOrders, .fromOrders, .fromOrders], name)
            XCTAssertEqual(history.last, CustomerEvent(customerID: jane.id!, kind: .fromOrders, by: nil, at: later), name)
            // Each order finds its customer by its number
            for (index, expected) in [0, 0, 0, 1, 4, 4, 5, 2, 3].enumerated() {
                let found = try await stores.customers.fetchCustomers(matching: "#\(ids[index])", after: nil, limit: 5)
                XCTAssertEqual(found, [all[expected]], "\(name): order \(index + 1)")
            }
        }
    }

    /// A customer's page: their orders newest first, and the figures of a list's customers.
    func testACustomersOrdersNewestFirstAndTheirCountSpendAndLastOrder() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            var ids: [String] = []
            for (index, person) in [("Jane", "jane@example.com"), ("Jane", "jane@example.com"), ("Bob", "bob@example.com"), ("Jane", "jane@example.com")].enumerated() {
                let order = CustomerSeeds.order(person.0, "Doe", phone: "", email: person.1, day: index)
                ids.append(try await stores.orders.createOrder(orderToCreate: order, by: nil, at: order.date).id!)
            }
            let cancelled = try await stores.orders.changeStatus(
                id: ids[3], to: .cancelled, expectedVersion: 1, reason: "Changed their mind", by: nil, at: now)
            _ = try await stores.customers.linkOrders(limit: 10, at: later)
            let customers = try await stores.customers.fetchCustomers(matching: "doe", after: nil, limit: 5)
            XCTAssertEqual(customers.map(\.firstName), ["Bob", "Jane"], name)
            let jane = try XCTUnwrap(customers.last?.id)
            let bob = try XCTUnwrap(customers.first?.id)
            let orders = try await stores.customers.fetchOrders(customerID: jane, limit: 10)
            let shipping = OrderTotal.shippingCents(for: .standard)
            XCTAssertEqual(
                orders,
                [
                    CustomerOrder(id: ids[3], date: cancelled.date, status: .cancelled, totalCents: shipping),
                    CustomerOrder(id: ids[1], date: CustomerSeeds.now.addingTimeInterval(86_400), status: .new, totalCents: shipping),
                    CustomerOrder(id: ids[0], date: CustomerSeeds.now, status: .new, totalCents: shipping),
                ], name)
            let two = try await stores.customers.fetchOrders(customerID: jane, limit: 2)
            XCTAssertEqual(two, Array(orders.prefix(2)), name)
            let summaries = try await stores.customers.fetchSummaries(customerIDs: [jane, bob, 999])
            XCTAssertEqual(
                summaries,
                [
                    jane: CustomerOrdersSummary(count: 3, spendCents: 2 * shipping, last: orders[0]),
                    bob: CustomerOrdersSummary(
                        count: 1, spendCents: shipping,
                        last: CustomerOrder(id: ids[2], date: CustomerSeeds.now.addingTimeInterval(2 * 86_400), status: .new, totalCents: shipping)),
                ], "\(name): cancelled orders are not spent; no orders, no summary")
            let none = try await stores.customers.fetchSummaries(customerIDs: [])
            XCTAssertEqual(none, [:], name)
        }
    }
}
