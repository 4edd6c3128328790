import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Draft-first order entry through the real router (`EditDraft`): `POST /drafts` starts one, its
/// page's sections are each saved by their own post, refused ones come back 422 with the error
/// summary and field errors. Every page state is compared with its reference in
/// `__Snapshots__/DraftsHTTPTests/` and checked by libxml2 (`HTMLCheck`), as `PageSnapshotTests`.
final class DraftsHTTPTests: XCTestCase {
    static let ref = "D-ABCDEB"

    /// The app over a memory database holding `CatalogSeeds`' products and California's rate, its
    /// drafts numbered `D-ABCDEB`, `D-ABCDEC`, …
    static func makeApp(role: AccountRole = .supervisor) async throws -> TestApp {
        var app = try await TestApp(role: role)
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        let counter = SessionCounter()
        app.environment.drafts = DraftsMemStore(
            database: database, refs: DraftRefs { "D-ABCDE" + String(DraftRefs.alphabet[Int(counter.next())]) })
        app.environment.products = ProductsMemStore(database: database)
        await CatalogSeeds.seed(database)
        return app
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    static func form(_ pairs: [(String, String)]) -> String {
        pairs.map { "\(encoded($0.0))=\(encoded($0.1))" }.joined(separator: "&")
    }

    static let caller = form([("firstName", "Amy"), ("lastName", "Adams"), ("phone", "(415) 555-0100"), ("email", "amy@example.com")])

    static func delivery(state: String) -> String {
        form([
            ("shipmentAddressStreet1", "1 Market St"), ("shipmentAddressStreet2", ""), ("shipmentAddressCity", "San Francisco"),
            ("shipmentAddressState", state), ("shipmentAddressZIP", "94105"), ("shipmentMethodSpeed", "1"),
            ("billingAddressSameAsShipping", "on"),
        ])
    }

    /// Checks a page's status, type and structure, and compares it with the reference `name`.
    static func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        let html = response.text
        XCTAssertEqual(HTMLCheck.findings(in: html), [], name, file: file, line: line)
        assertSnapshot(of: html, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    // MARK: Starting

    func testNewOrderIsAPostThatStartsADraftAndGoesToIt() async throws {
        let app = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let started = try await client.post("/drafts", form: "")
            XCTAssertEqual(started.status, .seeOther)
            XCTAssertEqual(started.headers[.location], "/drafts/\(Self.ref)")

            let page = try await client.get("/drafts/\(Self.ref)")
            Self.assertPage("draft-empty", page, status: .ok)
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.createdBy, testAccount.name)
    }

    /// The old one-page form (`POST /orders`, an old tab or a script): a draft with what it carried,
    /// never the card; the sections that pass are saved, the others come back as typed, at their fields.
    func testTheOldOrderFormBecomesADraftItsMistakesShownAtTheirFields() async throws {
        let app = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let kept = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(kept.headers[.location], "/drafts/\(Self.ref)")
            Self.assertPage("draft-old-form-kept", try await client.get("/drafts/\(Self.ref)", cookie: kept.cookieToSendBack), status: .ok)

            var fields = Seeds.validFormFields
            fields.phone = "555-010"
            fields.shipmentAddressState = "XX"
            fields.paymentMethodCVV = "12"
            let refused = try await client.post("/orders", form: Seeds.formBody(fields))
            Self.assertPage("draft-old-form-errors", refused, status: .unprocessableContent)
            XCTAssertFalse(refused.text.contains("4111"), "The card is never kept nor shown")
            XCTAssertFalse(refused.text.contains("paymentMethodCVV"), "Nor asked for here: on the check page")
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [])
        let second = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEC")
        XCTAssertEqual(second?.contact, Draft.Contact(), "The caller with a mistake is not saved")
        XCTAssertEqual(second?.shipmentAddress, Draft.emptyAddress, "Nor the delivery")
    }

