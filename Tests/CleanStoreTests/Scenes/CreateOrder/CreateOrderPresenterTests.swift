import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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
        var orderToEditViewModel: CreateOrder.EditOrder.ViewModel?
        var updatedOrderViewModel: CreateOrder.UpdateOrder.ViewModel?

        func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel) { orderToEditViewModel = viewModel }
        func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel) { updatedOrderViewModel = viewModel }
        var resumedDraftViewModel: CreateOrder.ResumeDraft.ViewModel?
        func displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel) { resumedDraftViewModel = viewModel }
    }

    static let shipmentMethods = [
        ShipmentMethod(speed: .standard), ShipmentMethod(speed: .oneDay), ShipmentMethod(speed: .twoDay),
    ]

    /// A conflict of a form that carried no base (`OrderEditMerge.Outcome.unknown` for every
    /// field that differs), or of the base given.
    static func conflict(
        current: Order, attempted: Order, posted: CreateOrder.PostedForm, base: [CreateOrder.Field: String] = [:],
        changedBy: [CreateOrder.Field: AccountName] = [:], theirCardChanged: Bool? = nil
    ) -> CreateOrder.UpdateOrder.Response {
        let merge = OrderEditMerge.merge(
            base: base, mine: attempted, cardTyped: !posted.fields.paymentMethodCreditCardNumber.isEmpty, theirs: current,
            theirCardChanged: theirCardChanged)
        return .conflict(
            current: current, attempted: attempted, posted: posted, merge: merge, changedBy: changedBy, shipmentMethods: shipmentMethods)
    }

    /// A form as it comes back, with the month its expiry names.
    static func posted(_ fields: CreateOrder.OrderFormFields, expiry: ExpirationDate? = ExpirationDate(year: 2029, month: 4))
        -> CreateOrder.PostedForm
    {
        CreateOrder.PostedForm(fields: fields, expirationDate: expiry)
    }

    /// The form a page shows, and why.
    func form(_ page: CreateOrder.DisplayedPage?, file: StaticString = #filePath, line: UInt = #line) throws
        -> (CreateOrder.DisplayedForm, CreateOrder.FormState)
    {
        guard case .form(let form, let state) = page else {
            XCTFail("Not a form: \(String(describing: page))", file: file, line: line)
            throw UnexpectedValue()
        }
        return (form, state)
    }

    func testEveryFormShowsItsHintsUnderTheLabelsEachStartingWithACapital() throws {
        // When
        sut.presentOrderToEdit(response: .found(Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        let (edit, _) = try form(spy.orderToEditViewModel?.page)
        XCTAssertEqual(edit.fields.compactMapValues(\.hint), [
            "paymentMethodCreditCardNumber": "Leave empty to keep the card ending 4444.",
            "paymentMethodExpirationDate": "For example, 04/29", "paymentMethodCVV": "The last 3 or 4 digits on the back of the card",
        ])
        for hint in edit.fields.values.compactMap(\.hint) {
            XCTAssert(hint.first?.isUppercase == true, "\(hint) starts with a capital")
        }
    }

    func testAFieldIsDescribedByItsHintThenItsErrorThenWhatWasTyped() {
        typealias DisplayedField = CreateOrder.DisplayedForm.DisplayedField
        let name = "paymentMethodExpirationDate"
        XCTAssertNil(DisplayedField(name: name, value: "").describedBy)
        XCTAssertEqual(DisplayedField(name: name, value: "", hint: "For example, 04/29").describedBy, "\(name)-hint")
        XCTAssertEqual(
            DisplayedField(name: name, value: "", errorMessage: "Enter", hint: "For example, 04/29").describedBy,
            "\(name)-hint \(name)-error", "GOV.UK's order: the hint, then the error")
        XCTAssertEqual(
            DisplayedField(name: name, value: "", errorMessage: "Enter", typedValue: "13/29", hint: "For example, 04/29").describedBy,
            "\(name)-hint \(name)-error \(name)-typed")
        XCTAssertEqual(DisplayedField(name: "firstName", value: "", typedValue: "Amy").describedBy, "firstName-typed")
        XCTAssertEqual(
            DisplayedField(
                name: "email", value: "", errorMessage: "Enter", typedValue: "a@example.com",
                theirChange: CreateOrder.DisplayedForm.TheirChange(who: "Amy", value: "b@example.com"), hint: "We write to it"
            ).describedBy, "email-hint email-error email-theirs email-typed")
        XCTAssertEqual(
            DisplayedField(name: "email", value: "", theirChange: CreateOrder.DisplayedForm.TheirChange(who: "Amy", value: "b")).describedBy,
            "email-theirs")
    }

    // MARK: Tests: a refused form

    func testARefusedFormShouldListEveryErrorAndKeepTheTypedValuesButTheSecurityCode() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.email = ""
        fields.paymentMethodCVV = "999"
        fields.paymentMethodExpirationDate = "4/2029"
        let errors = [
            CreateOrder.FieldError(field: .email, problem: .missing),
            CreateOrder.FieldError(field: .paymentMethodExpirationDate, problem: .badFormat),
        ]

        // When
        sut.presentUpdatedOrder(
            response: .invalid(Self.posted(fields), errors, orderToEdit: Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(state, .invalid)
        XCTAssertEqual(form.title, "Error: Edit order 2", "The title starts with Error: ")
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
        XCTAssertEqual(form.fields["paymentMethodExpirationDate"]?.value, "04/29", "The month typed, shown as MM/YY")
        XCTAssertTrue(form.billingAddressSameAsShipping)
        XCTAssertEqual(form.shippingMethods.filter(\.selected).map(\.value), ["1"])
    }

    func testARefusedFormShouldShowAnExpiryThatNamesNoMonthAsTyped() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodExpirationDate = "13/29"

        // When
        sut.presentUpdatedOrder(
            response: .invalid(
                Self.posted(fields, expiry: nil), [CreateOrder.FieldError(field: .paymentMethodExpirationDate, problem: .monthOutOfRange)],
                orderToEdit: Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(form.fields["paymentMethodExpirationDate"]?.value, "13/29")
    }

    static let allProblems: [CreateOrder.Problem] = [
        .missing, .tooLong(maximum: 100), .controlCharacters, .formatCharacters, .looksLikeCardNumber, .badFormat, .phoneDigitCount,
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
            (.firstName, .formatCharacters, "First name must not include hidden formatting characters, such as text direction marks"),
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
        sut.presentUpdatedOrder(
            response: .invalid(
                Self.posted(CreateOrder.OrderFormFields(), expiry: nil), errors, orderToEdit: Seeds.Orders.bob,
                shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(form.errors.map(\.field), ["firstName", "paymentMethodCVV", "billingAddressZIP"])
        for error in form.errors {
            XCTAssertEqual(form.fields[error.field]?.errorMessage, error.message, "Summary and inline message say the same")
        }
    }

    // MARK: Tests: edit order

    func testPresentOrderToEditShouldFillTheFormFromTheOrderButTheCard() throws {
        // When
        sut.presentOrderToEdit(response: .found(Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.orderToEditViewModel?.page)
        XCTAssertEqual(state, .ready)
        XCTAssertEqual(form.title, "Edit order 2")
        XCTAssertEqual(form.submitLabel, "Save changes")
        XCTAssertEqual(form.action, "/orders/2")
        XCTAssertEqual(form.cancelURL, "/orders/2")
        XCTAssertEqual(form.fields["firstName"]?.value, "Bob")
        XCTAssertEqual(form.fields["shipmentAddressStreet1"]?.value, "3 Ship Street")
        XCTAssertEqual(form.fields["shipmentAddressZIP"]?.value, "02108-1234")
        XCTAssertEqual(form.fields["billingAddressStreet2"]?.value, "Apt 2")
        XCTAssertEqual(form.fields["paymentMethodExpirationDate"]?.value, "12/30", "The expiry, formatted as MM/YY")
        XCTAssertEqual(form.shippingMethods.filter(\.selected).map(\.value), ["2"])
        XCTAssertFalse(form.billingAddressSameAsShipping, "Bob's billing address is not his shipment address")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "", "The card number is never shown whole")
        XCTAssertEqual(form.fields["paymentMethodCVV"]?.value, "")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.hint, "Leave empty to keep the card ending 4444.")
    }

    func testPresentOrderToEditShouldTickSameAsShippingWhenTheAddressesAreEqual() throws {
        sut.presentOrderToEdit(response: .found(Seeds.Orders.amy, shipmentMethods: Self.shipmentMethods))
        XCTAssertEqual(try form(spy.orderToEditViewModel?.page).0.billingAddressSameAsShipping, true)
    }

    func testPresentOrderToEditShouldSayNotFoundWhenThereIsNoOrder() {
        sut.presentOrderToEdit(response: .notFound)
        XCTAssertEqual(spy.orderToEditViewModel?.page, .notFound)
    }

    func testPresentOrderToEditShouldSayUnavailableWhenTheStoreCouldNotBeRead() {
        sut.presentOrderToEdit(response: .storeUnavailable)
        XCTAssertEqual(spy.orderToEditViewModel?.page, .unavailable)
    }

    func testPresentOrderToEditShouldCarryTheOrdersVersion() throws {
        // Given
        var bob = Seeds.Orders.bob
        bob.version = 4

        // When
        sut.presentOrderToEdit(response: .found(bob, shipmentMethods: Self.shipmentMethods))

        // Then
        XCTAssertEqual(try form(spy.orderToEditViewModel?.page).0.version, "4")
    }

    // MARK: Tests: update order

    func testPresentUpdatedOrderShouldSayTheOrderWasUpdated() {
        // When
        sut.presentUpdatedOrder(response: .updated(Seeds.Orders.amy))

        // Then
        XCTAssertEqual(spy.updatedOrderViewModel?.page, .saved(orderID: "1", flash: "Order 1 was updated."))
    }

    func testPresentUpdatedOrderShouldShowTheEditFormWithErrors() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""

        // When
        sut.presentUpdatedOrder(
            response: .invalid(
                Self.posted(fields), [CreateOrder.FieldError(field: .phone, problem: .missing)],
                orderToEdit: Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(state, .invalid)
        XCTAssertEqual(form.title, "Error: Edit order 2")
        XCTAssertEqual(form.errors, [.init(field: "phone", message: "Enter the customer's phone number")])
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.hint, "Leave empty to keep the card ending 4444.")
        XCTAssertEqual(form.fields["email"]?.value, "amy.apple@clean-swift.com", "The posted values come back")
    }

    func testPresentUpdatedOrderShouldSayNotFoundWhenThereIsNoOrder() {
        sut.presentUpdatedOrder(response: .notFound)
        XCTAssertEqual(spy.updatedOrderViewModel?.page, .notFound)
    }

    func testPresentUpdatedOrderShouldKeepThePostedVersionWhenTheFormIsRefused() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.version = "3"

        // When
        sut.presentUpdatedOrder(
            response: .invalid(
                Self.posted(fields), [CreateOrder.FieldError(field: .phone, problem: .missing)],
                orderToEdit: Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        XCTAssertEqual(try form(spy.updatedOrderViewModel?.page).0.version, "3", "A refused form still saves over what it was opened at")
    }

    func testPresentUpdatedOrderShouldKeepTheFormAboutTheOrderWhenTheStoreCouldNotReadIt() throws {
        // When
        sut.presentUpdatedOrder(
            response: .storeUnavailable(
                Self.posted(Seeds.validFormFields), orderID: "7", orderToEdit: nil, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(state, .unavailable)
        XCTAssertEqual(form.heading, "Edit order 7")
        XCTAssertEqual(form.action, "/orders/7", "Saved again, the form updates order 7 (never creates a new one)")
        XCTAssertEqual(form.version, "1")
        XCTAssertNil(form.fields["paymentMethodCreditCardNumber"]?.hint, "The stored card is not known")
        XCTAssertEqual(form.formMessage, CreateOrderPresenter.storeUnavailableMessage)
    }

    /// A form without its base (`OrderEditMerge.Outcome.unknown`): every field that differs from
    /// the order as saved is asked, pre-filled with what the clerk typed, crediting no one.
    func testPresentUpdatedOrderShouldAskEveryFieldThatDiffersAfterAConflictOfAFormWithoutItsBase() throws {
        // Given: Bob's order, saved by someone else as version 5; the clerk typed Amy's details
        var current = Seeds.Orders.bob
        current.version = 5
        var fields = Seeds.validFormFields
        fields.version = "4"
        fields.paymentMethodCreditCardNumber = "4111 1111 1111 1111"
        fields.paymentMethodExpirationDate = "12/30"  // the same as saved
        fields.shipmentAddressState = "ma"  // the same, in other letters
        fields.shipmentAddressStreet2 = "Suite 1"
        // The order that form would have saved, as the interactor builds it
        var attempted = current
        attempted.firstName = "Amy"
        attempted.lastName = "Apple"
        attempted.phone = "111-111-1111"
        attempted.email = "amy.apple@clean-swift.com"
        attempted.shipmentAddress = Address(street1: "1 Infinite Loop", street2: "Suite 1", city: "Cupertino", state: "MA", zip: "95014")
        attempted.billingAddress = attempted.shipmentAddress
        attempted.shipmentMethod = ShipmentMethod(speed: .oneDay)
        attempted.paymentMethod = PaymentMethod(creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2030, month: 12))
        attempted.version = 4

        // When
        sut.presentUpdatedOrder(
            response: Self.conflict(current: current, attempted: attempted, posted: Self.posted(fields)))

        // Then
        let (form, state) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(state, .conflict)
        XCTAssertEqual(form.action, "/orders/2")
        XCTAssertEqual(form.version, "5", "Saved as it is shown, the form overwrites nothing")
        XCTAssertEqual(form.title, "Error: Edit order 2")
        XCTAssertEqual(
            form.formMessage,
            "Someone else changed order 2 after you opened this form, so your changes were not saved. "
                + "The form now shows their changes and yours; under each field listed you both changed, it shows what they "
                + "saved and what you typed, with your value in the field. Check those fields, then save.")
        XCTAssertEqual(form.fields["firstName"]?.value, "Amy", "Pre-filled with what the clerk typed")
        XCTAssertEqual(form.fields["firstName"]?.typedValue, "Amy", "What the clerk typed is not lost")
        XCTAssertNil(form.fields["firstName"]?.theirChange, "Whose change it is cannot be told: no one is credited")
        XCTAssertEqual(form.fields["shipmentAddressCity"]?.value, "Cupertino")
        XCTAssertEqual(form.fields["shipmentAddressCity"]?.typedValue, "Cupertino")
        XCTAssertEqual(form.fields["shipmentAddressStreet2"]?.typedValue, "Suite 1")
        XCTAssertNil(form.fields["shipmentAddressState"]?.typedValue, "Equal values are not repeated")
        XCTAssertEqual(form.fields["shipmentMethodSpeed"]?.typedValue, "One-Day Shipping")
        XCTAssertEqual(form.shippingMethods.filter(\.selected).map(\.value), ["1"])
        XCTAssertNil(form.fields["paymentMethodExpirationDate"]?.typedValue)
        XCTAssertEqual(form.fields["paymentMethodExpirationDate"]?.value, "12/30")
        XCTAssertEqual(form.fields["billingAddressStreet1"]?.typedValue, "1 Infinite Loop", "Same as shipping: the shipping text")
        XCTAssertEqual(form.fields["billingAddressState"]?.typedValue, "ma", "As the clerk typed it, where it differs")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "", "An empty card field keeps the saved card")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.typedValue, "a new card ending 1111", "Never the whole number")
        XCTAssertNil(form.fields["paymentMethodCVV"]?.typedValue)
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.hint, "Leave empty to keep the card ending 4444.", "The card saved now")
        XCTAssertEqual(
            form.errors.map { [$0.field, $0.message] },
            [
                ["firstName", "First name: you typed Amy"],
                ["lastName", "Last name: you typed Apple"],
                ["phone", "Phone number: you typed 111-111-1111"],
                ["email", "Email address: you typed amy.apple@clean-swift.com"],
                ["shipmentAddressStreet1", "Street line 1 of the shipment address: you typed 1 Infinite Loop"],
                ["shipmentAddressStreet2", "Street line 2 of the shipment address: you typed Suite 1"],
                ["shipmentAddressCity", "City of the shipment address: you typed Cupertino"],
                ["shipmentAddressZIP", "ZIP code of the shipment address: you typed 95014"],
                ["shipmentMethodSpeed", "Shipping method: you chose One-Day Shipping"],
                ["paymentMethodCreditCardNumber", "Card number: you typed a new card ending 1111"],
                ["billingAddressStreet1", "Street line 1 of the billing address: you typed 1 Infinite Loop"],
                ["billingAddressStreet2", "Street line 2 of the billing address: you typed Suite 1"],
                ["billingAddressCity", "City of the billing address: you typed Cupertino"],
                ["billingAddressState", "State of the billing address: you typed ma"],
                ["billingAddressZIP", "ZIP code of the billing address: you typed 95014"],
            ],
            "The summary links to every field that differs, in the form's order, as it links to mistakes")
        XCTAssertEqual(
            Set(form.errors.map(\.field)), Set(form.fields.values.filter { $0.typedValue != nil }.map(\.name)),
            "A link for every note under a field, and a note for every link")
    }

    func testAfterAConflictABillingAddressThatFollowsTheShippingOneIsNotRepeated() throws {
        // Given: Amy's order (billing = shipping), saved by someone else; the clerk, with "same as
        // shipping" ticked, moved it to Palo Alto
        var current = Seeds.Orders.amy
        current.version = 2
        var attempted = current
        attempted.shipmentAddress.city = "Palo Alto"
        attempted.billingAddress.city = "Palo Alto"
        var fields = sut.formFields(of: current)
        fields.shipmentAddressCity = "Palo Alto"
        fields.version = "1"

        // When
        sut.presentUpdatedOrder(
            response: Self.conflict(current: current, attempted: attempted, posted: Self.posted(fields)))

        // Then
        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssert(form.billingAddressSameAsShipping)
        XCTAssertEqual(form.fields.compactMapValues(\.typedValue), ["shipmentAddressCity": "Palo Alto"], "The billing fields are hidden")
        XCTAssertEqual(form.errors, [.init(field: "shipmentAddressCity", message: "City of the shipment address: you typed Palo Alto")])
    }

    func testAfterAConflictABillingAddressTypedWhereTheOrderNowFollowsTheShippingOneIsShownAsTyped() throws {
        // Given: Amy's order as saved now has "same as shipping" ticked; the clerk's form, opened
        // before, had a billing address of its own, which they kept
        var current = Seeds.Orders.amy
        current.version = 2
        var attempted = current
        attempted.billingAddress = Address(street1: "2 Bill Street", street2: "", city: "Bobsville", state: "NY", zip: "10001")
        var fields = sut.formFields(of: current)
        fields.billingAddressSameAsShipping = ""
        fields.billingAddressStreet1 = "2 Bill Street"
        fields.billingAddressCity = "Bobsville"
        fields.billingAddressState = "NY"
        fields.billingAddressZIP = "10001"
        fields.version = "1"

        // When
        sut.presentUpdatedOrder(
            response: Self.conflict(current: current, attempted: attempted, posted: Self.posted(fields)))

        // Then
        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertFalse(form.billingAddressSameAsShipping, "The clerk's own billing address is shown, as typed")
        XCTAssertEqual(form.fields["billingAddressCity"]?.value, "Bobsville")
        XCTAssertEqual(form.fields["billingAddressCity"]?.typedValue, "Bobsville")
        XCTAssertEqual(
            form.errors.map(\.field), ["billingAddressStreet1", "billingAddressCity", "billingAddressState", "billingAddressZIP"],
            "Each billing field asked is linked")
        XCTAssertEqual(
            sut.differences([.billingAddressCity: "Bobsville"], billingHidden: true),
            [.init(field: "billingAddressSameAsShipping", message: "Same as shipping address: you typed a different billing address")],
            "While the box hides the billing fields, the link goes to the box")
    }

    func testTheConflictsSummarySaysAFieldWasLeftEmpty() throws {
        // Given: the clerk emptied street line 2 of Bob's billing address, which someone else kept
        var current = Seeds.Orders.bob
        current.version = 2
        var attempted = current
        attempted.billingAddress.street2 = ""
        var fields = sut.formFields(of: current)
        fields.billingAddressStreet2 = "  "
        fields.version = "1"

        // When
        sut.presentUpdatedOrder(
            response: Self.conflict(current: current, attempted: attempted, posted: Self.posted(fields)))

        // Then
        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(form.fields["billingAddressStreet2"]?.typedValue, "(empty)")
        XCTAssertEqual(
            form.errors, [.init(field: "billingAddressStreet2", message: "Street line 2 of the billing address: you left it empty")])
    }

    func testPresentUpdatedOrderShouldNameWhoMadeTheOtherChangeAndWhen() throws {
        // Given
        let spy = CreateOrderDisplayLogicSpy()
        sut.viewController = spy
        var current = Seeds.Orders.bob
        current.version = 3
        current.updatedBy = AccountSeeds.sue.name
        current.updatedAt = Seeds.june30.addingTimeInterval(8 * 3600 + 5 * 60)  // 2:05 PM UTC
        var anonymous = current
        anonymous.updatedBy = nil
        var fields = Seeds.validFormFields
        fields.version = "2"

        // When
        var messages: [String?] = []
        for stored in [current, anonymous] {
            sut.presentUpdatedOrder(
                response: Self.conflict(current: stored, attempted: stored, posted: Self.posted(fields)))
            messages.append(try form(spy.updatedOrderViewModel?.page).0.formMessage)
        }

        // Then
        let rest = " after you opened this form, so your changes were not saved. "
            + "The form now shows their changes and yours; under each field listed you both changed, it shows what they "
            + "saved and what you typed, with your value in the field. Check those fields, then save."
        XCTAssertEqual(messages, [
            "Sue Super (sue) changed order 2 on 30 June 2007 at 2:05pm" + rest,
            "Someone else changed order 2 on 30 June 2007 at 2:05pm" + rest,
        ])
    }

    // MARK: Tests: resume a draft

    /// A form as a draft brings it back (no card number or security code), its expiry as typed.
    static var draftFields: CreateOrder.OrderFormFields {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        fields.paymentMethodExpirationDate = "4/29"
        fields.version = "3"
        return fields
    }

    func testPresentResumedDraftShouldNeverShowASecurityCode() throws {
        // Given
        var fields = Self.draftFields
        fields.paymentMethodCVV = "123"

        // When
        sut.presentResumedDraft(
            response: .editing(Self.posted(fields), orderToEdit: Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        // Then
        XCTAssertEqual(try form(spy.resumedDraftViewModel?.page).0.fields["paymentMethodCVV"]?.value, "")
    }

    func testPresentResumedDraftOfAnEditShouldKeepTheVersionTheFormWasOpenedAt() throws {
        // Given
        var stored = Seeds.Orders.bob
        stored.version = 5

        // When
        sut.presentResumedDraft(
            response: .editing(Self.posted(Self.draftFields), orderToEdit: stored, shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.resumedDraftViewModel?.page)
        XCTAssertEqual(state, .resumed)
        XCTAssertEqual(form.action, "/orders/2")
        XCTAssertEqual(form.heading, "Edit order 2")
        XCTAssertEqual(form.submitLabel, "Save changes")
        XCTAssertEqual(form.version, "3", "Saved, it is refused if someone else changed the order since it was opened")
        XCTAssertEqual(form.fields["firstName"]?.value, "Amy", "As typed, not as stored")
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.hint, "Leave empty to keep the card ending 4444.")
        XCTAssertNil(form.formMessage, "No error: the title says none")
        XCTAssertFalse(form.title.hasPrefix("Error"))
        XCTAssertEqual(
            form.notice,
            "Your session ended before this was saved. Here it is as you typed it: check it, "
                + "type the card number again if you were changing it, and save.")
    }

    func testPresentResumedDraftShouldSayNotFoundWhenTheOrderIsGone() {
        // When
        sut.presentResumedDraft(response: .notFound)

        // Then
        XCTAssertEqual(spy.resumedDraftViewModel?.page, .notFound)
    }

    func testPresentResumedDraftShouldKeepTheTypingWhenTheStoreFails() throws {
        // When
        sut.presentResumedDraft(
            response: .storeUnavailable(Self.posted(Self.draftFields), orderID: "2", shipmentMethods: Self.shipmentMethods))

        // Then
        let (form, state) = try form(spy.resumedDraftViewModel?.page)
        XCTAssertEqual(state, .unavailable)
        XCTAssertEqual(form.action, "/orders/2")
        XCTAssertEqual(form.formMessage, CreateOrderPresenter.storeUnavailableMessage)
        XCTAssertEqual(form.fields["firstName"]?.value, "Amy")
        XCTAssertNil(form.fields["paymentMethodCreditCardNumber"]?.hint, "The stored card could not be read")
    }
    // MARK: Two clerks, different fields (the merge)

    func testPresentUpdatedOrderShouldSayWhoseChangesWereKeptAfterAMerge() {
        let sue = AccountSeeds.sue.name, amy = AccountSeeds.amy.name
        var order = Seeds.Orders.amy
        order.version = 3
        let cases: [([CreateOrder.FieldChange], String)] = [
            ([.init(field: .phone, by: sue)], "Saved. \(sue.displayName) changed the phone number meanwhile: both changes are kept."),
            (
                [.init(field: .phone, by: sue), .init(field: .shipmentAddressZIP, by: sue)],
                "Saved. \(sue.displayName) changed the phone number and the ZIP code of the shipment address meanwhile: both changes are kept."
            ),
            (
                [.init(field: .firstName, by: sue), .init(field: .email, by: amy), .init(field: .shipmentMethodSpeed, by: sue)],
                "Saved. \(sue.displayName) changed the first name and the shipping method and \(amy.displayName) changed the email address meanwhile: all changes are kept."
            ),
            ([.init(field: .paymentMethodCreditCardNumber, by: nil)], "Saved. Someone else changed the card number meanwhile: both changes are kept."),
            // They changed none of the form's fields (a status move): the usual banner.
            ([], "Order 1 was updated."),
        ]
        for (changes, expected) in cases {
            sut.presentUpdatedOrder(response: .merged(order, theirChanges: changes))
            XCTAssertEqual(spy.updatedOrderViewModel?.page, .saved(orderID: "1", flash: expected))
        }
    }

    func testAfterAConflictOnlyTheFieldsBothChangedAreAskedTheOthersShowTheMerge() throws {
        // Given: Amy at version 1 (the base); Sue changed the phone and the email (version 2); this
        // clerk changed the phone (to another number) and the city
        let base = Seeds.Orders.amy
        var current = base
        current.version = 2
        current.phone = "222-222-2222"
        current.email = "amy@example.com"
        current.updatedBy = AccountSeeds.sue.name
        var fields = sut.formFields(of: base)
        fields.phone = "333-333-3333"
        fields.shipmentAddressCity = "Palo Alto"
        var attempted = current
        attempted.phone = "333-333-3333"
        attempted.email = base.email
        attempted.shipmentAddress.city = "Palo Alto"
        attempted.billingAddress.city = "Palo Alto"
        let sueName = AccountSeeds.sue.name.displayName

        // When
        sut.presentUpdatedOrder(
            response: Self.conflict(
                current: current, attempted: attempted, posted: Self.posted(fields), base: OrderEditMerge.values(of: base),
                changedBy: [.phone: AccountSeeds.sue.name, .email: AccountSeeds.sue.name], theirCardChanged: false))

        // Then
        let (form, state) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(state, .conflict)
        XCTAssertEqual(form.fields["phone"]?.value, "333-333-3333", "Pre-filled with this clerk's value")
        XCTAssertEqual(form.fields["phone"]?.typedValue, "333-333-3333")
        XCTAssertEqual(form.fields["phone"]?.theirChange, .init(who: sueName, value: "222-222-2222"))
        XCTAssertEqual(form.fields["phone"]?.describedBy, "phone-theirs phone-typed")
        XCTAssertEqual(form.fields["email"]?.value, "amy@example.com", "Only theirs: kept")
        XCTAssertNil(form.fields["email"]?.theirChange)
        XCTAssertEqual(form.fields["shipmentAddressCity"]?.value, "Palo Alto", "Only mine: applied")
        XCTAssertNil(form.fields["shipmentAddressCity"]?.typedValue, "Not asked")
        XCTAssert(form.billingAddressSameAsShipping, "The billing address still follows the shipping one")
        XCTAssertEqual(
            form.errors, [.init(field: "phone", message: "Phone number: \(sueName) changed it to 222-222-2222, you typed 333-333-3333")],
            "Only the field both changed is asked")
        XCTAssertEqual(form.version, "2", "Saved again, the form is at the stored version")
        XCTAssertEqual(
            form.base, OrderEditMerge.comparedFields.map { .init(name: "base-\($0.rawValue)", value: OrderEditMerge.value($0, of: current)) },
            "Its base the order as stored now")
    }

    func testAConflictOnATypedCardSaysToTypeItAgain() throws {
        var current = Seeds.Orders.amy
        current.version = 2
        current.phone = "222-222-2222"
        var fields = sut.formFields(of: Seeds.Orders.amy)
        fields.phone = "333-333-3333"
        fields.paymentMethodCreditCardNumber = "4242 4242 4242 4242"
        var attempted = current
        attempted.phone = "333-333-3333"
        attempted.paymentMethod.creditCardNumber = "4242424242424242"

        sut.presentUpdatedOrder(
            response: Self.conflict(
                current: current, attempted: attempted, posted: Self.posted(fields), base: OrderEditMerge.values(of: Seeds.Orders.amy),
                theirCardChanged: false))

        let (form, _) = try form(spy.updatedOrderViewModel?.page)
        XCTAssertEqual(form.fields["paymentMethodCreditCardNumber"]?.value, "", "A card is never shown back")
        XCTAssert(form.formMessage?.hasSuffix(" Type the new card number again: it is never shown back.") == true, form.formMessage ?? "")
        XCTAssertEqual(form.fields["phone"]?.theirChange?.who, "Someone else", "The history named no one")
    }

    func testTheEditFormCarriesItsBase() throws {
        sut.presentOrderToEdit(response: .found(Seeds.Orders.bob, shipmentMethods: Self.shipmentMethods))

        let page = try XCTUnwrap(spy.orderToEditViewModel?.page)
        guard case .form(let form, .ready) = page else { return XCTFail("\(page)") }
        XCTAssertEqual(form.base.first, .init(name: "base-firstName", value: "Bob"))
        XCTAssertEqual(form.base.count, OrderEditMerge.comparedFields.count)
        XCTAssertFalse(form.base.contains { $0.name.contains("CreditCard") || $0.name.contains("CVV") }, "Never the card")
        XCTAssert(form.base.contains(.init(name: "base-paymentMethodExpirationDate", value: "12/30")))
    }
}
