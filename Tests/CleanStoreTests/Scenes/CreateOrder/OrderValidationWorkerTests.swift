import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Every rule of the order form: for each, values accepted and values refused with the problem named.
final class OrderValidationWorkerTests: XCTestCase {
    typealias Field = CreateOrder.Field
    typealias Problem = CreateOrder.Problem

    // MARK: Subject under test

    var sut: OrderValidationWorker!

    /// 4/30/29 23:59:59 UTC: the last moment of April 2029.
    static let lastSecondOfApril2029 = Date(timeIntervalSince1970: 1_872_287_999)

    override func setUp() {
        super.setUp()
        sut = OrderValidationWorker(now: { Seeds.june29 }, timeZone: TimeZone(identifier: "UTC")!)
    }

    // MARK: Helpers

    func outcome(_ field: Field, _ value: String, card: OrderValidationWorker.CardRequirement = .required)
        -> OrderValidationWorker.Outcome
    {
        var fields = Seeds.validFormFields
        fields[field] = value
        if field.rawValue.hasPrefix("billingAddress") { fields.billingAddressSameAsShipping = "" ; fillBilling(&fields, except: field) }
        return sut.validate(fields, card: card)
    }

    func fillBilling(_ fields: inout CreateOrder.OrderFormFields, except field: Field) {
        let billing: [Field: String] = [
            .billingAddressStreet1: "2 Bill Street", .billingAddressCity: "Billings",
            .billingAddressState: "MT", .billingAddressZIP: "59101",
        ]
        for (key, value) in billing where key != field { fields[key] = value }
    }

    /// `value` in `field` makes the form valid.
    func assertAccepted(_ field: Field, _ values: [String], file: StaticString = #filePath, line: UInt = #line) {
        for value in values {
            if case .invalid(let errors) = outcome(field, value) {
                XCTFail("\(field.rawValue) = \(value.debugDescription) should be accepted, got \(errors)", file: file, line: line)
            }
        }
    }

    /// `value` in `field` makes the form invalid with exactly that field flagged with `problem`.
    func assertRefused(_ field: Field, _ values: [String], _ problem: Problem, file: StaticString = #filePath, line: UInt = #line) {
        for value in values {
            XCTAssertEqual(
                outcome(field, value), .invalid([CreateOrder.FieldError(field: field, problem: problem)]),
                "\(field.rawValue) = \(value.debugDescription)", file: file, line: line)
        }
    }

    func validForm(_ fields: CreateOrder.OrderFormFields, card: OrderValidationWorker.CardRequirement = .required)
        -> OrderValidationWorker.ValidOrderForm?
    {
        if case .valid(let form) = sut.validate(fields, card: card) { return form }
        return nil
    }

    // MARK: Every field

    func testEveryFieldIsTrimmed() throws {
        var fields = Seeds.validFormFields
        for field in Field.allCases where field != .billingAddressSameAsShipping {
            fields[field] = "  \(fields[field])\t "
        }
        let form = try XCTUnwrap(validForm(fields))
        XCTAssertEqual(form.firstName, "Amy")
        XCTAssertEqual(form.email, "amy.apple@clean-swift.com")
        XCTAssertEqual(form.shipmentAddress.zip, "95014")
    }

    func testEveryTextFieldHasAMaximumLength() {
        for field in [Field.firstName, .lastName, .email, .shipmentAddressStreet1, .shipmentAddressStreet2,
                      .shipmentAddressCity, .billingAddressStreet1, .billingAddressStreet2, .billingAddressCity] {
            assertRefused(field, [String(repeating: "a", count: 101)], .tooLong(maximum: 100))
        }
        assertAccepted(.firstName, [String(repeating: "a", count: 100)])
        assertRefused(.shipmentAddressZIP, [String(repeating: "1", count: 21)], .tooLong(maximum: 20))
        assertRefused(.phone, [String(repeating: "1", count: 101)], .tooLong(maximum: 100))
    }

