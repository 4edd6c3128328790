import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Checking a draft and placing it through the real router (`PlaceDraft`): the check page in each
/// of its states (compared with `__Snapshots__/PlaceDraftHTTPTests/`), placing once however often
/// it is posted, and the card never kept when the page comes back.
final class PlaceDraftHTTPTests: XCTestCase {
    typealias Drafts = DraftsHTTPTests
    static let ref = Drafts.ref
    static let path = "/drafts/\(ref)"
    static let card = Drafts.form([
        ("paymentMethodCreditCardNumber", "4111 1111 1111 1111"), ("paymentMethodExpirationDate", "04/29"), ("paymentMethodCVV", "123"),
    ])

    static func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        let html = response.text
        XCTAssertEqual(HTMLCheck.findings(in: html), [], name, file: file, line: line)
        assertSnapshot(of: html, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    /// Starts a draft with a mug ×2 and a cap, Amy calling, delivered to `state`.
    static func fillDraft(_ client: any TestClientProtocol, state: String = "CA", items: [(String, String)] = [("MUG-1", "2"), ("CAP-1", "1")]) async throws {
        _ = try await client.post("/drafts", form: "")
        for (sku, quantity) in items {
            _ = try await client.post("\(path)/lines", form: Drafts.form([("sku", sku), ("quantity", quantity)]))
        }
        _ = try await client.post("\(path)/caller", form: Drafts.caller)
        _ = try await client.post("\(path)/delivery", form: Drafts.delivery(state: state))
    }

    static func placeForm(version: Int, extra: String = "") -> String {
        card + "&version=\(version)&orderKey=\(testOrderKey)" + extra
    }

    // MARK: Placed

    func testACheckedDraftIsPlacedOnceHoweverOftenItIsPosted() async throws {
        let app = try await Drafts.makeApp(role: .clerk)
        try await app.test { client in
            try await Self.fillDraft(client)
            let check = try await client.get("\(Self.path)/check")
            Self.assertPage("check-ready", check, status: .ok)
            let version = 5

            let placed = try await client.post("\(Self.path)/place", form: Self.placeForm(version: version))
            XCTAssertEqual(placed.status, .seeOther)
            XCTAssertEqual(placed.headers[.location], "/orders/1")
            let again = try await client.post("\(Self.path)/place", form: Self.placeForm(version: version))
            XCTAssertEqual(again.headers[.location], "/orders/1", "A double click is one order")
            let page = try await client.get("/orders/1", cookie: again.cookieToSendBack)
            XCTAssert(page.text.contains("sent more than once"), page.text)
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders.count, 1)
        // A list's read carries no lines (`Order.lines`): the order's own read does.
        let order = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.lines.map(\.sku), ["MUG-1", "CAP-1"])
        XCTAssertEqual(order?.totals.taxCents, 181)
        XCTAssertEqual(order?.paymentMethod.lastFourDigits, "1111")
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertNil(draft, "The draft became the order")
    }

    /// "Save this caller for next time" (ticked on the check page): a new caller becomes a saved
    /// customer; a caller copied from one is that customer's order, and the customer not repeated.
    func testPlacingWithSaveThisCallerSavesTheCallerAndTheOrderCarriesTheCustomer() async throws {
        let app = try await Drafts.makeAppWithCallers()
        try await app.test { client in
            try await Self.fillDraft(client)
            let check = try await client.get("\(Self.path)/check")
            XCTAssert(check.text.contains(#"id="saveCaller" name="saveCaller" value="on" checked="checked""#), check.text)
            let placed = try await client.post("\(Self.path)/place", form: Self.placeForm(version: 5, extra: "&saveCaller=on"))
            XCTAssertEqual(placed.headers[.location], "/orders/1")

            _ = try await client.post("/drafts", form: "")
            let second = "/drafts/D-ABCDEC"
            _ = try await client.post("\(second)/customer", form: Drafts.form([("customer", "1")]))
            _ = try await client.post("\(second)/lines", form: Drafts.form([("sku", "MUG-1"), ("quantity", "1")]))
            let copied = try await client.get("\(second)/check")
            Self.assertPage("check-from-customer", copied, status: .ok)
            let again = try await client.post(
                "\(second)/place", form: Self.card + "&version=3&orderKey=another-order-key-000002&saveCaller=on")
            XCTAssertEqual(again.headers[.location], "/orders/2")
        }
        let amy = try await app.environment.customers.fetchCustomers(matching: "amy@example.com", after: nil, limit: 10)
        XCTAssertEqual(amy.map(\.id), [3], "Amy, a new caller, saved")
        XCTAssertEqual(amy.first?.shippingAddress.street1, "1 Market St")
        let first = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(first?.customerID, 3)
        let second = try await app.store.fetchOrder(id: "2")
        XCTAssertEqual(second?.customerID, 1, "Jane's order")
        try await app.test { client in
            let page = try await client.get("/orders/2")
            XCTAssert(page.text.contains(#"<dt>Customer</dt><dd><a href="/customers/1">Jane Doe's customer record</a></dd>"#), page.text)
        }
        let janes = try await app.environment.customers.fetchCustomers(matching: "jane@example.com", after: nil, limit: 10)
        XCTAssertEqual(janes.map(\.version), [1], "Nothing of Jane's changed: not written again")
    }

    // MARK: What stands in the way

    func testAnEmptyDraftListsWhatIsMissingAndOffersNoCardForm() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            _ = try await client.post("/drafts", form: "")
            let check = try await client.get("\(Self.path)/check")
            Self.assertPage("check-incomplete", check, status: .ok)
            XCTAssertFalse(check.text.contains("paymentMethodCVV"))
        }
    }

    func testAStateWithNoRateIsRefusedEvenWhenPosted() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            try await Self.fillDraft(client, state: "OR")
            let check = try await client.get("\(Self.path)/check")
            Self.assertPage("check-no-tax-rate", check, status: .ok)
            XCTAssert(check.text.contains("No tax rate for OR — ask a supervisor"))
            let posted = try await client.post("\(Self.path)/place", form: Self.placeForm(version: 5))
            XCTAssertEqual(posted.status, .conflict)
            XCTAssert(posted.text.contains(PlaceDraftPresenter.typeCVVAgainMessage), "The security code is never emptied without a message")
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [])
    }