    func testAViewerMayNotStartADraft() async throws {
        let app = try await Self.makeApp(role: .viewer)
        try await app.test { client in
            let refused = try await client.post("/drafts", form: "")
            XCTAssertEqual(refused.status, .forbidden)
        }
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts, [])
    }

    func testTheListOfDraftsShowsMineFirstAndAGetNeverCreatesOne() async throws {
        let app = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            let empty = try await client.get("/drafts")
            Self.assertPage("drafts-empty", empty, status: .ok)
            let none = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
            XCTAssertEqual(none, [], "A GET never creates a draft")

            _ = try await app.environment.drafts.createDraft(by: AccountSeeds.sue.name, at: Seeds.june29)
            _ = try await client.post("/drafts", form: "")
            _ = try await client.post("/drafts/D-ABCDEC/caller", form: Self.caller)
            let list = try await client.get("/drafts")
            Self.assertPage("drafts-list", list, status: .ok)
        }
    }

    func testNoSuchDraftAndAReferenceOfAnotherShapeAre404() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            let unknown = try await client.get("/drafts/D-NNNNNN")
            XCTAssertEqual(unknown.status, .notFound)
            let odd = try await client.post("/drafts/1042/lines", form: Self.form([("sku", "MUG-1"), ("quantity", "1")]))
            XCTAssertEqual(odd.status, .notFound)
        }
    }

    // MARK: Sections

    func testEachSectionSavesOnItsOwnAndThePageAddsItUp() async throws {
        let app = try await Self.makeApp(role: .clerk)
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            let added = try await client.post("\(path)/lines", form: Self.form([("sku", "mug-1"), ("quantity", "2")]))
            XCTAssertEqual(added.status, .seeOther)
            XCTAssertEqual(added.headers[.location], path)
            let afterAdd = try await client.get(path, cookie: added.cookieToSendBack)
            XCTAssert(afterAdd.text.contains("Added 2 × Blue mug."), afterAdd.text)
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "CAP-1"), ("quantity", "1")]))
            let caller = try await client.post("\(path)/caller", form: Self.caller)
            XCTAssertEqual(caller.status, .seeOther)
            let delivery = try await client.post("\(path)/delivery", form: Self.delivery(state: "ca"))
            XCTAssertEqual(delivery.status, .seeOther)

            let page = try await client.get(path, cookie: delivery.cookieToSendBack)
            Self.assertPage("draft-filled", page, status: .ok)
            XCTAssertNil(page.text.range(of: #"name="line\[[0-9]"#, options: .regularExpression), "No index-style line names")
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.lines.map(\.quantity), [2, 1])
        XCTAssertEqual(draft?.shipmentAddress.state, "CA")
        XCTAssertEqual(draft?.contact.email, "amy@example.com")
    }

    func testQuantitiesPostedByLineKeysAreDecodedAsKeysAndSaved() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "MUG-1"), ("quantity", "1")]))
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "TEE-M"), ("quantity", "1")]))

            // As the browser sends it: the brackets percent-encoded.
            let saved = try await client.post(
                "\(path)/lines/quantities", form: Self.form([("line[l2][quantity]", "7"), ("line[l1][quantity]", "3")]))
            XCTAssertEqual(saved.status, .seeOther)
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.lines.map(\.key), ["l1", "l2"])
        XCTAssertEqual(draft?.lines.map(\.quantity), [3, 7])
    }

    func testRemovingALineIsItsOwnFormAndTheQuantitiesFormHoldsNoRemoveButton() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "MUG-1"), ("quantity", "1")]))
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "CAP-1"), ("quantity", "1")]))
            let page = try await client.get(path).text

            // Enter in a quantity box submits the quantities form with its first own button: Save quantities.
            let quantitiesForm = try XCTUnwrap(page.range(of: #"<form method="post" action="/drafts/D-ABCDEB/lines/quantities"[\s\S]*?</form>"#, options: .regularExpression))
            let buttons = page[quantitiesForm].components(separatedBy: "<button").dropFirst()
            XCTAssertEqual(buttons.filter { !$0.contains(#"form="remove-"#) }.first?.contains("Save quantities"), true, "The form's own first button saves")
            XCTAssertEqual(buttons.filter { $0.contains(#"form="remove-"#) }.count, 2, "Each remove button belongs to its own form")

            let removed = try await client.post("\(path)/lines/remove", form: Self.form([("line", "l1")]))
            XCTAssertEqual(removed.status, .seeOther)
            let again = try await client.post("\(path)/lines/remove", form: Self.form([("line", "l1")]))
            XCTAssertEqual(again.status, .seeOther, "A double click removes one line and is no error")
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.lines.map(\.sku), ["CAP-1"])
    }

    // MARK: Refused sections

    func testACallerWithMistakesComesBackWithTheOrderFormsMessages() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let page = try await client.post(
                "/drafts/\(Self.ref)/caller", form: Self.form([("firstName", "Amy"), ("lastName", ""), ("phone", "12"), ("email", "amy")]))
            Self.assertPage("draft-caller-errors", page, status: .unprocessableContent)
        }
    }

    func testItemsWithMistakesComeBackAsFieldErrors() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "MUG-1"), ("quantity", "1")]))
            let unknown = try await client.post("\(path)/lines", form: Self.form([("sku", "NOPE-1"), ("quantity", "0")]))
            Self.assertPage("draft-add-errors", unknown, status: .unprocessableContent)
            let quantities = try await client.post("\(path)/lines/quantities", form: Self.form([("line[l1][quantity]", "10000")]))
            Self.assertPage("draft-quantity-errors", quantities, status: .unprocessableContent)
        }
    }

    func testATypedPriceWithoutAReasonIsAFieldErrorAndWithOneBothPricesAreKept() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "MUG-1"), ("quantity", "2")]))
            let refused = try await client.post("\(path)/lines/price", form: Self.form([("line", "l1"), ("price", "10.00"), ("reason", "")]))
            Self.assertPage("draft-price-errors", refused, status: .unprocessableContent)
            let saved = try await client.post(
                "\(path)/lines/price", form: Self.form([("line", "l1"), ("price", "10.00"), ("reason", "Damaged box")]))
            XCTAssertEqual(saved.status, .seeOther)
            let page = try await client.get(path)
            XCTAssert(page.text.contains("Catalog price $12.50: Damaged box"), page.text)
        }
        let line = try await app.environment.drafts.fetchDraft(ref: Self.ref)?.lines.first
        XCTAssertEqual(line?.unitPriceCents, 1000)
        XCTAssertEqual(line?.catalogPriceCents, 1250)
        XCTAssertEqual(line?.priceReason, "Damaged box")
    }

    func testDeliveryToAStateWithNoRateSaysAskASupervisor() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            _ = try await client.post("\(path)/lines", form: Self.form([("sku", "TEE-M"), ("quantity", "1")]))
            _ = try await client.post("\(path)/delivery", form: Self.delivery(state: "OR"))
            let page = try await client.get(path)
            Self.assertPage("draft-no-tax-rate", page, status: .ok)
            XCTAssert(page.text.contains("No tax rate for OR — ask a supervisor"))
        }
    }

    func testTheCatalogSearchListsProductsEachWithAnAddButton() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let found = try await client.get("/drafts/\(Self.ref)?q=m")
            Self.assertPage("draft-search", found, status: .ok)
            let none = try await client.get("/drafts/\(Self.ref)?q=zebra")
            Self.assertPage("draft-search-nothing", none, status: .ok)
        }
    }

    // MARK: Who is calling?

    /// The app with Jane (1, with an order) and John Doe (2) saved on the draft's database.
    static func makeAppWithCallers() async throws -> TestApp {
        var app = try await makeApp(role: .clerk)
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        let customers = CustomersMemStore(database: database)
        app.environment.customers = customers
        _ = try await customers.createCustomer(
            Customer(
                firstName: "Jane", lastName: "Doe", phone: "(415) 555-0100", email: "jane@example.com",
                shippingAddress: Address(street1: "12 Main St", street2: "", city: "San Francisco", state: "CA", zip: "94107"),
                createdAt: Seeds.june29),
            by: testAccount.name, at: Seeds.june29)
        _ = try await customers.createCustomer(
            Customer(
                firstName: "John", lastName: "Doe", phone: "415-555-0100", email: "",
                shippingAddress: Address(street1: "3 Oak Ave", street2: "", city: "Oakland", state: "CA", zip: "94601"),
                billingAddress: Address(street1: "PO Box 9", street2: "", city: "Oakland", state: "CA", zip: "94602"), createdAt: Seeds.june29),
            by: testAccount.name, at: Seeds.june29)
        return app
    }

    func testWhoIsCallingFindsCustomersByPhoneInAnyFormatAndUseCopiesOneIntoTheDraft() async throws {
        let app = try await Self.makeAppWithCallers()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let path = "/drafts/\(Self.ref)"
            for phone in ["(415) 555 0100", "415-555-0100", "+1 415 555 0100"] {
                let found = try await client.get("\(path)?caller=\(Self.encoded(phone))")
                XCTAssert(found.text.contains("2 saved customers found"), phone)
            }
            let found = try await client.get("\(path)?caller=415-555-0100")
            Self.assertPage("draft-callers", found, status: .ok)
            let none = try await client.get("\(path)?caller=Zed")
            Self.assertPage("draft-callers-nothing", none, status: .ok)

            let used = try await client.post("\(path)/customer", form: Self.form([("customer", "2")]))
            XCTAssertEqual(used.status, .seeOther)
            XCTAssertEqual(used.headers[.location], path)
            let page = try await client.get(path, cookie: used.cookieToSendBack)
            Self.assertPage("draft-caller-used", page, status: .ok)
            XCTAssert(page.text.contains(#"<input class="input width-30" id="email" name="email" type="email""#), "John has no email: the form stays open")
            let john = try await app.environment.drafts.fetchDraft(ref: Self.ref)
            XCTAssertEqual(john?.customerID, 2)
            XCTAssertEqual(john?.billingAddress.street1, "PO Box 9")
            XCTAssertEqual(john?.billingSameAsShipping, false)

            // Jane, complete: her details in one line, the caller's form folded away.
            let jane = try await client.post("\(path)/customer", form: Self.form([("customer", "1")]))
            let folded = try await client.get(path, cookie: jane.cookieToSendBack)
            Self.assertPage("draft-caller-folded", folded, status: .ok)
            XCTAssert(folded.text.contains("<summary>Correct the caller for this order</summary>"), folded.text)
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.customerID, 1)
        XCTAssertEqual(draft?.contact.firstName, "Jane")
        XCTAssertEqual(draft?.shipmentAddress.street1, "12 Main St")
        XCTAssertEqual(draft?.billingSameAsShipping, true, "Jane has no billing address: same as shipping")
    }

    func testUsingAnUnknownCustomerIs404AndAViewerMayNotUseOne() async throws {
        let app = try await Self.makeAppWithCallers()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            for posted in ["99", "abc", ""] {
                let response = try await client.post("/drafts/\(Self.ref)/customer", form: Self.form([("customer", posted)]))
                XCTAssertEqual(response.status, .notFound, posted)
            }
            let noDraft = try await client.post("/drafts/D-ZZZZZZ/customer", form: Self.form([("customer", "1")]))
            XCTAssertEqual(noDraft.status, .notFound)
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.version, 1, "Nothing copied")
        let viewer = try await Self.makeApp(role: .viewer)
        try await viewer.test { client in
            let refused = try await client.post("/drafts/\(Self.ref)/customer", form: Self.form([("customer", "1")]))
            XCTAssertEqual(refused.status, .forbidden)
        }
    }

    // MARK: Signed out

    func testASectionPostedSignedOutIsKeptForAfterSigningInAtTheDraft() async throws {
        let app = try await Self.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let refused = try await client.post("/drafts/\(Self.ref)/caller", form: Self.caller, signedIn: false)
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssert(refused.text.contains(#"name="return" value="/drafts/D-ABCDEB""#), refused.text)
            let signedIn = try await AccessControlTests.signIn(client, returnTo: "/drafts/\(Self.ref)")
            XCTAssertEqual(signedIn.headers[.location], "/drafts/\(Self.ref)", "Back at the draft, every section saved before still there")
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.version, 1, "Nothing was read or saved signed out")
    }
}