    func testALengthCountsWhatIsStoredNotOnlyCharacters() {
        // One character: a Z and 31,000 combining marks (62 KB)
        let zalgo = "Z" + String(repeating: "\u{301}", count: 31_000)
        XCTAssertEqual(zalgo.count, 1)
        for field in [Field.firstName, .lastName, .email, .shipmentAddressStreet1, .shipmentAddressStreet2,
                      .shipmentAddressCity, .billingAddressStreet1, .billingAddressCity] {
            assertRefused(field, [zalgo, "Zo" + String(repeating: "\u{308}", count: 399)], .tooLong(maximum: 100))
        }
        assertRefused(.shipmentAddressZIP, ["9" + String(repeating: "\u{301}", count: 80)], .tooLong(maximum: 20))
        // 100 characters of four bytes each are still 100 characters
        assertAccepted(.firstName, [String(repeating: "𝔸", count: 100), "Zoë", "Zoe\u{308}"])
    }

    func testInvisibleFormattingCharactersAreRefusedInEveryField() {
        let formatted = [
            "Bob \u{202E}ecilA", "A\u{200B}my", "\u{FEFF}Amy", "Amy\u{2066}x\u{2069}", "Amy\u{E0041}", "Am\u{AD}y",
            "\u{200D}Amy", "Amy\u{200F}",
        ]
        for field in [Field.firstName, .lastName, .email, .phone, .shipmentAddressStreet1, .shipmentAddressStreet2,
                      .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP, .billingAddressCity,
                      .paymentMethodExpirationDate] {
            assertRefused(field, formatted, .formatCharacters)
        }
        assertRefused(.paymentMethodCreditCardNumber, ["4111\u{200B}1111 1111 1111"], .formatCharacters)
        assertRefused(.paymentMethodCVV, ["12\u{200B}3"], .formatCharacters)
    }

    func testControlCharactersAreRefused() {
        for field in [Field.firstName, .lastName, .shipmentAddressStreet1, .shipmentAddressCity, .email] {
            assertRefused(field, ["Amy\nApple", "A\u{0}b", "a\tb", "x\u{7F}y"], .controlCharacters)
        }
    }

    func testACardNumberInAFreeTextFieldIsRefused() {
        for field in [Field.firstName, .lastName, .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity,
                      .billingAddressStreet1, .billingAddressCity] {
            assertRefused(field, ["4111111111111111", "Amy 4111 1111 1111 1111", "Amy 4111+1111+1111+1111", "378282246310005"], .looksLikeCardNumber)
        }
        assertAccepted(.shipmentAddressStreet1, ["12345 Long Road 67890", "Suite 1234567890 1", "1/2 Main St. 12.5"])
        // 12 digits, or no card brand's prefix and length, or no Luhn check: not a card (TextRules.cardNumbers(in:))
        assertAccepted(.shipmentAddressStreet2, ["4111-1111-1111", "card 123456789012", "Ref 4111 1111 1111 1112", "INV-2026-000123456"])
        // However the digits are split or written
        assertRefused(.firstName, [
            "4111.1111.1111.1111", "4111/1111/1111/1111", "4111\u{200B}1111\u{200B}1111\u{200B}1111",
            "４１１１ １１１１ １１１１ １１１１", "Amy ٤١١١١١١١١١١١١١١١", "4111 \u{200C}1111-1111.1111",
            "4111\u{00A0}1111\u{00A0}1111\u{00A0}1111", "4111  1111  1111  1111", "4111, 1111, 1111, 1111", "4111 – 1111 – 1111 – 1111",
            "(4111) 1111_1111_1111", "4111\u{202F}1111\u{2009}1111\u{3000}1111",
        ], .looksLikeCardNumber)
        // Numbers far apart are not one number
        assertAccepted(.shipmentAddressStreet1, ["Unit 12, Block 345, 6789 Long Road", "PO Box 1234 — see gate 56789"])
        assertRefused(.email, ["4111111111111111@example.com"], .looksLikeCardNumber)
    }

    // MARK: Names

    func testNamesTakeLettersAccentsApostrophesHyphensAndSpaces() {
        assertAccepted(.firstName, ["Zoë", "Jean-Luc", "D'Arcy", "Mary Ann", "José", "Ægir", "李"])
        assertAccepted(.lastName, ["O'Brien-Smith", "van der Berg", "Núñez"])
        assertRefused(.firstName, ["", "   "], .missing)
        assertRefused(.lastName, [""], .missing)
    }

