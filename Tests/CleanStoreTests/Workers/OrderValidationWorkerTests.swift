import XCTest

@testable import CleanStore

final class OrderValidationWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: OrderValidationWorker!

    override func setUp() {
        super.setUp()
        sut = OrderValidationWorker()
    }

    func errors(_ fields: CreateOrder.OrderFormFields, card: OrderValidationWorker.CardRequirement = .required)
        -> [CreateOrder.FieldError]
    {
        if case .invalid(let errors) = sut.validate(fields, card: card) { return errors }
        return []
    }

    // MARK: Tests

    func testAValidFormIsNormalised() throws {
        // Given
        var fields = Seeds.validFormFields
        fields.firstName = "  Amy "
        fields.shipmentAddressStreet2 = " Suite 2 "

        // When
        guard case .valid(let form) = sut.validate(fields, card: .required) else {
            return XCTFail("A complete form should be valid")
        }

        // Then
        XCTAssertEqual(form.firstName, "Amy", "Values are trimmed")
        XCTAssertEqual(form.shipmentAddress, Address(street1: "1 Infinite Loop", street2: "Suite 2", city: "Cupertino", state: "CA", zip: "95014"))
        XCTAssertEqual(form.billingAddress, form.shipmentAddress, "Same as shipping copies the shipment address")
        XCTAssertEqual(form.shipmentMethod, ShipmentMethod(speed: .oneDay))
        XCTAssertEqual(form.creditCardNumber, "4111111111111111")
        XCTAssertEqual(form.expirationDate, ExpirationDate(year: 2029, month: 4))
    }

    func testAnEmptyFormNamesEveryRequiredFieldInFormOrder() {
        XCTAssertEqual(errors(CreateOrder.OrderFormFields()).map(\.field), [
            .firstName, .lastName, .phone, .email,
            .shipmentAddressStreet1, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
            .shipmentMethodSpeed,
            .paymentMethodCreditCardNumber, .paymentMethodExpirationDate, .paymentMethodCVV,
            .billingAddressStreet1, .billingAddressCity, .billingAddressState, .billingAddressZIP,
        ])
        XCTAssert(errors(CreateOrder.OrderFormFields()).allSatisfy { $0.problem == .missing })
    }

    func testSpacesAloneAreMissing() {
        var fields = Seeds.validFormFields
        fields.lastName = "   "
        XCTAssertEqual(errors(fields), [CreateOrder.FieldError(field: .lastName, problem: .missing)])
    }

    func testBillingFieldsAreReadWhenNotSameAsShipping() {
        // Given
        var fields = Seeds.validFormFields
        fields.billingAddressSameAsShipping = ""
        fields.billingAddressStreet1 = "2 Bill Street"
        fields.billingAddressCity = "Billings"
        fields.billingAddressState = "mt"
        fields.billingAddressZIP = "59101"

        // When
        guard case .valid(let form) = sut.validate(fields, card: .required) else { return XCTFail("valid") }

        // Then
        XCTAssertEqual(form.billingAddress, Address(street1: "2 Bill Street", city: "Billings", state: "MT", zip: "59101"))
    }

    func testACheckboxWithAnotherValueIsNotTicked() {
        var fields = Seeds.validFormFields
        fields.billingAddressSameAsShipping = "yes"
        XCTAssertEqual(errors(fields).map(\.field), [.billingAddressStreet1, .billingAddressCity, .billingAddressState, .billingAddressZIP])
    }

    func testShippingMethodMustBeOneOfTheList() {
        for value in ["3", "-1", "one", "1.0"] {
            var fields = Seeds.validFormFields
            fields.shipmentMethodSpeed = value
            XCTAssertEqual(errors(fields), [CreateOrder.FieldError(field: .shipmentMethodSpeed, problem: .badFormat)], value)
        }
    }

    func testCardNumberMayHaveSpacesAndDashesButNoLetters() {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = "4111-1111 1111-1111"
        XCTAssertEqual(errors(fields), [])
        fields.paymentMethodCreditCardNumber = "4111 1111 abcd 1111"
        XCTAssertEqual(errors(fields), [CreateOrder.FieldError(field: .paymentMethodCreditCardNumber, problem: .badFormat)])
    }

    func testEditFormMayLeaveTheCardEmptyToKeepTheStoredOne() {
        // Given
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""

        // Then
        guard case .valid(let form) = sut.validate(fields, card: .keepStoredWhenEmpty) else { return XCTFail("valid") }
        XCTAssertNil(form.creditCardNumber)
        XCTAssertEqual(errors(fields, card: .required).map(\.field), [.paymentMethodCreditCardNumber, .paymentMethodCVV])
    }

    func testANewCardNeedsItsSecurityCodeOnTheEditFormToo() {
        var fields = Seeds.validFormFields
        fields.paymentMethodCVV = ""
        XCTAssertEqual(errors(fields, card: .keepStoredWhenEmpty), [CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing)])
    }

    func testExpirationDateFormats() {
        let accepted: [String: ExpirationDate] = [
            "04/29": ExpirationDate(year: 2029, month: 4),
            "4/29": ExpirationDate(year: 2029, month: 4),
            "12/2031": ExpirationDate(year: 2031, month: 12),
            "2030-01": ExpirationDate(year: 2030, month: 1),
        ]
        for (text, date) in accepted {
            XCTAssertEqual(OrderValidationWorker.parseExpirationDate(text), date, text)
        }
        for text in ["13/29", "00/29", "04/2", "04/029", "2030-13", "04-29", "0429", "aa/bb", "04/29/01", "", "/"] {
            XCTAssertNil(OrderValidationWorker.parseExpirationDate(text), text)
        }
    }
}
