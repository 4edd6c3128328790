import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// No double orders (issue 17), through the real router, middleware and templates: every new-order
/// form carries a one-time key; a double click, a Back-and-resubmit or a retried POST of one form
/// makes one order, and the repeat goes to that order's page, saying so.
final class NoDoubleOrdersHTTPTests: TemporaryDirectoryTestCase {
    /// A valid new-order form carrying `key`.
    static func form(key: String?, firstName: String = "Amy") -> String {
        var fields = Seeds.validFormFields
        fields.version = ""
        fields.firstName = firstName
        fields.orderKey = key ?? ""
        return Seeds.formBody(fields)
    }

    static let key = "form-key-of-the-tests-01"
    static let note = "This form was sent more than once: order 1 was saved the first time, so nothing new was saved."

    /// The page a create's redirect leads to, as the browser shows it (with the cookie it was given).
    static func follow(_ response: TestResponse, with client: any TestClientProtocol) async throws -> TestResponse {
        let location = try XCTUnwrap(response.headers[.location])
        return try await client.get(location, cookie: response.cookieToSendBack)
    }

    // MARK: The key

    func testTheNewOrderFormCarriesAOneTimeKeyAndTheEditFormNone() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let new = try await client.get("/orders/new")
            XCTAssert(new.text.contains(#"<input type="hidden" name="orderKey" value="\#(testOrderKey)" />"#))
            let edit = try await client.get("/orders/1/edit")
            XCTAssertFalse(edit.text.contains("orderKey"), "An edit saves over its order")
        }
    }

    func testTheKeyIsRandom128BitsOfBase64URLWhereNoTestFixesIt() {
        let keys = (0..<100).map { _ in OrderKeyWorker.random() }
        XCTAssertEqual(Set(keys).count, 100)
        for key in keys {
            XCTAssertEqual(key.count, 22)
            XCTAssertEqual(Base64URL.decoded(key)?.count, 16)
            XCTAssertEqual(OrderKeyWorker(newKey: { "" }).key(posted: key), key, "A key the app makes is one it takes")
        }
    }

    // MARK: One form, one order

    func testADoublePostOfOneFormMakesOneOrderAndTheSecondGoesToItSayingSo() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // When: the form is sent twice (a double click)
            let first = try await client.post("/orders", form: Self.form(key: Self.key))
            let second = try await client.post("/orders", form: Self.form(key: Self.key))

            // Then: the first makes order 1 and confirms it
            XCTAssertEqual(first.status, .seeOther)
            XCTAssertEqual(first.headers[.location], "/orders/1")
            let confirmed = try await Self.follow(first, with: client)
            XCTAssert(confirmed.text.contains(#"<strong class="panel-number">1</strong>"#))
            XCTAssertFalse(confirmed.text.contains("panel-note"), "Nothing more to say")

            // And: the second goes to that order, saying nothing new was saved
            XCTAssertEqual(second.status, .seeOther)
            XCTAssertEqual(second.headers[.location], "/orders/1")
            let again = try await Self.follow(second, with: client)
            XCTAssertEqual(again.status, .ok)
            XCTAssert(again.text.contains(#"<strong class="panel-number">1</strong>"#))
            XCTAssert(again.text.contains(#"<p class="panel-note">\#(Self.note)</p>"#))
            XCTAssertEqual(HTMLCheck.findings(in: again.text), [])
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 1)
    }

    func testBackAndResubmitLaterGoesToTheOrderTheFormMadeAndChangesNothing() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // Given: the form saved as order 1, then another order, then order 1 edited
            let body = Self.form(key: Self.key)
            let first = try await client.post("/orders", form: body)
            XCTAssertEqual(first.headers[.location], "/orders/1")
            let other = try await client.post("/orders", form: Self.form(key: "another-form-key-000001", firstName: "Bob"))
            XCTAssertEqual(other.headers[.location], "/orders/2")
            var edit = Seeds.validFormFields
            edit.version = "1"
            edit.phone = "999-999-9999"
            let updated = try await client.post("/orders/1", form: Seeds.formBody(edit))
            XCTAssertEqual(updated.status, .seeOther)

            // When: Back to the form, and saved again, the same body
            let resubmitted = try await client.post("/orders", form: body)

            // Then
            XCTAssertEqual(resubmitted.status, .seeOther)
            XCTAssertEqual(resubmitted.headers[.location], "/orders/1")
            let page = try await Self.follow(resubmitted, with: client)
            XCTAssert(page.text.contains(Self.note))
            XCTAssert(page.text.contains("999-999-9999"), "The order as it is now")
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 2)
        XCTAssertEqual(stored.first { $0.id == "1" }?.version, 2, "The resubmit changed nothing")
    }

    /// A double click whose two POSTs reach the store at the same instant, on every store: one
    /// order; both answers go to it, one of them saying the form was sent twice.
    func testTwoPostsOfOneKeyAtTheSameInstantMakeExactlyOneOrder() async throws {
        let stores: [(String, any OrdersStoreProtocol)] = [
            ("memory", OrdersMemStore()),
            ("SQLite", try OrdersSQLiteStore(path: directory.appendingPathComponent("orders.sqlite").path)),
            ("PostgreSQL", try await TestPostgres.makeStore(for: self)),
        ]
        for (name, base) in stores {
            for count in [2, 5] {
                let key = "at-the-same-instant-\(count)"
                let app = try await TestApp(store: MeetingStore(base, creates: count))
                let answers = try await app.test { client in
                    try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?, String?).self) { group in
                        for _ in 0..<count {
                            group.addTask {
                                let response = try await client.post("/orders", form: Self.form(key: key))
                                let page = try await Self.follow(response, with: client)
                                return (response.status, response.headers[.location], page.text.contains("panel-note") ? "note" : nil)
                            }
                        }
                        return try await group.reduce(into: []) { $0.append($1) }
                    }
                }
                let stored = try await base.fetchOrders().filter { $0.firstName == "Amy" }
                XCTAssertEqual(stored.count, 1, "\(name): \(count) at once make one order")
                let id = try XCTUnwrap(stored.first?.id)
                XCTAssertEqual(answers.map(\.0), Array(repeating: .seeOther, count: count), name)
                XCTAssertEqual(answers.map(\.1), Array(repeating: "/orders/\(id)", count: count), "\(name): all go to it")
                XCTAssertEqual(answers.compactMap(\.2).count, count - 1, "\(name): all but the one that saved it say so")
                _ = try await base.deleteOrder(id: id, by: nil, at: Seeds.june29)
            }
        }
    }