    // MARK: Phone

    func testPhone() {
        assertAccepted(.phone, ["415-555-0100", "(415) 555-0100", "+1 (415) 555-0100", "415.555.0100", "5550100", "+441632960001", "123456789012345"])
        assertRefused(.phone, [""], .missing)
        assertRefused(.phone, ["415-CALL-NOW", "555 0100 ext 2", "1+415 555 0100", "++1 415 555 0100"], .badFormat)
        assertRefused(.phone, ["555-010", "+1", "1234567890123456"], .phoneDigitCount)
        // An American Express number is 15 digits: the phone keeps the card rule (TextRules.cardNumbers(in:))
        assertRefused(.phone, ["378282246310005", "+37 8282 2463 10005", "4222222222222"], .looksLikeCardNumber)
    }

    // MARK: Email

    func testEmail() {
        assertAccepted(.email, ["amy@example.com", "a.b+c@mail.example.co.uk", "AMY@EXAMPLE.COM"])
        assertRefused(.email, [""], .missing)
        assertRefused(.email, ["amy", "amy@", "@example.com", "amy@example", "amy@@example.com", "a@b@example.com",
                               "amy @example.com", "amy@example.", "amy@.com", "amy@exa..mple.com"], .badFormat)
    }

    // MARK: Addresses

    func testStreet1AndCityAreRequired() {
        assertAccepted(.shipmentAddressStreet1, ["1 Infinite Loop", "PO Box 12"])
        assertRefused(.shipmentAddressStreet1, [""], .missing)
        assertRefused(.shipmentAddressCity, [""], .missing)
        assertRefused(.billingAddressStreet1, [""], .missing)
        assertRefused(.billingAddressCity, [""], .missing)
    }

    func testStreet2IsOptional() {
        assertAccepted(.shipmentAddressStreet2, ["", "Apt 2"])
        assertAccepted(.billingAddressStreet2, ["", "Floor 3"])
        assertRefused(.shipmentAddressStreet2, [String(repeating: "b", count: 101)], .tooLong(maximum: 100))
    }

    func testStateIsAUSStateOrTerritoryCodeInAnyCase() throws {
        assertAccepted(.shipmentAddressState, ["CA", "ca", "Ny", "DC", "PR", "gu", "VI", "AE"])
        assertRefused(.shipmentAddressState, [""], .missing)
        assertRefused(.shipmentAddressState, ["XX", "California", "C", "C A", "ZZ"], .unknownState)
        assertRefused(.billingAddressState, ["QQ"], .unknownState)
        var fields = Seeds.validFormFields
        fields.shipmentAddressState = "ny"
        XCTAssertEqual(try XCTUnwrap(validForm(fields)).shipmentAddress.state, "NY", "Stored upper-cased")
    }

    func testZIPCode() {
        assertAccepted(.shipmentAddressZIP, ["94107", "94107-1234", "00501"])
        assertRefused(.shipmentAddressZIP, [""], .missing)
        assertRefused(.shipmentAddressZIP, ["9410", "941071", "94107-123", "94107 1234", "ABCDE", "94107-", "-1234", "94107-1234-5"], .badFormat)
        assertRefused(.billingAddressZIP, ["1234"], .badFormat)
    }

    func testBillingAddressIsCheckedOnlyWhenNotSameAsShipping() throws {
        // Ticked: billing fields are neither required nor read
        var fields = Seeds.validFormFields
        fields.billingAddressStreet1 = String(repeating: "x", count: 500)
        fields.billingAddressState = "??"
        XCTAssertEqual(try XCTUnwrap(validForm(fields)).billingAddress, try XCTUnwrap(validForm(fields)).shipmentAddress)

        // Not ticked (or ticked with an odd value): every billing rule applies
        fields.billingAddressSameAsShipping = "yes"
        fields.billingAddressStreet1 = ""
        fields.billingAddressState = ""
        guard case .invalid(let errors) = sut.validate(fields, card: .required) else { return XCTFail("invalid") }
        XCTAssertEqual(errors.map(\.field), [.billingAddressStreet1, .billingAddressCity, .billingAddressState, .billingAddressZIP])
    }

