import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Every page state, rendered through the real app with a fixed clock and fixed ids, compared
/// byte for byte with its reference in `__Snapshots__/PageSnapshotTests/`, and checked by libxml2:
/// well-formed, unique ids, labels for every control, working `#` links and `aria-describedby`,
/// one `h1`, forms with a method and an action.
///
/// To record a changed page on purpose: `SNAPSHOT_TESTING_RECORD=all swift test --filter PageSnapshotTests`,
/// then read the diff of the reference files before committing them.
final class PageSnapshotTests: XCTestCase {
    /// Renders `uri` (GET, or POST with `form`), checks its status and structure, and compares it
    /// with the reference named `name`. The test browser is signed in as `testAccount` with `role`
    /// unless `signedIn` is false; `signIn` replaces its accounts and sessions, `notes` the orders' notes.
    func assertPage(
        _ name: String, _ uri: String, form: String? = nil, cookie: String? = nil, status: HTTPResponse.Status,
        orders: [Order] = [Seeds.Orders.amy, Seeds.Orders.bob], store: (any OrdersStoreProtocol)? = nil, signedIn: Bool = true,
        role: AccountRole = .supervisor, signIn: SignInServices? = nil, notes: (any OrderNotesStoreProtocol)? = nil,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        var app = try await TestApp(orders: orders, store: store, role: role, signIn: signIn)
        if let notes { app.environment.orderNotes = notes }
        let response = try await app.test { client in
            if let form {
                return try await client.post(uri, form: form, cookie: cookie, signedIn: signedIn)
            }
            return try await client.get(uri, cookie: cookie, signedIn: signedIn)
        }
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        let html = response.text
        XCTAssertEqual(HTMLCheck.findings(in: html), [], name, file: file, line: line)
        assertSnapshot(of: html, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    func testEmptyList() async throws {
        try await assertPage("list-empty", "/orders", status: .ok, orders: [])
    }

    func testListWithOrdersAndAMessage() async throws {
        try await assertPage(
            "list-with-orders", "/orders", cookie: flashCookie("Order 2 was created."), status: .ok)
    }

    func testSecondPageOfTheList() async throws {
        let orders = (0..<60).map { index -> Order in
            var order = index % 2 == 0 ? Seeds.Orders.amy : Seeds.Orders.bob
            order.date = Seeds.june29.addingTimeInterval(Double(index) * 3600)
            return order
        }
        // Page one holds orders 60 to 11; page two starts after order 11 (6/29/07 16:00 UTC).
        try await assertPage("list-second-page", "/orders?after=1183132800.0_11", status: .ok, orders: orders)
    }

    /// A search, a filter and a sort by name: the tags, Clear filters, the sorted column, the CSV link.
    func testAFilteredSortedList() async throws {
        try await assertPage("list-filtered-sorted", "/orders?q=bob&shipping=2&status=new&from=2007-06-01&sort=name", status: .ok)
    }

    func testAListSortedByTotalWithAPageAfter() async throws {
        let orders = (0..<60).map { index -> Order in
            var order = index % 2 == 0 ? Seeds.Orders.amy : Seeds.Orders.bob
            order.date = Seeds.june29.addingTimeInterval(Double(index) * 3600)
            return order
        }
        try await assertPage("list-sorted-by-total", "/orders?sort=-total", status: .ok, orders: orders, role: .clerk)
    }

    func testASearchThatFindsNothing() async throws {
        try await assertPage("list-no-match", "/orders?q=zebra&shipping=1", status: .ok)
    }

    func testFilterValuesThatMeanNothing() async throws {
        try await assertPage(
            "list-filter-problems", "/orders?from=2007-02-30&to=06%2F31%2F2007&shipping=7&sort=price", status: .ok, role: .viewer)
    }

    func testAnOrderWithNotesNewestFirst() async throws {
        let store = OrderStores(OrdersMemStore(orders: [Seeds.Orders.amy]))
        _ = try await store.addNote(orderID: "1", text: "Left a message.", by: AccountSeeds.sue.name, at: Seeds.june29)
        _ = try await store.addNote(orderID: "1", text: "Called back:\nwants it by Friday.", by: testAccount.name, at: Seeds.june30)
        try await assertPage("show-order-notes", "/orders/1", status: .ok, store: store, role: .viewer)
    }

    func testAShippedOrderIsReadOnly() async throws {
        var shipped = Seeds.Orders.bob
        shipped.status = .shipped
        try await assertPage("show-order-shipped", "/orders/1", status: .ok, orders: [shipped])
    }

    func testACancelledOrderSaysWhy() async throws {
        var cancelled = Seeds.Orders.bob
        cancelled.status = .cancelled
        cancelled.cancellationReason = "Customer found it cheaper elsewhere"
        try await assertPage("show-order-cancelled", "/orders/1", status: .ok, orders: [cancelled], role: .clerk)
    }

    func testTheCancelForm() async throws {
        try await assertPage("cancel-form", "/orders/2/cancel", status: .ok)
    }

    func testTheCancelFormWithoutAReason() async throws {
        try await assertPage(
            "cancel-form-error", "/orders/2/status", form: "action=cancel&version=1&reason=", status: .unprocessableContent)
    }

    func testAStatusChangeFromAStalePage() async throws {
        var packed = Seeds.Orders.bob
        packed.status = .packed
        packed.version = 3
        try await assertPage("status-changed-meanwhile", "/orders/1/status", form: "action=markPaid&version=1", status: .conflict, orders: [packed])
    }

    func testEditingAShippedOrder() async throws {
        var shipped = Seeds.Orders.bob
        shipped.status = .shipped
        try await assertPage("edit-shipped", "/orders/1/edit", status: .conflict, orders: [shipped])
    }

    func testOrderDetail() async throws {
        try await assertPage("show-order", "/orders/2", status: .ok)
    }

    /// After an update: the flash is a success banner (GOV.UK's notification banner) that is read out.
    func testOrderDetailAfterAnUpdate() async throws {
        try await assertPage("show-order-updated", "/orders/2", cookie: flashCookie("Order 2 was updated."), status: .ok)
    }

    /// After a create: GOV.UK's confirmation panel, "Order saved" and the number to read out, and
    /// "Create another order".
    func testOrderDetailAfterACreate() async throws {
        try await assertPage(
            "show-order-created", "/orders/2", cookie: confirmationCookie(Flash.Confirmation(orderID: "2")), status: .ok, role: .clerk)
    }

    /// A form sent again after its create: the panel of the order it made, saying nothing new was saved.
    func testOrderDetailAfterAFormWasSentTwice() async throws {
        let note = "This form was sent more than once: order 2 was saved the first time, so nothing new was saved."
        try await assertPage(
            "show-order-created-again", "/orders/2", cookie: confirmationCookie(Flash.Confirmation(orderID: "2", note: note)),
            status: .ok)
    }

    /// Every kind of problem the rules know, over three forms (a field shows one problem at a time),
    /// on the edit form: the one form that holds every field, the card's too (a new order's caller
    /// and delivery are the draft's sections, its card the check page's: `DraftsHTTPTests`, `PlaceDraftHTTPTests`).
    func testFormsWithEveryKindOfError() async throws {
        var first = Seeds.validFormFields
        first.firstName = String(repeating: "A", count: 101)
        first.lastName = ""
        first.phone = "555-010"
        first.email = "amy@example"
        first.shipmentAddressStreet1 = "4111 1111 1111 1111"
        first.shipmentAddressCity = "Cuper\ttino"
        first.shipmentAddressState = "XX"
        first.shipmentAddressZIP = "9501"
        first.shipmentMethodSpeed = ""
        first.paymentMethodCreditCardNumber = "4111 1111 1111 1112"
        first.paymentMethodExpirationDate = "5/07"
        first.paymentMethodCVV = "12"
        first.billingAddressSameAsShipping = ""
        first.billingAddressState = "ZZ"
        first.billingAddressZIP = String(repeating: "9", count: 21)
        try await assertPage("form-errors-1", "/orders/2", form: Seeds.formBody(first), status: .unprocessableContent)

        var second = Seeds.validFormFields
        second.phone = "555-CALL-NOW"
        second.shipmentMethodSpeed = "7"
        second.paymentMethodCreditCardNumber = "4111 1111"
        second.paymentMethodExpirationDate = "13/29"
        try await assertPage("form-errors-2", "/orders/2", form: Seeds.formBody(second), status: .unprocessableContent)

        var third = Seeds.validFormFields
        third.paymentMethodCreditCardNumber = "4111 abcd"
        third.paymentMethodExpirationDate = "April"
        try await assertPage("form-errors-3", "/orders/2", form: Seeds.formBody(third), status: .unprocessableContent)
    }

    func testEditForm() async throws {
        try await assertPage("form-edit", "/orders/2/edit", status: .ok)
    }

    func testEditFormWithErrors() async throws {
        var fields = Seeds.validFormFields
        fields.firstName = ""
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        try await assertPage("form-edit-errors", "/orders/2", form: Seeds.formBody(fields), status: .unprocessableContent)
    }

    /// Order 2 was saved by someone else (version 2) after this form was opened at version 1.
    func testEditFormAfterAConflict() async throws {
        var bob = Seeds.Orders.bob
        bob.version = 2
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        try await assertPage(
            "form-edit-conflict", "/orders/2", form: Seeds.formBody(fields), status: .conflict,
            orders: [Seeds.Orders.amy, bob])
    }

    func testDeleteConfirmation() async throws {
        try await assertPage("delete-confirmation", "/orders/2/delete", status: .ok)
    }

    /// Amy and Bob, as clerks made them: Amy created by Amy; Bob created by Amy, saved unchanged by no
    /// one signed in, then changed by Sue (the name, the shipping, the card, an empty line filled);
    /// and Bob's second order (3), created and deleted by Sue.
    static func storeWithHistory() async throws -> OrdersMemStore {
        let store = OrdersMemStore()
        let amy = AccountSeeds.amy.name, sue = AccountSeeds.sue.name
        _ = try await store.createOrder(orderToCreate: Seeds.Orders.amy, by: amy, at: Seeds.june29)
        let bob = try await store.createOrder(orderToCreate: Seeds.Orders.bob, by: amy, at: Seeds.june29.addingTimeInterval(3600))
        var changed = try await store.updateOrder(orderToUpdate: bob, by: nil, at: Seeds.june30.addingTimeInterval(8 * 3600))
        changed.firstName = "Rob"
        changed.shipmentMethod = ShipmentMethod(speed: .oneDay)
        changed.shipmentAddress.street2 = "Suite 1"
        changed.paymentMethod.creditCardNumber = "4242424242424242"
        _ = try await store.updateOrder(orderToUpdate: changed, by: sue, at: Seeds.june30.addingTimeInterval(8 * 3600 + 5 * 60))
        let gone = try await store.createOrder(orderToCreate: Seeds.Orders.bob, by: sue, at: Seeds.june30)
        _ = try await store.deleteOrder(id: gone.id!, by: sue, at: Seeds.june30.addingTimeInterval(600))
        return store
    }

    func testOrderDetailWithWhoCreatedAndChangedIt() async throws {
        try await assertPage("show-order-record", "/orders/2", status: .ok, store: try await Self.storeWithHistory())
    }

    func testEditFormAfterAConflictNamesWhoMadeTheOtherChange() async throws {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        try await assertPage(
            "form-edit-conflict-named", "/orders/2", form: Seeds.formBody(fields), status: .conflict,
            store: try await Self.storeWithHistory())
    }

    func testHistory() async throws {
        try await assertPage("history", "/orders/2/history", status: .ok, store: try await Self.storeWithHistory())
    }

    func testHistoryOfADeletedOrder() async throws {
        try await assertPage("history-deleted", "/orders/3/history", status: .ok, store: try await Self.storeWithHistory())
    }

    func testHistoryOfAnOrderFromBeforeHistoryWasKept() async throws {
        try await assertPage("history-empty", "/orders/1/history", status: .ok)
    }

    // MARK: Notes

    /// A refused note comes back on a page of its own, as typed, its error linked from the summary.
    func testANoteRefusedForItsCardNumber() async throws {
        try await assertPage(
            "add-note-errors", "/orders/2/notes", form: NotesHTTPTests.form("Customer called back.\r\nCard read out: 4111 1111 1111 1111"),
            status: .unprocessableContent, role: .clerk)
    }

    func testANoteTheStoreCouldNotSave() async throws {
        try await assertPage(
            "add-note-unavailable", "/orders/2/notes", form: NotesHTTPTests.form("Customer called back."), status: .serviceUnavailable,
            role: .clerk, notes: NotesHTTPTests.FullDiskNotes())
    }

    // MARK: Packing slips

    /// A page made to print: no header, a Print button the script shows, the hint without it.
    func testPackingSlip() async throws {
        var packed = Seeds.Orders.bob
        packed.status = .packed
        try await assertPage("packing-slip", "/orders/2/slip", status: .ok, orders: [Seeds.Orders.amy, packed], role: .viewer)
    }

    func testPackingSlipOfACancelledOrder() async throws {
        var cancelled = Seeds.Orders.bob
        cancelled.status = .cancelled
        cancelled.cancellationReason = "Customer called"
        try await assertPage("packing-slip-cancelled", "/orders/2/slip", status: .ok, orders: [Seeds.Orders.amy, cancelled])
    }

    // MARK: Orders of goods

    /// Amy's legacy order (1) and Bob's order of goods (2), on a database with the catalog and
    /// New York's rate; `changed`: Bob's items then changed by Sue (3 → 5 widgets, the gadget
    /// removed, 2 handbooks added at a typed price), each its own history event.
    static func storeWithGoods(changed: Bool = false) async throws -> OrdersMemStore {
        let store = OrdersMemStore(database: await GoodsSeeds.database(orders: [Seeds.Orders.amy, GoodsSeeds.order]))
        guard changed else { return store }
        let sue = AccountSeeds.sue.name, utc = TimeZone(identifier: "UTC")!
        var order = try await store.changeItems(
            id: "2", change: .quantities(["l1": 5]), expectedVersion: 1, timeZone: utc, by: sue, at: Seeds.june30)
        order = try await store.changeItems(
            id: "2", change: .removeLine(key: "l2"), expectedVersion: order.version, timeZone: utc, by: sue,
            at: Seeds.june30.addingTimeInterval(60))
        order = try await store.changeItems(
            id: "2", change: .addLine(GoodsSeeds.line(GoodsSeeds.book, number: 0, quantity: 2)), expectedVersion: order.version,
            timeZone: utc, by: sue, at: Seeds.june30.addingTimeInterval(120))
        _ = try await store.changeItems(
            id: "2", change: .price(key: "l3", cents: 1_800, reason: "Loyal customer"), expectedVersion: order.version,
            timeZone: utc, by: sue, at: Seeds.june30.addingTimeInterval(180))
        return store
    }

    /// An order of goods: its lines (a typed price with its reason), subtotal, shipping, tax at
    /// its rate and total.
    func testAnOrderOfGoods() async throws {
        try await assertPage("show-order-goods", "/orders/2", status: .ok, store: try await Self.storeWithGoods(), role: .viewer)
    }

    /// The packing slip of an order of goods: SKU, item and quantity, no price.
    func testPackingSlipOfAnOrderOfGoods() async throws {
        try await assertPage("packing-slip-goods", "/orders/2/slip", status: .ok, store: try await Self.storeWithGoods(), role: .viewer)
    }

    // MARK: A new order's items (Scenes/ChangeOrderItems)

    /// The order page of a new order of goods for a clerk: every quantity in one form, each line's
    /// remove and price forms, a line by SKU.
    func testANewOrderOfGoodsWithItsItemForms() async throws {
        try await assertPage("show-order-item-forms", "/orders/2", status: .ok, store: try await Self.storeWithGoods(), role: .clerk)
    }

    func testAnItemByAnUnknownSKUWithAQuantityOutOfRange() async throws {
        try await assertPage(
            "items-add-line-errors", "/orders/2/lines", form: "sku=nope-9&quantity=0&version=1", status: .unprocessableContent,
            store: try await Self.storeWithGoods(), role: .clerk)
    }

    func testQuantitiesWithAnError() async throws {
        try await assertPage(
            "items-quantities-errors", "/orders/2/lines/quantities",
            form: "line%5Bl1%5D%5Bquantity%5D=10000&line%5Bl2%5D%5Bquantity%5D=2&version=1", status: .unprocessableContent,
            store: try await Self.storeWithGoods(), role: .clerk)
    }

    func testATypedPriceWithoutAReason() async throws {
        try await assertPage(
            "items-price-errors", "/orders/2/lines/l1/price", form: "price=12.505&reason=&version=1", status: .unprocessableContent,
            store: try await Self.storeWithGoods(), role: .clerk)
    }

    func testAnItemFormFromAStalePage() async throws {
        try await assertPage(
            "items-changed-meanwhile", "/orders/2/lines/l1/remove", form: "version=0", status: .conflict,
            store: try await Self.storeWithGoods(), role: .clerk)
    }

    func testAnItemFormOfAPaidOrder() async throws {
        let store = try await Self.storeWithGoods()
        _ = try await store.changeStatus(id: "2", to: .paid, expectedVersion: 1, reason: nil, by: nil, at: Seeds.june30)
        try await assertPage(
            "items-frozen", "/orders/2/lines/l1/remove", form: "version=2", status: .conflict, store: store, role: .clerk)
    }

    /// A new order's items changed: each line added, removed, re-quantified, re-priced with its
    /// reason, and the tax re-computed.
    func testHistoryOfItemsChanges() async throws {
        try await assertPage(
            "history-items", "/orders/2/history", status: .ok, store: try await Self.storeWithGoods(changed: true), role: .viewer)
    }

    func testNotFound() async throws {
        try await assertPage("not-found", "/orders/99", status: .notFound)
    }

    func testMethodNotAllowed() async throws {
        try await assertPage("method-not-allowed", "/orders/new", form: "", status: .methodNotAllowed)
    }

    // MARK: Signing in

    func testSignInPage() async throws {
        try await assertPage("sign-in-empty", "/sign-in?return=%2Forders%2F2", status: .ok, signedIn: false)
    }

    func testSignInRefusedWithBothFieldsMissing() async throws {
        try await assertPage("sign-in-missing-fields", "/sign-in", form: "username=&password=&return=%2Forders", status: .unprocessableContent, signedIn: false)
    }

    func testSignInWithWrongCredentials() async throws {
        try await assertPage(
            "sign-in-wrong-credentials", "/sign-in", form: "username=sam&password=not+the+password&return=%2Forders",
            status: .unprocessableContent, signedIn: false)
    }

    func testSignInThrottled() async throws {
        let signIn = try await makeTestSignIn()
        // From another address: the username slowed down, at its longest delay (`SignInThrottle`).
        for _ in 0..<9 {
            try await signIn.attempts.recordFailure(username: "sam", address: "198.51.100.7", at: Seeds.june29)
        }
        try await assertPage(
            "sign-in-throttled", "/sign-in", form: "username=sam&password=not+the+password&return=%2Forders", status: .tooManyRequests,
            signedIn: false, signIn: signIn)
    }

    /// An order form posted after the session ended: nothing saved, the typing kept for after signing in.
    func testSessionEndedWithADraft() async throws {
        try await assertPage(
            "sign-in-session-ended-draft", "/orders", form: Seeds.formBody(Seeds.validFormFields), status: .forbidden, signedIn: false)
    }

    /// An edit form posted after the session ended, back after signing in, for the new session (the
    /// old one-page form becomes a draft instead: `AccessControlTests`).
    func testResumedOrderForm() async throws {
        var fields = Seeds.validFormFields
        fields.shipmentAddressCity = "Springfield"
        let draft = OrderDraft(action: "/orders/2", postedBody: Seeds.formBody(fields)).text
        let encoded = draft.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        try await assertPage(
            "form-resumed", "/sign-in", form: "username=sam&password=\(testPassword.replacingOccurrences(of: " ", with: "+"))&draft=\(encoded)",
            status: .ok, signedIn: false)
    }

    func testForbiddenToTheRole() async throws {
        try await assertPage("forbidden", "/orders/new", status: .forbidden, role: .viewer)
    }

    // MARK: Setting up

    static let setupToken = SetupToken(text: "set-up-token-of-the-snapshots")

    func testSetUpPage() async throws {
        try await assertPage(
            "setup-empty", "/setup?token=\(Self.setupToken.text)", status: .ok, signedIn: false,
            signIn: try await makeTestSignIn(role: .clerk, setupToken: Self.setupToken))
    }

    func testSetUpPageWithErrors() async throws {
        try await assertPage(
            "setup-errors", "/setup",
            form: "token=\(Self.setupToken.text)&username=sue+super&displayName=Sue&password=short&passwordConfirmation=other",
            status: .unprocessableContent, signedIn: false, signIn: try await makeTestSignIn(role: .clerk, setupToken: Self.setupToken))
    }
}
