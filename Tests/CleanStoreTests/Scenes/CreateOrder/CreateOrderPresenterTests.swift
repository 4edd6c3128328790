import XCTest

@testable import CleanStore

final class CreateOrderPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderPresenter!
    var spy: CreateOrderDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = CreateOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = CreateOrderDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class CreateOrderDisplayLogicSpy: CreateOrderDisplayLogic {
        var newOrderViewModel: CreateOrder.NewOrder.ViewModel?
        var expirationDateViewModel: CreateOrder.FormatExpirationDate.ViewModel?
        var createdOrderViewModel: CreateOrder.CreateOrder.ViewModel?
        var orderToEditViewModel: CreateOrder.EditOrder.ViewModel?
        var updatedOrderViewModel: CreateOrder.UpdateOrder.ViewModel?

        func displayNewOrder(viewModel: CreateOrder.NewOrder.ViewModel) { newOrderViewModel = viewModel }
        func displayExpirationDate(viewModel: CreateOrder.FormatExpirationDate.ViewModel) { expirationDateViewModel = viewModel }
        func displayCreatedOrder(viewModel: CreateOrder.CreateOrder.ViewModel) { createdOrderViewModel = viewModel }
        func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel) { orderToEditViewModel = viewModel }
        func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel) { updatedOrderViewModel = viewModel }
    }

    // MARK: Tests: new order

    func testPresentNewOrderShouldDisplayAnEmptyForm() throws {
        // When
        sut.presentNewOrder(response: CreateOrder.NewOrder.Response())

        // Then
        let form = try XCTUnwrap(spy.newOrderViewModel?.form)
        XCTAssertEqual(form.title, "New order")
        XCTAssertEqual(form.heading, "New order")
        XCTAssertEqual(form.submitLabel, "Save order")
        XCTAssertNil(form.orderID)
        XCTAssertFalse(form.hasErrors)
        XCTAssertEqual(form.errors, [])
        XCTAssertNil(form.cardHint)
        XCTAssertEqual(Set(form.fields.keys), Set(CreateOrder.Field.allCases.map(\.rawValue)))
        XCTAssert(form.fields.values.allSatisfy { $0.value.isEmpty && $0.errorMessage == nil })
    }

    // MARK: Tests: format expiration date

    func testPresentExpirationDateShouldFormatAsMonthSlashYear() {
        // When
        sut.presentExpirationDate(response: CreateOrder.FormatExpirationDate.Response(date: ExpirationDate(year: 2029, month: 4)))

        // Then
        XCTAssertEqual(spy.expirationDateViewModel?.date, "04/29", "Presenting an expiration date should format it as MM/YY")
    }

    // MARK: Tests: create order

    func testPresentCreatedOrderShouldNameTheNewOrderID() {
        // Given
        var order = Seeds.Orders.amy
        order.id = "42"

        // When
        sut.presentCreatedOrder(response: CreateOrder.CreateOrder.Response(order: order, orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertEqual(spy.createdOrderViewModel?.message, "Order 42 was created.")
        XCTAssertNil(spy.createdOrderViewModel?.form)
    }

    func testPresentCreatedOrderShouldListEveryErrorAndKeepTheTypedValuesButTheSecurityCode() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.email = ""
        fields.paymentMethodCVV = "999"
        let errors = [
            CreateOrder.FieldError(field: .email, problem: .missing),
            CreateOrder.FieldError(field: .paymentMethodExpirationDate, problem: .badFormat),
        ]

        // When
        sut.presentCreatedOrder(response: CreateOrder.CreateOrder.Response(order: nil, orderFormFields: fields, errors: errors))

        // Then
        XCTAssertNil(spy.createdOrderViewModel?.message)
        let form = try XCTUnwrap(spy.createdOrderViewModel?.form)
        XCTAssertEqual(form.title, "Error: New order", "The title starts with Error: ")
        XCTAssert(form.hasErrors)
        XCTAssertEqual(form.errors, [
            .init(field: "email", message: "Enter the customer's email address"),
            .init(field: "paymentMethodExpirationDate", message: "Enter the expiry date like 04/29"),
        ])
        XCTAssertEqual(form.fields["email"]?.errorMessage, "Enter the customer's email address")
        XCTAssertEqual(form.fields["firstName"]?.value, "Amy", "Typed values come back")
        XCTAssertNil(form.fields["firstName"]?.errorMessage)
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "4111 1111 1111 1111")
        XCTAssertEqual(form.fields["paymentMethodCVV"]?.value, "", "The security code is never echoed back")
        XCTAssertTrue(form.billingAddressSameAsShipping)
        XCTAssertEqual(form.shipmentMethodSpeed, "1")
    }

    func testPresentCreatedOrderShouldExplainASaveFailure() throws {
        // When
        sut.presentCreatedOrder(
            response: CreateOrder.CreateOrder.Response(
                order: nil, orderFormFields: Seeds.validFormFields, saveFailure: .storeUnavailable))

        // Then
        let form = try XCTUnwrap(spy.createdOrderViewModel?.form)
        XCTAssert(form.hasErrors)
        XCTAssertEqual(form.errors, [])
        XCTAssertEqual(
            form.formMessage,
            "The order could not be saved just now. Nothing you typed was lost: check the form and save it again.")
        XCTAssertEqual(form.fields["lastName"]?.value, "Apple")
    }

    static let allProblems: [CreateOrder.Problem] = [
        .missing, .tooLong(maximum: 100), .controlCharacters, .looksLikeCardNumber, .badFormat, .phoneDigitCount,
        .unknownState, .cardNumberLength, .cardNumberChecksum, .monthOutOfRange, .expired,
    ]

    func testEveryFieldHasAMessageForEveryProblemThatSaysWhatToDo() {
        for field in CreateOrder.Field.allCases {
            for problem in Self.allProblems {
                let message = sut.message(for: CreateOrder.FieldError(field: field, problem: problem))
                XCTAssertFalse(message.isEmpty)
                XCTAssertFalse(message.lowercased().contains("please"), message)
                XCTAssertFalse(message.lowercased().contains("invalid"), message)
                XCTAssertFalse(message.lowercased().contains("required"), message)
                XCTAssertFalse(message.hasSuffix("."), "GOV.UK messages have no full stop: \(message)")
            }
        }
    }

    func testEachErrorKindBecomesItsMessage() {
        let expected: [(CreateOrder.Field, CreateOrder.Problem, String)] = [
            (.email, .missing, "Enter the customer's email address"),
            (.email, .badFormat, "Enter an email address in the correct format, like name@example.com"),
            (.firstName, .tooLong(maximum: 100), "First name must be 100 characters or fewer"),
            (.billingAddressZIP, .tooLong(maximum: 20), "ZIP code of the billing address must be 20 characters or fewer"),
            (.lastName, .controlCharacters, "Last name must not include tabs, line breaks or other control characters"),
            (.shipmentAddressStreet1, .looksLikeCardNumber, "Street line 1 of the shipment address must not include a card number"),
            (.phone, .badFormat, "Enter a phone number using only digits, spaces, dashes, dots, brackets and a leading +, like (415) 555-0100"),
            (.phone, .phoneDigitCount, "Enter a phone number with 7 to 15 digits"),
            (.shipmentAddressState, .unknownState, "Enter a US state or territory code, like CA"),
            (.shipmentAddressZIP, .badFormat, "Enter a ZIP code like 94107 or 94107-1234"),
            (.billingAddressZIP, .badFormat, "Enter a ZIP code like 94107 or 94107-1234"),
            (.shipmentMethodSpeed, .missing, "Select a shipping method"),
            (.shipmentMethodSpeed, .badFormat, "Select a shipping method from the list"),
            (.paymentMethodCreditCardNumber, .badFormat, "Enter a card number using only digits, spaces and dashes"),
            (.paymentMethodCreditCardNumber, .cardNumberLength, "Enter a card number that is 12 to 19 digits long"),
            (.paymentMethodCreditCardNumber, .cardNumberChecksum, "Enter the card number exactly as it is on the card"),
            (.paymentMethodExpirationDate, .badFormat, "Enter the expiry date like 04/29"),
            (.paymentMethodExpirationDate, .monthOutOfRange, "Enter an expiry month from 1 to 12"),
            (.paymentMethodExpirationDate, .expired, "The expiry date must be in the future"),
            (.paymentMethodCVV, .missing, "Enter the card security code"),
            (.paymentMethodCVV, .badFormat, "Enter a card security code of 3 or 4 digits"),
        ]
        for (field, problem, message) in expected {
            XCTAssertEqual(sut.message(for: CreateOrder.FieldError(field: field, problem: problem)), message)
        }
    }

    func testTheSummaryFollowsTheFormsOrderAndUsesTheInlineWords() throws {
        // Given: errors in no particular order
        let errors = [
            CreateOrder.FieldError(field: .billingAddressZIP, problem: .badFormat),
            CreateOrder.FieldError(field: .firstName, problem: .missing),
            CreateOrder.FieldError(field: .paymentMethodCVV, problem: .badFormat),
        ]

        // When
        sut.presentCreatedOrder(response: CreateOrder.CreateOrder.Response(order: nil, orderFormFields: CreateOrder.OrderFormFields(), errors: errors))

        // Then
        let form = try XCTUnwrap(spy.createdOrderViewModel?.form)
        XCTAssertEqual(form.errors.map(\.field), ["firstName", "paymentMethodCVV", "billingAddressZIP"])
        for error in form.errors {
            XCTAssertEqual(form.fields[error.field]?.errorMessage, error.message, "Summary and inline message say the same")
        }
    }

    // MARK: Tests: edit order

    func testPresentOrderToEditShouldFillTheFormFromTheOrderButTheCard() throws {
        // When
        sut.presentOrderToEdit(response: CreateOrder.EditOrder.Response(order: Seeds.Orders.bob))

        // Then
        let form = try XCTUnwrap(spy.orderToEditViewModel?.form)
        XCTAssertEqual(form.title, "Edit order 2")
        XCTAssertEqual(form.submitLabel, "Save changes")
        XCTAssertEqual(form.orderID, "2")
        XCTAssertEqual(form.fields["firstName"]?.value, "Bob")
        XCTAssertEqual(form.fields["shipmentAddressStreet1"]?.value, "3 Ship Street")
        XCTAssertEqual(form.fields["shipmentAddressZIP"]?.value, "02108-1234")
        XCTAssertEqual(form.fields["billingAddressStreet2"]?.value, "Apt 2")
        XCTAssertEqual(form.shipmentMethodSpeed, "2")
        XCTAssertFalse(form.billingAddressSameAsShipping, "Bob's billing address is not his shipment address")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "", "The card number is never shown whole")
        XCTAssertEqual(form.fields["paymentMethodCVV"]?.value, "")
        XCTAssertEqual(form.cardHint, "Leave empty to keep the card ending 4444.")
    }

    func testPresentOrderToEditShouldTickSameAsShippingWhenTheAddressesAreEqual() {
        sut.presentOrderToEdit(response: CreateOrder.EditOrder.Response(order: Seeds.Orders.amy))
        XCTAssertEqual(spy.orderToEditViewModel?.form?.billingAddressSameAsShipping, true)
    }

    func testPresentOrderToEditShouldDisplayNoFormWhenThereIsNoOrder() {
        sut.presentOrderToEdit(response: CreateOrder.EditOrder.Response(order: nil))
        XCTAssertNotNil(spy.orderToEditViewModel)
        XCTAssertNil(spy.orderToEditViewModel?.form)
    }

    // MARK: Tests: update order

    func testPresentUpdatedOrderShouldSayTheOrderWasUpdated() {
        // When
        sut.presentUpdatedOrder(
            response: CreateOrder.UpdateOrder.Response(
                orderToEdit: Seeds.Orders.amy, order: Seeds.Orders.amy, orderFormFields: Seeds.validFormFields))

        // Then
        XCTAssertEqual(spy.updatedOrderViewModel?.orderID, "1")
        XCTAssertEqual(spy.updatedOrderViewModel?.message, "Order 1 was updated.")
        XCTAssertNil(spy.updatedOrderViewModel?.form)
    }

    func testPresentUpdatedOrderShouldShowTheEditFormWithErrors() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""

        // When
        sut.presentUpdatedOrder(
            response: CreateOrder.UpdateOrder.Response(
                orderToEdit: Seeds.Orders.bob, order: nil, orderFormFields: fields,
                errors: [CreateOrder.FieldError(field: .phone, problem: .missing)]))

        // Then
        XCTAssertNil(spy.updatedOrderViewModel?.message)
        let form = try XCTUnwrap(spy.updatedOrderViewModel?.form)
        XCTAssertEqual(form.title, "Error: Edit order 2")
        XCTAssertEqual(form.errors, [.init(field: "phone", message: "Enter the customer's phone number")])
        XCTAssertEqual(form.cardHint, "Leave empty to keep the card ending 4444.")
        XCTAssertEqual(form.fields["email"]?.value, "amy.apple@clean-swift.com", "The posted values come back")
    }

    func testPresentUpdatedOrderShouldDisplayNothingToEditWhenThereIsNoOrder() {
        sut.presentUpdatedOrder(
            response: CreateOrder.UpdateOrder.Response(orderToEdit: nil, order: nil, orderFormFields: Seeds.validFormFields))
        XCTAssertNotNil(spy.updatedOrderViewModel)
        XCTAssertNil(spy.updatedOrderViewModel?.form)
        XCTAssertNil(spy.updatedOrderViewModel?.message)
    }

    func testPresentOrderToEditShouldCarryTheOrdersVersion() throws {
        // Given
        var bob = Seeds.Orders.bob
        bob.version = 4

        // When
        sut.presentOrderToEdit(response: CreateOrder.EditOrder.Response(order: bob))

        // Then
        XCTAssertEqual(spy.orderToEditViewModel?.form?.version, "4")
        XCTAssertEqual(spy.orderToEditViewModel?.form?.hasConflict, false)
    }

    func testPresentUpdatedOrderShouldKeepThePostedVersionWhenTheFormIsRefused() {
        // Given
        var fields = Seeds.validFormFields
        fields.version = "3"

        // When
        sut.presentUpdatedOrder(
            response: CreateOrder.UpdateOrder.Response(
                orderToEdit: Seeds.Orders.bob, order: nil, orderFormFields: fields,
                errors: [CreateOrder.FieldError(field: .phone, problem: .missing)]))

        // Then
        XCTAssertEqual(spy.updatedOrderViewModel?.form?.version, "3", "A refused form still saves over what it was opened at")
    }

    func testPresentUpdatedOrderShouldShowTheOrderAsSavedAndWhatTheClerkTypedAfterAConflict() throws {
        // Given: Bob's order, saved by someone else as version 5; the clerk typed Amy's details
        var current = Seeds.Orders.bob
        current.version = 5
        var fields = Seeds.validFormFields
        fields.version = "4"
        fields.paymentMethodCreditCardNumber = "4111 1111 1111 1111"
        fields.paymentMethodExpirationDate = "12/30"  // the same as saved
        fields.shipmentAddressState = "ma"  // the same, in other letters
        fields.shipmentAddressStreet2 = "Suite 1"

        // When
        sut.presentUpdatedOrder(
            response: CreateOrder.UpdateOrder.Response(
                orderToEdit: current, order: nil, orderFormFields: fields, conflict: current))

        // Then
        let viewModel = try XCTUnwrap(spy.updatedOrderViewModel)
        XCTAssertNil(viewModel.message)
        XCTAssertEqual(viewModel.orderID, "2")
        let form = try XCTUnwrap(viewModel.form)
        XCTAssertTrue(form.hasConflict)
        XCTAssertEqual(form.version, "5", "Saved as it is shown, the form overwrites nothing")
        XCTAssertEqual(form.title, "Error: Edit order 2")
        XCTAssertEqual(
            form.formMessage,
            "Someone else changed order 2 after you opened this form, so your changes were not saved. "
                + "The form now shows the order as it is saved, and what you typed under each field where it differs. "
                + "Make your changes again, then save.")
        XCTAssertEqual(form.fields["firstName"]?.value, "Bob", "The order as saved now")
        XCTAssertEqual(form.fields["firstName"]?.typedValue, "Amy", "What the clerk typed is not lost")
        XCTAssertEqual(form.fields["shipmentAddressCity"]?.value, "Boston")
        XCTAssertEqual(form.fields["shipmentAddressCity"]?.typedValue, "Cupertino")
        XCTAssertEqual(form.fields["shipmentAddressStreet2"]?.typedValue, "Suite 1")
        XCTAssertNil(form.fields["shipmentAddressState"]?.typedValue, "Equal values are not repeated")
        XCTAssertEqual(form.fields["shipmentMethodSpeed"]?.typedValue, "One-Day Shipping")
        XCTAssertEqual(form.shipmentMethodSpeed, "2")
        XCTAssertNil(form.fields["paymentMethodExpirationDate"]?.typedValue)
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "", "An empty card field keeps the saved card")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.typedValue, "a new card ending 1111", "Never the whole number")
        XCTAssertNil(form.fields["paymentMethodCVV"]?.typedValue)
        XCTAssertEqual(form.cardHint, "Leave empty to keep the card ending 4444.", "The card saved now")
        XCTAssertEqual(form.errors, [])
    }
}