    // MARK: Shipping method

    func testShippingMethod() {
        assertAccepted(.shipmentMethodSpeed, ["0", "1", "2", " 2 "])
        assertRefused(.shipmentMethodSpeed, [""], .missing)
        assertRefused(.shipmentMethodSpeed, ["3", "-1", "one", "1.0", "01x"], .badFormat)
    }

    // MARK: Card number

    func testCardNumber() throws {
        assertAccepted(.paymentMethodCreditCardNumber, [
            "4111111111111111", "4111 1111 1111 1111", "4111-1111-1111-1111", "5555555555554444",
            "378282246310005", "6011111111111117", "4222222222222", "000000000000", "4111111111111111110",
        ])
        assertRefused(.paymentMethodCreditCardNumber, [""], .missing)
        assertRefused(.paymentMethodCreditCardNumber, ["4111 1111 abcd 1111", "4111.1111.1111.1111", "٤١١١١١١١١١١١١١١١"], .badFormat)
        assertRefused(.paymentMethodCreditCardNumber, ["41111111111", "00000000000000000000"], .cardNumberLength)
        assertRefused(.paymentMethodCreditCardNumber, ["4111111111111112", "4111111111111121", "5555555555554445"], .cardNumberChecksum)
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = " 4111-1111 1111-1111 "
        XCTAssertEqual(try XCTUnwrap(validForm(fields)).creditCardNumber, "4111111111111111", "Stored as digits only")
    }

    func testLuhnEdgeCases() {
        XCTAssertTrue(OrderValidationWorker.passesLuhnCheck("0"))
        XCTAssertTrue(OrderValidationWorker.passesLuhnCheck("18"), "1*2=2, +8 = 10")
        XCTAssertTrue(OrderValidationWorker.passesLuhnCheck("59"), "5*2=10 → 1, +9 = 10")
        XCTAssertTrue(OrderValidationWorker.passesLuhnCheck("91"), "9*2=18 → 9, +1 = 10")
        XCTAssertFalse(OrderValidationWorker.passesLuhnCheck("19"))
        XCTAssertFalse(OrderValidationWorker.passesLuhnCheck(""))
        XCTAssertTrue(OrderValidationWorker.passesLuhnCheck("79927398713"), "Wikipedia's example")
        XCTAssertFalse(OrderValidationWorker.passesLuhnCheck("79927398710"))
        XCTAssertFalse(OrderValidationWorker.passesLuhnCheck("7992739871x"))
    }

    // MARK: Expiry

    func testExpiryFormats() throws {
        assertAccepted(.paymentMethodExpirationDate, ["04/29", "4/29", "12/2031", "2030-01", "2030-1"])
        assertRefused(.paymentMethodExpirationDate, [""], .missing)
        assertRefused(.paymentMethodExpirationDate, ["04/2", "04/029", "04-29", "0429", "aa/bb", "04/29/01", "/", "April 2029"], .badFormat)
        assertRefused(.paymentMethodExpirationDate, ["13/29", "00/29", "2030-13", "2030-00"], .monthOutOfRange)
        var fields = Seeds.validFormFields
        fields.paymentMethodExpirationDate = "2031-7"
        XCTAssertEqual(try XCTUnwrap(validForm(fields)).expirationDate, ExpirationDate(year: 2031, month: 7))
    }

    func testExpiryMustBeThisMonthOrLaterByTheInjectedClock() {
        // Given: the clock at the last second of April 2029
        sut = OrderValidationWorker(now: { Self.lastSecondOfApril2029 }, timeZone: TimeZone(identifier: "UTC")!)

        // Then
        assertAccepted(.paymentMethodExpirationDate, ["04/29", "4/2029", "2029-04", "05/29", "01/30"])
        assertRefused(.paymentMethodExpirationDate, ["03/29", "12/28", "2029-03", "01/07"], .expired)

        // One second later it is May: April's cards have expired
        sut = OrderValidationWorker(now: { Self.lastSecondOfApril2029 + 1 }, timeZone: TimeZone(identifier: "UTC")!)
        assertRefused(.paymentMethodExpirationDate, ["04/29"], .expired)
        assertAccepted(.paymentMethodExpirationDate, ["05/29"])
    }

