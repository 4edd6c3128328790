import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Merging two customers through the real router and middleware (`MergeCustomers`): every page
/// state compared with its reference in `__Snapshots__/CustomerPagesHTTPTests/` (read by the
/// browser tests' axe and Nu checks) and checked by libxml2; who may merge; what a merge leaves.
final class CustomerMergeHTTPTests: XCTestCase {
    /// Customer 1: Jane Doe (version 2), with two orders (`CustomerPagesHTTPTests.makeApp`'s); 2 Bob;
    /// 3 José; 4 another Jane Doe (version 1), with one order, another email, city and note.
    func makeApp(role: AccountRole = .supervisor) async throws -> TestApp {
        let app = try await CustomerPagesHTTPTests.makeApp(role: role)
        var other = CustomerSeeds.order("Jane", "Doe", phone: "", email: "jdoe@example.net", street: "9 Elm St", day: 3)
        other.shipmentAddress.city = "Oakland"
        other.billingAddress = other.shipmentAddress
        _ = try await app.store.createOrder(orderToCreate: other, by: nil, at: other.date)
        var jane = CustomerSeeds.jane
        jane.phone = ""
        jane.email = "jdoe@example.net"
        jane.shippingAddress = other.shipmentAddress
        jane.billingAddress = other.billingAddress
        jane.note = "Rings twice"
        _ = try await app.environment.customers.createCustomer(jane, by: testAccount.name, at: Seeds.june29.addingTimeInterval(-86_400))
        // Her order joins her (the same name and email), changing nothing of hers.
        let linked = try await app.environment.customers.linkOrders(limit: 10, at: CustomerSeeds.now)
        XCTAssertEqual(linked, 1)
        let stored = try await app.environment.customers.fetchCustomer(id: 4)
        XCTAssertEqual(stored?.version, 1)
        return app
    }

    func assertPage(
        _ name: String, _ uri: String, form: String? = nil, cookie: String? = nil, status: HTTPResponse.Status, app: TestApp,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await app.test { client in
            if let form { return try await client.post(uri, form: form) }
            return try await client.get(uri, cookie: cookie)
        }
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__/CustomerPagesHTTPTests").path
        if let failure = verifySnapshot(
            of: response.text, as: .lines, named: name, snapshotDirectory: folder, file: file, testName: "page", line: line)
        {
            XCTFail(failure, file: file, line: line)
        }
    }

    // MARK: Snapshots

    func testThePickPagesStates() async throws {
        let app = try await makeApp()
        try await assertPage("merge-pick", "/customers/1/merge", status: .ok, app: app)
        try await assertPage("merge-pick-results", "/customers/1/merge?q=jane", status: .ok, app: app)
        try await assertPage("merge-pick-no-match", "/customers/1/merge?q=zed", status: .ok, app: app)
    }

    func testThePreviewAndItsConflict() async throws {
        let app = try await makeApp()
        try await assertPage("merge-preview", "/customers/1/merge/4", status: .ok, app: app)
        // Opened when Jane (4) was at version 0: someone changed her since.
        try await assertPage(
            "merge-preview-conflict", "/customers/1/merge/4", form: "version=2&otherVersion=0&email=take&note=keep", status: .conflict, app: app)
        let stored = try await app.environment.customers.fetchCustomer(id: 4)
        XCTAssertNil(stored?.mergedInto, "Nothing merged")
    }

    func testAMergeGoesToTheSurvivorAndTheMergedOnesPageLinksThere() async throws {
        let app = try await makeApp()
        let merged = try await app.test { client in
            try await client.post("/customers/1/merge/4", form: "version=2&otherVersion=1&email=take&note=keep&shipping=take")
        }
        XCTAssertEqual(merged.status, .seeOther)
        XCTAssertEqual(merged.headers[.location], "/customers/1")
        let flash = "Jane Doe (customer 4) was merged into Jane Doe, with their orders"
        XCTAssert(merged.headers[values: .setCookie].contains { $0.hasPrefix(flashCookie(flash)) }, "The flash says so")
        try await assertPage("customer-after-merge", "/customers/1", cookie: flashCookie(flash), status: .ok, app: app)
        try await assertPage("customer-merged", "/customers/4", status: .ok, app: app)
        try await assertPage("merge-of-a-merged-customer", "/customers/4/merge", status: .conflict, app: app)

        let survivor = try await app.environment.customers.fetchCustomer(id: 1)
        XCTAssertEqual(survivor?.email, "jdoe@example.net")
        XCTAssertEqual(survivor?.shippingAddress.city, "Oakland")
        XCTAssertEqual(survivor?.note, "Call after 5 pm <not before>")
        let orders = try await app.environment.customers.fetchOrders(customerID: 1, limit: 10)
        XCTAssertEqual(orders.count, 3, "Jane's two and the other Jane's one")
        let found = try await app.environment.customers.fetchCustomers(matching: "jane", after: nil, limit: 10)
        XCTAssertEqual(found.map(\.id), [1], "The merged one is found no more")
        // Merged again from the same page: the merged one's 409, nothing changed
        let again = try await app.test { client in
            try await client.post("/customers/1/merge/4", form: "version=3&otherVersion=2")
        }
        XCTAssertEqual(again.status, .conflict)
        XCTAssert(again.text.contains("<h1>Jane Doe was merged into another customer</h1>"))
    }

    // MARK: Who may merge, and bad input

    func testClerksAndViewersMayNotMergeNorAreOfferedTo() async throws {
        for role in [AccountRole.clerk, .viewer] {
            let app = try await makeApp(role: role)
            try await app.test { client in
                for uri in ["/customers/1/merge", "/customers/1/merge/4"] {
                    let page = try await client.get(uri)
                    XCTAssertEqual(page.status, .forbidden, "\(role) \(uri)")
                }
                let posted = try await client.post("/customers/1/merge/4", form: "version=2&otherVersion=1")
                XCTAssertEqual(posted.status, .forbidden, "\(role)")
                let customer = try await client.get("/customers/1")
                XCTAssertFalse(customer.text.contains("/customers/1/merge"), "\(role): not offered")
            }
            let stored = try await app.environment.customers.fetchCustomer(id: 4)
            XCTAssertNil(stored?.mergedInto, "\(role): nothing merged")
        }
        let supervisor = try await makeApp()
        let page = try await supervisor.test { client in try await client.get("/customers/1") }
        XCTAssert(page.text.contains(#"<a href="/customers/1/merge">Merge with another customer"#), "Offered to a supervisor")
    }

    func testNoSuchCustomerIsA404AndAFormNoPreviewPostsA400() async throws {
        let app = try await makeApp()
        try await app.test { client in
            for uri in ["/customers/99/merge", "/customers/x/merge", "/customers/1/merge/1", "/customers/1/merge/99", "/customers/99/merge/1"] {
                let page = try await client.get(uri)
                XCTAssertEqual(page.status, .notFound, uri)
            }
            let itself = try await client.post("/customers/1/merge/1", form: "version=2&otherVersion=2")
            XCTAssertEqual(itself.status, .notFound)
            for form in ["version=2", "version=2&otherVersion=one", "version=2&otherVersion=1&name=both", "version=2&otherVersion=1&note=%00"] {
                let posted = try await client.post("/customers/1/merge/4", form: form)
                XCTAssertEqual(posted.status, .badRequest, form)
            }
        }
        let stored = try await app.environment.customers.fetchCustomer(id: 4)
        XCTAssertNil(stored?.mergedInto, "Nothing merged")
    }
}
