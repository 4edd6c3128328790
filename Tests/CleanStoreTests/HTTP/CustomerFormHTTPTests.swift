import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Adding and changing a customer through the real app (`EditCustomer`): who may, the duplicate
/// choice, the version check, each form state compared byte for byte with its reference beside
/// `CustomerPagesHTTPTests`' (the browser tests read that folder: Nu checker, axe) and checked by libxml2.
final class CustomerFormHTTPTests: XCTestCase {
    /// Customer 1: Jane Doe, (415) 555-0100, 12 Main St (version 1).
    static func customers() async throws -> CustomersMemStore {
        let store = CustomersMemStore()
        _ = try await store.createCustomer(CustomerSeeds.jane, by: testAccount.name, at: Seeds.june29)
        return store
    }

    func request(
        _ uri: String, form: String? = nil, role: AccountRole = .clerk, customers: any CustomersStoreProtocol
    ) async throws -> TestResponse {
        var app = try await TestApp(role: role)
        app.environment.customers = customers
        return try await app.test { client in
            if let form { return try await client.post(uri, form: form) }
            return try await client.get(uri)
        }
    }

    func assertPage(
        _ name: String, _ uri: String, form: String? = nil, status: HTTPResponse.Status, customers: any CustomersStoreProtocol,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await request(uri, form: form, customers: customers)
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

    /// A household member of Jane's: her phone typed another way, an address of her own.
    static let johnForm =
        "firstName=John&lastName=Doe&phone=415.555.0100&email=john%40example.com&shipmentAddressStreet1=12+Main+St&shipmentAddressCity=San+Francisco&shipmentAddressState=ca&shipmentAddressZIP=94107&billingAddressSameAsShipping=on&note=Jane%27s+husband"

    // MARK: Snapshots

    func testTheFormsStates() async throws {
        try await assertPage("customer-new", "/customers/new", status: .ok, customers: try await Self.customers())
        try await assertPage("customer-edit", "/customers/1/edit", status: .ok, customers: try await Self.customers())
        try await assertPage(
            "customer-errors", "/customers/new",
            form: "firstName=&lastName=Doe&phone=call+me&email=jane%40&shipmentAddressStreet1=12+Main+St&shipmentAddressState=XX&note=card+4111+1111+1111+1111",
            status: .unprocessableContent, customers: try await Self.customers())
        try await assertPage("customer-duplicates", "/customers/new", form: Self.johnForm, status: .ok, customers: try await Self.customers())
        // Opened at version 1; someone changed her phone since (version 2).
        let store = try await Self.customers()
        let storedChanged = try await store.fetchCustomer(id: 1)
        var changed = try XCTUnwrap(storedChanged)
        changed.phone = "(415) 555-0199"
        _ = try await store.updateCustomer(changed, by: testAccount.name, at: Seeds.june30)
        try await assertPage(
            "customer-conflict", "/customers/1/edit",
            form: "firstName=Jane&lastName=Doe&phone=(415)+555-0100&email=jane.doe%40example.com&shipmentAddressStreet1=12+Main+St&shipmentAddressCity=San+Francisco&shipmentAddressState=CA&shipmentAddressZIP=94107&billingAddressSameAsShipping=on&note=Call+after+5+pm&version=1",
            status: .conflict, customers: store)
        try await assertPage(
            "customer-unavailable", "/customers/new", form: "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org",
            status: .serviceUnavailable, customers: FlakyCustomersStore(store: CustomersMemStore(), failures: 0))
    }

    // MARK: Saving

    func testAClerkAddsACustomerAndGoesToTheirPageWithTheirHistory() async throws {
        let store = try await Self.customers()
        let added = try await request(
            "/customers/new", form: "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org&note=Line+one%0D%0ALine+two",
            customers: store)
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.headers[.location], "/customers/2")
        let storedAnn = try await store.fetchCustomer(id: 2)
        let ann = try XCTUnwrap(storedAnn)
        XCTAssertEqual(ann.name, "Ann Lee")
        XCTAssertEqual(ann.shippingAddress, .empty, "An address left empty is not known")
        XCTAssertEqual(ann.note, "Line one\nLine two")
        XCTAssertEqual(ann.createdBy, testAccount.name)
        let history = try await store.fetchHistory(customerID: 2)
        XCTAssertEqual(history.map(\.kind), [.created])
    }