    func testAPriceThatChangedIsAskedAboutAndTheAnswerKept() async throws {
        let app = try await Drafts.makeApp()
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        try await app.test { client in
            try await Self.fillDraft(client)
            await database.transaction { $0.products[1]?.priceCents = 1300 }
            let check = try await client.get("\(Self.path)/check")
            Self.assertPage("check-price-changed", check, status: .ok)

            let decided = try await client.post("\(Self.path)/prices", form: "line=l1&choice=keep")
            XCTAssertEqual(decided.headers[.location], "\(Self.path)/check")
            let after = try await client.get("\(Self.path)/check")
            XCTAssert(after.text.contains("Place order"), "Decided: nothing stands in the way")
        }
        let line = try await app.environment.drafts.fetchDraft(ref: Self.ref)?.lines.first
        XCTAssertEqual(line?.unitPriceCents, 1250, "Kept at the price it was added at")
        XCTAssertEqual(line?.priceReason, "Kept at $12.50 when the catalog price changed to $13.00")
    }

    func testAShortageIsListed() async throws {
        let app = try await Drafts.makeApp()
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        await database.transaction { $0.products[2]?.stock = Product.Stock(onHand: 1) }
        try await app.test { client in
            try await Self.fillDraft(client, items: [("TEE-M", "2")])
            let check = try await client.get("\(Self.path)/check")
            XCTAssert(check.text.contains("Only 1 of T-shirt, medium (TEE-M) in stock, 2 wanted"), check.text)
            XCTAssertFalse(check.text.contains("Place order"))
        }
    }

    func testAPossibleDuplicateIsAnInterruptionTheClerkMayPlaceAnyway() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            try await Self.fillDraft(client)
            _ = try await client.post("\(Self.path)/place", form: Self.placeForm(version: 5))
            // The same call again, as a second draft.
            let second = "/drafts/D-ABCDEC"
            _ = try await client.post("/drafts", form: "")
            for (sku, quantity) in [("MUG-1", "2"), ("CAP-1", "1")] {
                _ = try await client.post("\(second)/lines", form: Drafts.form([("sku", sku), ("quantity", quantity)]))
            }
            _ = try await client.post("\(second)/caller", form: Drafts.caller)
            _ = try await client.post("\(second)/delivery", form: Drafts.delivery(state: "CA"))

            let check = try await client.get("\(second)/check")
            Self.assertPage("check-duplicate", check, status: .ok)
            let anyway = try await client.get("\(second)/check?duplicate=accepted")
            XCTAssert(anyway.text.contains(#"<input type="hidden" name="placeDuplicateAnyway" value="on" />"#))
            let placed = try await client.post(
                "\(second)/place", form: Self.card + "&version=5&orderKey=another-order-key-000002&placeDuplicateAnyway=on")
            XCTAssertEqual(placed.headers[.location], "/orders/2")
        }
    }

    // MARK: The card

    func testACardWithMistakesComesBackWithTheFormsMessagesAndNoSecurityCode() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            try await Self.fillDraft(client)
            let posted = try await client.post(
                "\(Self.path)/place",
                form: Drafts.form([
                    ("paymentMethodCreditCardNumber", "4111 1111 1111 1112"), ("paymentMethodExpirationDate", "13/29"),
                    ("paymentMethodCVV", "123"), ("version", "5"), ("orderKey", testOrderKey),
                ]))
            Self.assertPage("check-card-errors", posted, status: .unprocessableContent)
            XCTAssertFalse(posted.text.contains(#"value="123""#), "The security code is never echoed")
        }
    }

    func testADraftChangedSinceTheCheckPageIsNotPlacedAndTheCardMustBeTypedAgain() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            try await Self.fillDraft(client)
            _ = try await client.get("\(Self.path)/check")
            // Someone changes a quantity in another tab.
            _ = try await client.post("\(Self.path)/lines/quantities", form: Drafts.form([("line[l1][quantity]", "3")]))

            let posted = try await client.post("\(Self.path)/place", form: Self.placeForm(version: 5))
            Self.assertPage("check-draft-changed", posted, status: .conflict)
            XCTAssertFalse(posted.text.contains("4111"), "The card is never kept")
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [])
    }
}
