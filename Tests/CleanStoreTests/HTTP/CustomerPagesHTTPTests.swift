import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `GET /customers` and `GET /customers/{id}` through the real router and middleware: every page
/// state compared byte for byte with its reference in `__Snapshots__/CustomerPagesHTTPTests/` and
/// checked by libxml2 (as `PageSnapshotTests`), and who may read them.
final class CustomerPagesHTTPTests: XCTestCase {
    /// An app whose database holds Jane's two orders (one cancelled) and Bob's one, linked to
    /// customers 1 (Jane, edited once since) and 2 (Bob), and José (3), added by hand, with none.
    func makeApp(role: AccountRole = .supervisor, customers: (any CustomersStoreProtocol)? = nil) async throws -> TestApp {
        try await Self.makeApp(role: role, customers: customers)
    }

    static func makeApp(role: AccountRole = .supervisor, customers: (any CustomersStoreProtocol)? = nil) async throws -> TestApp {
        var jane = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com")
        jane.shipmentMethod = ShipmentMethod(speed: .twoDay)
        var cancelled = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com", day: 1)
        cancelled.shipmentMethod = ShipmentMethod(speed: .oneDay)
        cancelled.status = .cancelled
        let later = CustomerSeeds.now.addingTimeInterval(2 * 86_400)
        var app = try await TestApp(orders: [jane, Seeds.Orders.bob, cancelled], role: role)
        if let customers {
            app.environment.customers = customers
            return app
        }
        let store = app.environment.customers
        _ = try await store.linkOrders(limit: 10, at: later)
        var edit = try await store.fetchCustomer(id: 1)!
        edit.note = "Call after 5 pm <not before>"
        edit.billingAddress = .empty
        _ = try await store.updateCustomer(edit, by: testAccount.name, at: later)
        _ = try await store.createCustomer(CustomerSeeds.jose, by: testAccount.name, at: later)
        return app
    }

    func assertPage(
        _ name: String, _ uri: String, status: HTTPResponse.Status, app: TestApp, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await app.test { client in try await client.get(uri) }
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    // MARK: Snapshots

    func testTheListAndASearchByPhone() async throws {
        let app = try await makeApp()
        try await assertPage("customers", "/customers", status: .ok, app: app)
        try await assertPage("customers-by-phone", "/customers?q=%2B1+415+555+0100", status: .ok, app: app)
    }

    func testASearchThatFindsNothingAndNoCustomersYetForAViewer() async throws {
        try await assertPage("customers-no-match", "/customers?q=0199+5", status: .ok, app: try await makeApp())
        try await assertPage(
            "customers-empty-viewer", "/customers", status: .ok, app: try await makeApp(role: .viewer, customers: CustomersMemStore()))
    }

    func testAPageOfTheListWithPreviousAndNext() async throws {
        let store = CustomersMemStore()
        for number in 1...(ListCustomers.pageSize + 2) {
            let customer = Customer(firstName: "Pat", lastName: "Customer \(1000 + number)", phone: "", email: "", createdAt: Seeds.june29)
            _ = try await store.createCustomer(customer, by: nil, at: Seeds.june29)
        }
        try await assertPage("customers-middle-page", "/customers?after=1", status: .ok, app: try await makeApp(customers: store))
    }

    func testTheListWhenTheCustomersCannotBeRead() async throws {
        let failing = FlakyCustomersStore(store: CustomersMemStore(), failures: 0)
        try await assertPage("customers-unavailable", "/customers?q=jane", status: .serviceUnavailable, app: try await makeApp(customers: failing))
    }

    func testACustomerWithTheirOrdersFiguresAndHistory() async throws {
        try await assertPage("customer", "/customers/1", status: .ok, app: try await makeApp())
    }

    func testACustomerWithNoOrdersForAViewer() async throws {
        try await assertPage("customer-no-orders-viewer", "/customers/3", status: .ok, app: try await makeApp(role: .viewer))
    }

    // MARK: Refusals and roles

    func testAnUnknownCustomerIs404AndUnreadableCustomers503() async throws {
        let app = try await makeApp()
        try await app.test { client in
            for path in ["/customers/99", "/customers/abc", "/customers/-1", "/customers/1.0"] {
                let response = try await client.get(path)
                XCTAssertEqual(response.status, .notFound, path)
            }
        }
        let failing = try await makeApp(customers: FlakyCustomersStore(store: CustomersMemStore(), failures: 0))
        try await failing.test { client in
            let response = try await client.get("/customers/1")
            XCTAssertEqual(response.status, .serviceUnavailable)
        }
    }

    func testEveryRoleReadsCustomersAndSignedOutIsSentToSignIn() async throws {
        for role in AccountRole.allCases {
            let app = try await makeApp(role: role)
            try await app.test { client in
                for path in ["/customers", "/customers/1"] {
                    let response = try await client.get(path)
                    XCTAssertEqual(response.status, .ok, "\(role) \(path)")
                }
                let signedOut = try await client.get("/customers?q=0100", signedIn: false)
                XCTAssertEqual(signedOut.status, .seeOther)
                XCTAssertEqual(signedOut.headers[.location], "/sign-in?return=/customers%3Fq%3D0100")
            }
        }
    }

    /// The three formats of issue 27 find the one customer; a card number is never on a customer's page.
    func testThePhoneFormatsFindOneCustomerAndNoPageHoldsACardNumber() async throws {
        let app = try await makeApp()
        try await app.test { client in
            for query in ["(415)+555+0100", "415-555-0100", "%2B1+415+555+0100"] {
                let page = try await client.get("/customers?q=" + query)
                XCTAssertEqual(page.text.components(separatedBy: #"<a href="/customers/1">Jane Doe</a>"#).count, 2, query)
                XCTAssertFalse(page.text.contains("Bob Battery"), query)
            }
            let byOrder = try await client.get("/customers?q=%232")
            XCTAssert(byOrder.text.contains("Bob Battery"), "#2 is Bob's order")
            for path in ["/customers", "/customers/1", "/customers/2"] {
                let page = try await client.get(path)
                for card in ["4111111111111111", "5555555555554444", "4444", "1111 1111"] {
                    XCTAssertFalse(page.text.contains(card), "\(path): \(card)")
                }
            }
        }
    }
}
