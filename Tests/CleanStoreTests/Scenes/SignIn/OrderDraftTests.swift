import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order form's typing kept across signing in: never the card number, the security code or the
/// CSRF token; only an order form's action.
final class OrderDraftTests: XCTestCase {
    func testTheCardNumberTheSecurityCodeAndTheTokenAreLeftOut() {
        // Given
        let posted = "firstName=Amy&paymentMethodCreditCardNumber=4111+1111+1111+1111&paymentMethodExpirationDate=04%2F29"
            + "&paymentMethodCVV=123&_csrf=abc.def&version=1"

        // When
        let draft = OrderDraft(action: "/orders/2", postedBody: posted)

        // Then
        XCTAssertEqual(draft.body, "firstName=Amy&paymentMethodExpirationDate=04%2F29&version=1", "The rest, in order, as posted")
        XCTAssertEqual(draft.text, "/orders/2?firstName=Amy&paymentMethodExpirationDate=04%2F29&version=1")
    }

    func testAFieldLeftOutIsLeftOutWhateverItsValueOrHowOftenItComes() {
        // When
        let draft = OrderDraft(
            action: "/orders", postedBody: "paymentMethodCVV&paymentMethodCVV=&paymentMethodCVV=1=2&&firstName=A%26B&paymentMethodCVV=9")

        // Then
        XCTAssertEqual(draft.body, "firstName=A%26B")
    }

    func testAFieldNameWrittenWithPercentEscapesIsLeftOutToo() {
        // Given: what a form decoder reads as paymentMethodCreditCardNumber and _csrf
        let posted = "firstName=Amy&payment%4DethodCreditCardNumber=4111111111111111&%5Fcsrf=abc&paymentMethod%43VV=123"

        // When
        let draft = OrderDraft(action: "/orders", postedBody: posted)

        // Then
        XCTAssertEqual(draft.body, "firstName=Amy")
    }

    func testADraftReadBackNamesAnOrderFormsAction() {
        // When
        let new = OrderDraft(text: "/orders?firstName=Amy&paymentMethodCVV=123")
        let edit = OrderDraft(text: "/orders/12?firstName=Amy")
        let empty = OrderDraft(text: "/orders?")

        // Then
        XCTAssertEqual(new, OrderDraft(action: "/orders", postedBody: "firstName=Amy"), "Read back, it leaves the same fields out")
        XCTAssertNil(new?.orderID)
        XCTAssertEqual(edit?.action, "/orders/12")
        XCTAssertEqual(edit?.orderID, "12")
        XCTAssertEqual(empty?.body, "")
    }

    func testOnlyOrdersAndOrdersSlashDigitsAreActions() {
        for text in [
            "/orders", "firstName=Amy", "/orders/new?a=b", "/orders/12/delete?a=b", "/orders/?a=b", "/orders/1a?a=b", "/orders/-1?a=b",
            "//evil.example/orders?a=b", "https://evil.example/orders?a=b", "/sign-in?a=b", "orders?a=b", "/Orders?a=b", "/orders/12/?a=b",
            "/orders/١٢?a=b", "",
        ] {
            XCTAssertNil(OrderDraft(text: text), text)
        }
        XCTAssert(OrderDraft.isOrderFormAction("/orders"))
        XCTAssert(OrderDraft.isOrderFormAction("/orders/7"))
    }

    func testACustomersFormIsKeptTooAndNamesItsCustomer() throws {
        let new = try XCTUnwrap(OrderDraft(text: "/customers/new?firstName=Ann"))
        XCTAssertTrue(new.isCustomerForm)
        XCTAssertNil(new.customerID)
        XCTAssertEqual(new.use, .changeCustomers)
        let edit = try XCTUnwrap(OrderDraft(text: "/customers/12/edit?firstName=Ann&version=3"))
        XCTAssertEqual(edit.customerID, 12)
        XCTAssertEqual(edit.body, "firstName=Ann&version=3")
        let order = try XCTUnwrap(OrderDraft(text: "/orders/12?firstName=Amy"))
        XCTAssertFalse(order.isCustomerForm)
        XCTAssertEqual(order.use, .edit)
        for text in ["/customers/12?firstName=Ann", "/customers/x/edit?a=b", "/customers/12/edit/more?a=b", "/customers?a=b"] {
            XCTAssertNil(OrderDraft(text: text), text)
        }
    }
}