    func testTheDuplicateChoiceSavesNothingUntilTheClerkSaysSoAndKeepsWhatWasTyped() async throws {
        let store = try await Self.customers()
        let offered = try await request("/customers/new", form: Self.johnForm, customers: store)
        XCTAssertEqual(offered.status, .ok)
        XCTAssert(offered.text.contains("Jane Doe, (415) 555-0100, 12 Main St already exists"))
        XCTAssert(offered.text.contains(#"<a class="button button-secondary" href="/customers/1">Use Jane Doe</a>"#), "Use Jane Doe")
        XCTAssert(offered.text.contains(#"name="saveAsNew" value="on">Save as a new customer</button>"#))
        for typed in [#"value="John""#, #"value="415.555.0100""#, #"value="john@example.com""#, "Jane&#39;s husband"] {
            XCTAssert(offered.text.contains(typed), "Nothing typed is lost: \(typed)")
        }
        let count = try await store.fetchCustomers(matching: "", after: nil, limit: 10).count
        XCTAssertEqual(count, 1, "Nothing saved yet")
        // Using Jane is her page.
        let jane = try await request("/customers/1", customers: store)
        XCTAssertEqual(jane.status, .ok)
        // Saving as a new customer saves John beside her.
        let saved = try await request("/customers/new", form: Self.johnForm + "&saveAsNew=on", customers: store)
        XCTAssertEqual(saved.status, .seeOther)
        XCTAssertEqual(saved.headers[.location], "/customers/2")
        let storedJohn = try await store.fetchCustomer(id: 2)
        let john = try XCTUnwrap(storedJohn)
        XCTAssertEqual(john.shippingAddress, CustomerSeeds.mainStreet, "The state upper-cased")
        XCTAssertEqual(john.billingAddress, CustomerSeeds.mainStreet, "Same as shipping")
        XCTAssertEqual(john.note, "Jane's husband")
    }

    func testAChangeIsSavedOverTheVersionItWasOpenedAtAndInTheHistory() async throws {
        let store = try await Self.customers()
        let changed = try await request(
            "/customers/1/edit",
            form: "firstName=Jane&lastName=Doe&phone=(415)+555-0199&email=jane%40example.com&shipmentAddressStreet1=12+Main+St&shipmentAddressCity=San+Francisco&shipmentAddressState=CA&shipmentAddressZIP=94107&billingAddressSameAsShipping=on&note=Call+after+5+pm&version=1",
            customers: store)
        XCTAssertEqual(changed.status, .seeOther)
        XCTAssertEqual(changed.headers[.location], "/customers/1")
        let storedJane = try await store.fetchCustomer(id: 1)
        let jane = try XCTUnwrap(storedJane)
        XCTAssertEqual(jane.phone, "(415) 555-0199")
        XCTAssertEqual(jane.version, 2)
        let history = try await store.fetchHistory(customerID: 1)
        XCTAssertEqual(history.first?.changes, [OrderChange(field: "Phone", old: "(415) 555-0100", new: "(415) 555-0199")])
        // The same form again, from version 1: refused, nothing changed.
        let stale = try await request(
            "/customers/1/edit", form: "firstName=Janet&lastName=Doe&phone=415-555-0100&email=jane%40example.com&version=1", customers: store)
        XCTAssertEqual(stale.status, .conflict)
        XCTAssert(stale.text.contains(#"You typed: <strong>Janet</strong>"#))
        let after = try await store.fetchCustomer(id: 1)
        XCTAssertEqual(after?.firstName, "Jane")
    }

    func testTheListAndACustomersPageOfferAddAndChangeToWhoeverMay() async throws {
        let store = try await Self.customers()
        for role in AccountRole.allCases {
            let list = try await request("/customers", role: role, customers: store)
            XCTAssertEqual(list.text.contains(#"<a class="button" href="/customers/new">Add a customer</a>"#), role != .viewer, "\(role)")
            let page = try await request("/customers/1", role: role, customers: store)
            XCTAssertEqual(page.text.contains(#"<a href="/customers/1/edit">Change"#), role != .viewer, "\(role)")
        }
    }

    func testAFormPostedAfterTheSessionEndedComesBackAsTypedAfterSigningIn() async throws {
        let signIn = try await makeTestSignIn()
        var app = try await TestApp(signIn: signIn)
        let store = try await Self.customers()
        app.environment.customers = store
        try await signIn.sessions.deleteSession(id: testSessionID)  // it timed out
        try await app.test { client in
            // When: the edit is posted with the session's cookie and token, the session gone
            let refused = try await client.post(
                "/customers/1/edit", form: "firstName=Janet&lastName=Doe&phone=415-555-0100&email=jane%40example.com&note=Moved&version=1")

            // Then: the sign-in page, nothing saved, the typing kept
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssert(refused.text.contains("Your session has ended, so the customer was not saved."))
            let draft = try XCTUnwrap(AccessControlTests.hiddenValue("draft", in: refused.text))
            XCTAssert(draft.hasPrefix("/customers/1/edit?"), draft)

            // When: signing in from that page
            let signedIn = try await AccessControlTests.signIn(
                client, extra: "&draft=\(draft.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")

            // Then: the form for customer 1, as typed, at the version it was opened at
            XCTAssertEqual(signedIn.status, .ok)
            XCTAssert(signedIn.text.contains(#"value="Janet""#))
            XCTAssert(signedIn.text.contains(">Moved</textarea>"))
            XCTAssert(signedIn.text.contains(#"<input type="hidden" name="version" value="1" />"#))
            XCTAssert(signedIn.text.contains(#"action="/customers/1/edit""#))
            XCTAssert(signedIn.text.contains(EditCustomerPresenter.resumedMessage))
        }
        let jane = try await store.fetchCustomer(id: 1)
        XCTAssertEqual(jane?.firstName, "Jane", "Nothing saved until the clerk saves it")
    }

    // MARK: Refusals and roles

    func testAViewerMayNotAddOrChangeACustomerAndUnknownCustomersAre404() async throws {
        let store = try await Self.customers()
        for (uri, form) in [
            ("/customers/new", nil), ("/customers/1/edit", nil), ("/customers/new", "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org"),
            ("/customers/1/edit", "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org&version=1"),
        ] {
            let response = try await request(uri, form: form, role: .viewer, customers: store)
            XCTAssertEqual(response.status, .forbidden, uri)
        }
        let jane = try await store.fetchCustomer(id: 1)
        XCTAssertEqual(jane?.version, 1, "A viewer changed nothing")
        for path in ["/customers/99/edit", "/customers/abc/edit", "/customers/-1/edit"] {
            let response = try await request(path, customers: store)
            XCTAssertEqual(response.status, .notFound, path)
        }
        let unknown = try await request(
            "/customers/99/edit", form: "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org&version=1", customers: store)
        XCTAssertEqual(unknown.status, .notFound)
    }

    func testACardNumberIsNeverSavedOnACustomer() async throws {
        let store = try await Self.customers()
        let response = try await request(
            "/customers/new", form: "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org&note=4111-1111-1111-1111",
            customers: store)
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssert(response.text.contains("Remove the card number from the note"))
        let count = try await store.fetchCustomers(matching: "", after: nil, limit: 10).count
        XCTAssertEqual(count, 1)
    }
}