    func testTheMonthIsTheShopsMonth() {
        // Given: 1 May 2029, 03:00 UTC is still 30 April in California
        let may1At3UTC = Self.lastSecondOfApril2029 + 3 * 3600 + 1
        sut = OrderValidationWorker(now: { may1At3UTC }, timeZone: TimeZone(identifier: "America/Los_Angeles")!)

        // Then
        assertAccepted(.paymentMethodExpirationDate, ["04/29"])
    }

    func testTypedExpiryIsReadForShowingItBackNormalised() {
        XCTAssertEqual(sut.expirationDate(typed: " 1/28 "), ExpirationDate(year: 2028, month: 1))
        XCTAssertEqual(sut.expirationDate(typed: "2028-01"), ExpirationDate(year: 2028, month: 1))
        XCTAssertNil(sut.expirationDate(typed: "13/28"), "No month: shown as typed")
        XCTAssertNil(sut.expirationDate(typed: "soon"))
    }

    // MARK: Security code

    func testSecurityCode() {
        assertAccepted(.paymentMethodCVV, ["123", "1234", " 123 "])
        assertRefused(.paymentMethodCVV, [""], .missing)
        assertRefused(.paymentMethodCVV, ["12", "12345", "12a", "1 23", "١٢٣"], .badFormat)
    }

    func testEditFormMayLeaveTheCardEmptyToKeepTheStoredOne() throws {
        var fields = Seeds.validFormFields
        fields.paymentMethodCreditCardNumber = ""
        fields.paymentMethodCVV = ""
        XCTAssertNil(try XCTUnwrap(validForm(fields, card: .keepStoredWhenEmpty)).creditCardNumber)
        guard case .invalid(let errors) = sut.validate(fields, card: .required) else { return XCTFail("invalid") }
        XCTAssertEqual(errors.map(\.field), [.paymentMethodCreditCardNumber, .paymentMethodCVV])
    }

    func testANewCardNeedsItsSecurityCodeOnTheEditFormToo() {
        assertRefused(.paymentMethodCVV, [""], .missing)
        XCTAssertEqual(
            outcome(.paymentMethodCVV, "", card: .keepStoredWhenEmpty),
            .invalid([CreateOrder.FieldError(field: .paymentMethodCVV, problem: .missing)]))
    }

    // MARK: The whole form

    func testAnEmptyFormNamesEveryRequiredFieldInFormOrder() {
        guard case .invalid(let errors) = sut.validate(CreateOrder.OrderFormFields(), card: .required) else {
            return XCTFail("An empty form is invalid")
        }
        XCTAssertEqual(errors.map(\.field), [
            .firstName, .lastName, .phone, .email,
            .shipmentAddressStreet1, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
            .shipmentMethodSpeed,
            .paymentMethodCreditCardNumber, .paymentMethodExpirationDate, .paymentMethodCVV,
            .billingAddressStreet1, .billingAddressCity, .billingAddressState, .billingAddressZIP,
        ])
        XCTAssert(errors.allSatisfy { $0.problem == .missing })
    }

    func testAValidFormIsNormalised() throws {
        let form = try XCTUnwrap(validForm(Seeds.validFormFields))
        XCTAssertEqual(form.shipmentAddress, Address(street1: "1 Infinite Loop", city: "Cupertino", state: "CA", zip: "95014"))
        XCTAssertEqual(form.billingAddress, form.shipmentAddress, "Same as shipping copies the shipment address")
        XCTAssertEqual(form.shipmentMethod, ShipmentMethod(speed: .oneDay))
        XCTAssertEqual(form.creditCardNumber, "4111111111111111")
        XCTAssertEqual(form.expirationDate, ExpirationDate(year: 2029, month: 4))
    }
}