    // MARK: Forms without a key, or with an absurd one

    func testFormsWithoutAKeyEachMakeAnOrder() async throws {
        let app = try await TestApp()
        try await app.test { client in
            for expected in ["/orders/1", "/orders/2"] {
                let created = try await client.post("/orders", form: Self.form(key: nil))
                XCTAssertEqual(created.headers[.location], expected, "A tab opened before forms had keys")
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 2)
    }

    func testAnAbsurdKeyIsNoKeyAndAFormShownAgainGetsOneTheAppMade() async throws {
        let absurd = String(repeating: "k", count: 10_000)
        let app = try await TestApp()
        try await app.test { client in
            // A valid form: saved, as a form without a key is (twice: two orders)
            for expected in ["/orders/1", "/orders/2"] {
                let created = try await client.post("/orders", form: Self.form(key: absurd))
                XCTAssertEqual(created.status, .seeOther)
                XCTAssertEqual(created.headers[.location], expected)
            }
            // With a mistake: it comes back with a key the app made, not the absurd one
            for key in [absurd, "<script>alert(1)</script>-0123456789"] {
                var fields = Seeds.validFormFields
                fields.email = ""
                fields.orderKey = key
                let refused = try await client.post("/orders", form: Seeds.formBody(fields))
                XCTAssertEqual(refused.status, .unprocessableContent)
                XCTAssertEqual(AccessControlTests.hiddenValue("orderKey", in: refused.text), testOrderKey)
                XCTAssertFalse(refused.text.contains("kkkkkkkkkkkkkkkk"))
                XCTAssertFalse(refused.text.contains("alert(1)"))
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 2)
    }

    // MARK: The same form keeps its key

    func testAFormRefusedThenSavedKeepsItsKeySoItIsSavedOnce() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // Given: the form sent with a mistake comes back with its key
            var fields = Seeds.validFormFields
            fields.version = ""
            fields.orderKey = Self.key
            fields.email = ""
            let refused = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertEqual(AccessControlTests.hiddenValue("orderKey", in: refused.text), Self.key)

            // When: fixed, it is saved; sent again, it is not saved again
            fields.email = "amy@example.com"
            let saved = try await client.post("/orders", form: Seeds.formBody(fields))
            let again = try await client.post("/orders", form: Seeds.formBody(fields))

            // Then
            XCTAssertEqual(saved.headers[.location], "/orders/1")
            XCTAssertEqual(again.headers[.location], "/orders/1")
            let page = try await Self.follow(again, with: client)
            XCTAssert(page.text.contains(Self.note))
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 1)
    }

    func testAFormBackAfterSigningInKeepsItsKey() async throws {
        let signIn = try await makeTestSignIn()
        let app = try await TestApp(signIn: signIn)
        try await signIn.sessions.deleteSession(id: testSessionID)  // it timed out
        try await app.test { client in
            // Given: the form posted after the session ended: kept as a draft, key and all
            let refused = try await client.post("/orders", form: Self.form(key: Self.key))
            XCTAssertEqual(refused.status, .forbidden)
            let draft = try XCTUnwrap(AccessControlTests.hiddenValue("draft", in: refused.text))
            XCTAssert(draft.removingPercentEncoding?.contains("&orderKey=\(Self.key)") == true, draft)

            // When: signing in from that page
            let signedIn = try await AccessControlTests.signIn(
                client, extra: "&draft=\(draft.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")

            // Then: the same form, with the same key
            XCTAssertEqual(signedIn.status, .ok)
            XCTAssertEqual(AccessControlTests.hiddenValue("orderKey", in: signedIn.text), Self.key)
        }
    }
}
