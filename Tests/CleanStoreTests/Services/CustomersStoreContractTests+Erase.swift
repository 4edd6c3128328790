import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A customer with everything an erasure must reach, on any store: two orders (one edited, its
/// old phone in its history; one cancelled with her name in the reason; a note naming her, her
/// phone and email), a draft copied from her, a bulk move naming her, her own edit in her history,
/// and a second record of her merged into her. Ann Lee's order is someone else's.
enum ErasureSeeds {
    static let now = CustomerSeeds.now
    static let sue = CustomerSeeds.sue
    static let first = "Zelda"
    static let last = "Quixotica"
    static let phone = "(415) 555-0142"
    static let phoneDigits = "4155550142"
    static let oldPhone = "415-555-0177"
    static let email = "zelda.q@example.com"
    static let street = "77 Larkspur Lane"
    static let merged = "zq@example.net"
    /// Every value an erasure must leave nowhere.
    static let values = [first, last, phone, phoneDigits, oldPhone, "4155550177", email, street, merged]

    struct Seeded {
        var customer: Customer
        var mergedID: Int64
        var orders: [String]
        var other: String
        var draft: String
        var batch: String
        var before: [Order]
    }

    static func seed(_ stores: CustomerStores.Pair) async throws -> Seeded {
        let name = stores.name
        let first = CustomerSeeds.order(Self.first, last, phone: oldPhone, email: email, street: street)
        let second = CustomerSeeds.order(Self.first, last, phone: phone, email: email, street: street, day: 1)
        let other = CustomerSeeds.order("Ann", "Lee", phone: "(212) 555-0100", email: "ann@example.org", street: "1 Broadway", day: 2)
        var orders: [Order] = []
        for order in [first, second, other] { orders.append(try await stores.orders.createOrder(orderToCreate: order, by: nil, at: order.date)) }
        var edited = orders[0]
        edited.phone = phone
        orders[0] = try await stores.orders.updateOrder(orderToUpdate: edited, timeZone: TimeZone(identifier: "UTC")!, by: sue, at: now)
        let reason = "\(Self.first) \(last) called: changed her mind"
        orders[1] = try await stores.orders.changeStatus(
            id: orders[1].id!, to: .cancelled, expectedVersion: orders[1].version, reason: reason, by: sue, at: now)
        _ = try await stores.notes!.addNote(
            orderID: orders[0].id!, text: "Ring \(Self.first) on 415.555.0142 or write to \(email.uppercased()) first", by: sue, at: now)
        _ = try await stores.customers.linkOrders(limit: 10, at: now)
        let found = try await stores.customers.fetchCustomers(matching: email, after: nil, limit: 5)
        XCTAssertEqual(found.count, 1, name)
        var customer = try XCTUnwrap(found.first, name)
        customer.note = "Ask for \(Self.first); phone \(phone)"
        customer = try await stores.customers.updateCustomer(customer, by: sue, at: now)
        var twin = customer
        twin.id = nil
        twin.email = merged
        twin.note = ""
        twin = try await stores.customers.createCustomer(twin, by: sue, at: now)
        let merge = try await stores.customers.mergeCustomers(customer, merging: twin.id!, mergedVersion: twin.version, by: sue, at: now)
        customer = merge.survivor
        var draft = try await stores.drafts!.createDraft(by: sue, at: now)
        draft = try await stores.drafts!.updateDraft(ref: draft.ref, change: .useCustomer(customer), by: sue, at: now)
        guard case .begun(let begun) = try await stores.bulk!.begin(
            BulkBatch(key: "erase-\(name)", action: .markPaid, by: sue, at: now, selected: 2))
        else { throw CustomersStoreError.unavailable("\(name): a new batch key was not begun") }
        let batch = try XCTUnwrap(begun.id)
        try await stores.bulk!.record(BulkBatch.Move(orderID: orders[0].id!, customer: "\(Self.first) \(last)", outcome: .failed), inBatch: batch)
        try await stores.bulk!.record(BulkBatch.Move(orderID: orders[2].id!, customer: "Ann Lee", outcome: .failed), inBatch: batch)
        _ = try await stores.savedViews!.addView(accountKey: "sam", name: "Calls from \(Self.first)", query: "q=Zelda+Quixotica&status=new")
        _ = try await stores.savedViews!.addView(accountKey: "sam", name: "Her phone", query: "q=%28415%29+555-0142")
        _ = try await stores.savedViews!.addView(accountKey: "sam", name: "Paid", query: "status=paid")
        var before: [Order] = []
        for order in orders { before.append(try await XCTUnwrapAsync(await stores.orders.fetchOrder(id: order.id!))) }
        return Seeded(
            customer: customer, mergedID: twin.id!, orders: [orders[0].id!, orders[1].id!], other: orders[2].id!, draft: draft.ref,
            batch: batch, before: before)
    }

    /// Whether `text` holds any of `values`, whatever the case.
    static func leaks(_ text: String) -> [String] {
        values.filter { text.localizedCaseInsensitiveContains($0) }
    }
}

func XCTUnwrapAsync<T>(_ value: T?, file: StaticString = #filePath, line: UInt = #line) throws -> T {
    try XCTUnwrap(value, file: file, line: line)
}

/// Erasing a customer's personal data, on every store: one transaction, version-checked, the whole
/// merge group, every order, draft, history, note and bulk move; totals and the rest kept.
extension CustomersStoreContractTests {
    /// After every seeded order's date.
    var erasedAt: Date { now.addingTimeInterval(3 * 86_400) }

    func testErasingReplacesEveryPersonalValueKeepsTheAccountsAndRecordsItWithNoValue() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let seeded = try await ErasureSeeds.seed(stores)
            let id = try XCTUnwrap(seeded.customer.id)

            let erasure = try await stores.customers.eraseCustomer(id: id, version: seeded.customer.version, by: sue, at: erasedAt)

            XCTAssertEqual(erasure.customerIDs, [id, seeded.mergedID].sorted(), "\(name): the merged record too")
            XCTAssertEqual(erasure.orders, 2, name)
            XCTAssertEqual(erasure.drafts, 1, name)
            var expected = seeded.customer
            expected.firstName = "Erased"
            expected.lastName = ""
            expected.phone = "Erased"
            expected.email = "Erased"
            expected.shippingAddress = Address(street1: "Erased", city: "Erased", state: "Erased", zip: "Erased")
            expected.billingAddress = expected.shippingAddress
            expected.note = "Ask for Erased; phone Erased"
            expected.version = seeded.customer.version + 1
            expected.updatedAt = erasedAt
            expected.updatedBy = sue
            XCTAssertEqual(erasure.customer, expected, name)
            let fetched = try await stores.customers.fetchCustomer(id: id)
            XCTAssertEqual(fetched, expected, name)
            let twin = try await stores.customers.fetchCustomer(id: seeded.mergedID)
            XCTAssertEqual(twin?.email, "Erased", name)
            XCTAssertEqual(twin?.mergedInto, id, "\(name): still merged")

            for (index, orderID) in seeded.orders.enumerated() {
                let order = try await XCTUnwrapAsync(await stores.orders.fetchOrder(id: orderID))
                let before = seeded.before[index]
                XCTAssertEqual([order.firstName, order.lastName, order.phone, order.email], ["Erased", "", "Erased", "Erased"], name)
                XCTAssertEqual(order.shipmentAddress, Address(street1: "Erased", city: "Erased", state: "Erased", zip: "Erased"), name)
                XCTAssertEqual(order.billingAddress, order.shipmentAddress, name)
                XCTAssertTrue(order.paymentMethod.isCardErased, "\(name): the card is gone")
                XCTAssertEqual(order.paymentMethod.expirationDate, before.paymentMethod.expirationDate, name)
                XCTAssertEqual(order.totals, before.totals, "\(name): totals and tax kept")
                XCTAssertEqual(order.status, before.status, name)
                XCTAssertEqual(order.lines, before.lines, name)
                XCTAssertEqual(order.customerID, id, name)
                XCTAssertEqual(order.version, before.version + 1, name)
                XCTAssertEqual(order.updatedBy, sue, name)
                let events = try await stores.events!.fetchEvents(orderID: orderID)
                XCTAssertEqual(
                    events.first,
                    OrderEvent(
                        orderID: orderID, kind: .updated, by: sue, at: erasedAt,
                        changes: [OrderChange(field: "Personal data", old: "", new: "Erased")]), "\(name): recorded with no value")
                for event in events {
                    let text = event.changes.map { "\($0.field) \($0.old) \($0.new)" }.joined(separator: " ") + (event.statusChange?.reason ?? "")
                    XCTAssertEqual(ErasureSeeds.leaks(text), [], "\(name): \(text)")
                }
            }
            let cancelled = try await XCTUnwrapAsync(await stores.orders.fetchOrder(id: seeded.orders[1]))
            XCTAssertEqual(cancelled.cancellationReason, "Erased called: changed her mind", name)
            let edit = try await stores.events!.fetchEvents(orderID: seeded.orders[0]).first { $0.changes.contains { $0.field == "Phone number" } }
            XCTAssertEqual(edit?.changes, [OrderChange(field: "Phone number", old: "Erased", new: "Erased")], name)
            let notes = try await stores.notes!.notes(forOrder: seeded.orders[0])
            XCTAssertEqual(notes.map(\.text), ["Ring Erased on Erased or write to Erased first"], "\(name): the note kept, her values out")

            let history = try await stores.customers.fetchHistory(customerID: id)
            XCTAssertEqual(history.first, CustomerEvent(customerID: id, kind: .erased, by: sue, at: erasedAt), name)
            for event in history + (try await stores.customers.fetchHistory(customerID: seeded.mergedID)) {
                let text = event.changes.map { "\($0.old) \($0.new)" }.joined(separator: " ")
                XCTAssertEqual(ErasureSeeds.leaks(text), [], "\(name): \(text)")
            }
            let merged = history.first { $0.kind == .merged }
            XCTAssertEqual(merged?.changes.first, OrderChange(field: "Merged with", old: "", new: "Erased (customer \(seeded.mergedID))"), name)

            let draft = try await XCTUnwrapAsync(await stores.drafts!.fetchDraft(ref: seeded.draft))
            XCTAssertEqual(draft.contact, Draft.Contact(firstName: "Erased", lastName: "", phone: "Erased", email: "Erased"), name)
            XCTAssertEqual(draft.shipmentAddress.street1, "Erased", name)
            let batch = try await XCTUnwrapAsync(await stores.bulk!.fetchBatch(id: seeded.batch))
            XCTAssertEqual(batch.moves.map(\.customer), ["Erased", "Ann Lee"], name)

            let views = try await stores.savedViews!.views(accountKey: "sam")
            XCTAssertEqual(views.map(\.name), ["Calls from Erased", "Her phone", "Paid"], name)
            XCTAssertEqual(views.map(\.query), ["q=Erased&status=new", "q=Erased", "status=paid"], name)

            // Someone else's order is untouched.
            let other = try await stores.orders.fetchOrder(id: seeded.other)
            XCTAssertEqual(other, seeded.before[2], name)

            // No search finds her any more.
            for text in [ErasureSeeds.first, ErasureSeeds.email, "555 0142", "4155550142", "Larkspur"] {
                let customers = try await stores.customers.fetchCustomers(matching: text, after: nil, limit: 5)
                XCTAssertEqual(customers, [], "\(name): customers by \(text)")
                var query = OrdersQuery()
                query.text = text
                let orders = try await stores.orders.fetchOrders(page: OrdersPageRequest(limit: 5, query: query)).orders
                XCTAssertEqual(orders.map(\.id), [], "\(name): orders by \(text)")
            }
        }
    }

    func testAnErasureOfAnotherVersionOrOfNoCustomerChangesNothing() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let seeded = try await ErasureSeeds.seed(stores)
            let id = try XCTUnwrap(seeded.customer.id)
            do {
                _ = try await stores.customers.eraseCustomer(id: id, version: seeded.customer.version - 1, by: sue, at: erasedAt)
                XCTFail("\(name): a stale version is refused")
            } catch {
                XCTAssertEqual(error, .conflict(current: seeded.customer), name)
            }
            do {
                _ = try await stores.customers.eraseCustomer(id: 9_999, version: 1, by: sue, at: erasedAt)
                XCTFail("\(name): no such customer")
            } catch {
                XCTAssertEqual(error, .notFound(id: 9_999), name)
            }
            let stored = try await stores.customers.fetchCustomer(id: id)
            XCTAssertEqual(stored, seeded.customer, name)
            let order = try await stores.orders.fetchOrder(id: seeded.orders[0])
            XCTAssertEqual(order, seeded.before[0], name)
            let history = try await stores.customers.fetchHistory(customerID: id)
            XCTAssertNotEqual(history.first?.kind, .erased, name)
        }
    }

    func testErasingAMergedRecordErasesTheCustomerItWasMergedInto() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            let seeded = try await ErasureSeeds.seed(stores)
            let twin = try await XCTUnwrapAsync(await stores.customers.fetchCustomer(id: seeded.mergedID))
            let erasure = try await stores.customers.eraseCustomer(id: seeded.mergedID, version: twin.version, by: sue, at: erasedAt)
            XCTAssertEqual(erasure.customerIDs, [seeded.customer.id!, seeded.mergedID].sorted(), name)
            XCTAssertEqual(erasure.orders, 2, name)
            let survivor = try await stores.customers.fetchCustomer(id: seeded.customer.id!)
            XCTAssertEqual(survivor?.firstName, "Erased", name)
        }
    }
}
