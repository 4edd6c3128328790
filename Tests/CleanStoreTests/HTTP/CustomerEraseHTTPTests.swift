import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Erasing a customer's personal data through the real router and middleware (`EraseCustomer`):
/// every page state compared with its reference in `__Snapshots__/CustomerPagesHTTPTests/` (read
/// by the browser tests' axe and Nu checks) and checked by libxml2; who may erase; what is left.
final class CustomerEraseHTTPTests: XCTestCase {
    /// Customer 1: Jane Doe (version 2), with orders 1 and 3 (`CustomerPagesHTTPTests.makeApp`'s); 2 Bob; 3 José.
    func makeApp(role: AccountRole = .supervisor) async throws -> TestApp {
        try await CustomerPagesHTTPTests.makeApp(role: role)
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

    func testTheConfirmationPagesStatesEraseNothing() async throws {
        let app = try await makeApp()
        try await assertPage("erase-form", "/customers/1/erase", status: .ok, app: app)
        try await assertPage("erase-wrong-name", "/customers/1/erase", form: "version=2&name=jane", status: .unprocessableContent, app: app)
        // Opened at version 1: someone changed her since.
        try await assertPage("erase-conflict", "/customers/1/erase", form: "version=1&name=Jane+Doe", status: .conflict, app: app)
        let stored = try await app.environment.customers.fetchCustomer(id: 1)
        XCTAssertEqual(stored?.name, "Jane Doe", "Nothing erased")
        XCTAssertEqual(stored?.version, 2)
    }

    func testAnErasureGoesToTheCustomerSayingSoAndLeavesNoValueOnAnyPage() async throws {
        let app = try await makeApp()
        let erased = try await app.test { client in try await client.post("/customers/1/erase", form: "version=2&name=Jane+Doe") }
        XCTAssertEqual(erased.status, .seeOther)
        XCTAssertEqual(erased.headers[.location], "/customers/1")
        let flash = "Personal data erased from this customer, 2 orders and 0 drafts"
        XCTAssert(erased.headers[values: .setCookie].contains { $0.hasPrefix(flashCookie(flash)) }, "The flash says so")
        try await assertPage("customer-after-erase", "/customers/1", cookie: flashCookie(flash), status: .ok, app: app)

        try await app.test { client in
            for uri in ["/customers/1", "/orders/1", "/orders/1/history", "/orders/3", "/orders/1/slip", "/orders?q=doe", "/customers?q=jane"] {
                let page = try await client.get(uri)
                XCTAssertEqual(page.status, .ok, uri)
                for value in ["Jane", "555-0100", "jane@example.com", "12 Main St", "1111"] {
                    XCTAssertFalse(page.text.contains(value), "\(uri) holds \(value)")
                }
            }
            let order = try await client.get("/orders/1")
            XCTAssert(order.text.contains("••••"), "The card's last four are gone")
            XCTAssert(order.text.contains("Erased"))
            let history = try await client.get("/orders/1/history")
            XCTAssert(history.text.contains("Personal data"), "The order's history records it")
            let bob = try await client.get("/orders/2")
            XCTAssert(bob.text.contains("Bob"), "Someone else's order is untouched")
        }
        let found = try await app.environment.customers.fetchCustomers(matching: "jane", after: nil, limit: 5)
        XCTAssertEqual(found, [], "No search finds her")
    }

    // MARK: Who may erase, and bad input

    func testClerksAndViewersMayNotEraseNorAreOfferedTo() async throws {
        for role in [AccountRole.clerk, .viewer] {
            let app = try await makeApp(role: role)
            try await app.test { client in
                let page = try await client.get("/customers/1/erase")
                XCTAssertEqual(page.status, .forbidden, "\(role)")
                let posted = try await client.post("/customers/1/erase", form: "version=2&name=Jane+Doe")
                XCTAssertEqual(posted.status, .forbidden, "\(role)")
                let customer = try await client.get("/customers/1")
                XCTAssertFalse(customer.text.contains("/customers/1/erase"), "\(role): not offered")
            }
            let stored = try await app.environment.customers.fetchCustomer(id: 1)
            XCTAssertEqual(stored?.name, "Jane Doe", "\(role): nothing erased")
        }
        let supervisor = try await makeApp()
        let page = try await supervisor.test { client in try await client.get("/customers/1") }
        XCTAssert(page.text.contains(#"<a href="/customers/1/erase">Erase personal data"#), "Offered to a supervisor")
    }

    func testNoSuchCustomerIsA404AndAFormNoPagePostsA400() async throws {
        let app = try await makeApp()
        try await app.test { client in
            for uri in ["/customers/99/erase", "/customers/x/erase"] {
                let page = try await client.get(uri)
                XCTAssertEqual(page.status, .notFound, uri)
                let posted = try await client.post(uri, form: "version=1&name=Jane+Doe")
                XCTAssertEqual(posted.status, .notFound, uri)
            }
            for form in ["name=Jane+Doe", "version=two&name=Jane+Doe", "version=2&name=Jane%00Doe"] {
                let posted = try await client.post("/customers/1/erase", form: form)
                XCTAssertEqual(posted.status, .badRequest, form)
            }
        }
        let stored = try await app.environment.customers.fetchCustomer(id: 1)
        XCTAssertEqual(stored?.name, "Jane Doe", "Nothing erased")
    }
}
