import Foundation

/// The business rules of the order form: it turns the text a clerk typed into the parts of an
/// order, or says, field by field, what is wrong. It writes no messages: presenters do.
///
/// Values are normalised on the way: trimmed, state upper-cased, card number reduced to digits,
/// expiry reduced to a month. Nothing invalid passes; nothing valid is refused.
final class OrderValidationWorker {
    typealias Field = CreateOrder.Field
    typealias FieldError = CreateOrder.FieldError
    typealias Problem = CreateOrder.Problem

    /// Whether the form must carry a card, or may leave it empty to keep the stored one (edit).
    enum CardRequirement: Equatable {
        case required
        case keepStoredWhenEmpty
    }

    /// The form's values, checked and normalised.
    struct ValidOrderForm: Equatable {
        var firstName: String
        var lastName: String
        var phone: String
        var email: String
        var shipmentAddress: Address
        var shipmentMethod: ShipmentMethod
        var billingAddress: Address
        /// Digits only; nil when the edit form left the card empty (keep the stored card).
        var creditCardNumber: String?
        var expirationDate: ExpirationDate
    }

    enum Outcome: Equatable {
        case valid(ValidOrderForm)
        case invalid([FieldError])
    }

    static let maximumLength = 100
    static let maximumZIPLength = 20

    /// US states, the District of Columbia, territories and military "states" (USPS codes).
    static let stateCodes: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
        "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
        "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY",
        "DC", "AS", "GU", "MP", "PR", "VI", "UM", "FM", "MH", "PW", "AA", "AE", "AP",
    ]

    /// The month it is now, in the shop's time zone: cards expiring before it are refused.
    private let currentMonth: () -> ExpirationDate

    init(now: @escaping () -> Date = { Date() }, timeZone: TimeZone = .current) {
        currentMonth = {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let parts = calendar.dateComponents([.year, .month], from: now())
            return ExpirationDate(year: parts.year!, month: parts.month!)
        }
    }

    func validate(_ form: CreateOrder.OrderFormFields, card: CardRequirement) -> Outcome {
        var check = Checker(form: form)

        let firstName = check.text(.firstName)
        let lastName = check.text(.lastName)
        // A phone number of 13 to 15 digits can be a card's (an American Express number is 15): the card rule too.
        let phone = check.text(.phone)
        if let phone { check.phone(phone) }
        let email = check.text(.email)
        if let email { check.email(email) }
        let shipmentAddress = check.address(
            .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState,
            .shipmentAddressZIP)

        var speed: ShipmentMethod.ShippingSpeed?
        if let text = check.text(.shipmentMethodSpeed, freeText: false) {
            speed = Int(text).flatMap(ShipmentMethod.ShippingSpeed.init(rawValue:))
            if speed == nil { check.flag(.shipmentMethodSpeed, .badFormat) }
        }

        // The card: an edit form may leave number and security code empty to keep the stored card.
        let cardTyped = !check.trimmed(.paymentMethodCreditCardNumber).isEmpty
        let creditCardNumber = check.text(
            .paymentMethodCreditCardNumber, required: card == .required, freeText: false
        ).flatMap { check.cardNumber($0) }
        let expirationDate = check.text(.paymentMethodExpirationDate, freeText: false)
            .flatMap { check.expirationDate($0, currentMonth: currentMonth()) }
        // The security code is checked when a card number is typed, and then forgotten.
        if let cvv = check.text(.paymentMethodCVV, required: card == .required || cardTyped, freeText: false),
            !(3...4).contains(cvv.count) || !cvv.allSatisfy(\.isASCIIDigit)
        {
            check.flag(.paymentMethodCVV, .badFormat)
        }

        let billingAddress: Address?
        if form.isBillingAddressSameAsShipping {
            billingAddress = shipmentAddress
        } else {
            billingAddress = check.address(
                .billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState,
                .billingAddressZIP)
        }

        guard check.errors.isEmpty, let firstName, let lastName, let phone, let email, let shipmentAddress,
            let speed, let expirationDate, let billingAddress
        else {
            let order = Field.allCases
            for error in check.errors { AppMetrics.validationRefused(field: error.field.rawValue) }
            return .invalid(check.errors.sorted { order.firstIndex(of: $0.field)! < order.firstIndex(of: $1.field)! })
        }
        return .valid(
            ValidOrderForm(
                firstName: firstName, lastName: lastName, phone: phone, email: email,
                shipmentAddress: shipmentAddress, shipmentMethod: ShipmentMethod(speed: speed),
                billingAddress: billingAddress, creditCardNumber: creditCardNumber, expirationDate: expirationDate))
    }

    /// A draft's caller section (`EditDraft`): the form's contact fields, by the same rules.
    func validateContact(_ form: CreateOrder.OrderFormFields) -> Result<Draft.Contact, SectionErrors> {
        var check = Checker(form: form)
        let firstName = check.text(.firstName)
        let lastName = check.text(.lastName)
        let phone = check.text(.phone)
        if let phone { check.phone(phone) }
        let email = check.text(.email)
        if let email { check.email(email) }
        guard check.errors.isEmpty, let firstName, let lastName, let phone, let email else {
            return .failure(SectionErrors(errors: Self.inFormOrder(check.errors)))
        }
        return .success(Draft.Contact(firstName: firstName, lastName: lastName, phone: phone, email: email))
    }

    /// A draft's delivery section (`EditDraft`): the form's addresses and shipping method, by the
    /// same rules (billing read only when not "same as shipping").
    func validateDelivery(_ form: CreateOrder.OrderFormFields) -> Result<DraftChange, SectionErrors> {
        var check = Checker(form: form)
        let shipment = check.address(
            .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP)
        var speed: ShipmentMethod.ShippingSpeed?
        if let text = check.text(.shipmentMethodSpeed, freeText: false) {
            speed = Int(text).flatMap(ShipmentMethod.ShippingSpeed.init(rawValue:))
            if speed == nil { check.flag(.shipmentMethodSpeed, .badFormat) }
        }
        let same = form.isBillingAddressSameAsShipping
        let billing = same
            ? Draft.emptyAddress
            : check.address(.billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState, .billingAddressZIP)
        guard check.errors.isEmpty, let shipment, let speed, let billing else {
            return .failure(SectionErrors(errors: Self.inFormOrder(check.errors)))
        }
        return .success(.delivery(shipment: shipment, billingSameAsShipping: same, billing: billing, method: ShipmentMethod(speed: speed)))
    }

    /// A customer's form (`EditCustomer`): the contact as the caller section's, and the two
    /// addresses by the order form's rules, each optional: an address left wholly empty is not
    /// known (`Address.empty`); billing is shipping's when "same as shipping" is ticked.
    func validateCustomer(_ form: CreateOrder.OrderFormFields) -> Result<(Draft.Contact, shipping: Address, billing: Address), SectionErrors> {
        var check = Checker(form: form)
        let firstName = check.text(.firstName)
        let lastName = check.text(.lastName)
        let phone = check.text(.phone)
        if let phone { check.phone(phone) }
        let email = check.text(.email)
        if let email { check.email(email) }
        func optionalAddress(_ fields: [Field]) -> Address? {
            guard fields.contains(where: { !check.trimmed($0).isEmpty }) else { return .empty }
            return check.address(fields[0], fields[1], fields[2], fields[3], fields[4])
        }
        let shipping = optionalAddress([
            .shipmentAddressStreet1, .shipmentAddressStreet2, .shipmentAddressCity, .shipmentAddressState, .shipmentAddressZIP,
        ])
        let billing =
            form.isBillingAddressSameAsShipping
            ? shipping
            : optionalAddress([.billingAddressStreet1, .billingAddressStreet2, .billingAddressCity, .billingAddressState, .billingAddressZIP])
        guard check.errors.isEmpty, let firstName, let lastName, let phone, let email, let shipping, let billing else {
            return .failure(SectionErrors(errors: Self.inFormOrder(check.errors)))
        }
        return .success((Draft.Contact(firstName: firstName, lastName: lastName, phone: phone, email: email), shipping, billing))
    }

    /// A draft's card, typed on its check page (`PlaceDraft`): number, expiry and security code,
    /// all required, by the same rules; the security code is checked, then forgotten.
    func validateCard(_ form: CreateOrder.OrderFormFields) -> Result<PaymentMethod, SectionErrors> {
        var check = Checker(form: form)
        let number = check.text(.paymentMethodCreditCardNumber, freeText: false).flatMap { check.cardNumber($0) }
        let expiry = check.text(.paymentMethodExpirationDate, freeText: false)
            .flatMap { check.expirationDate($0, currentMonth: currentMonth()) }
        if let cvv = check.text(.paymentMethodCVV, freeText: false), !(3...4).contains(cvv.count) || !cvv.allSatisfy(\.isASCIIDigit) {
            check.flag(.paymentMethodCVV, .badFormat)
        }
        guard check.errors.isEmpty, let number, let expiry else { return .failure(SectionErrors(errors: Self.inFormOrder(check.errors))) }
        return .success(PaymentMethod(creditCardNumber: number, expirationDate: expiry))
    }

    /// What is wrong with a section, field by field (an `Error` only to be a `Result`'s failure).
    struct SectionErrors: Error, Equatable {
        var errors: [FieldError]
    }

    private static func inFormOrder(_ errors: [FieldError]) -> [FieldError] {
        let order = Field.allCases
        for error in errors { AppMetrics.validationRefused(field: error.field.rawValue) }
        return errors.sorted { order.firstIndex(of: $0.field)! < order.firstIndex(of: $1.field)! }
    }

    /// Reads fields one by one, keeping the first problem of each.
    private struct Checker {
        let form: CreateOrder.OrderFormFields
        var errors: [FieldError] = []

        mutating func flag(_ field: Field, _ problem: Problem) {
            guard !errors.contains(where: { $0.field == field }) else { return }
            errors.append(FieldError(field: field, problem: problem))
        }

        func trimmed(_ field: Field) -> String {
            form[field].trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The trimmed text of a field, or nil when it is empty or breaks a rule every field has:
        /// a maximum length (in characters, and in bytes), no control or invisible formatting
        /// characters (`TextRules.isInvisible`), and (for free text and the phone) no card number in
        /// it (`TextRules.cardNumbers(in:)`).
        mutating func text(_ field: Field, required: Bool = true, freeText: Bool = true) -> String? {
            let value = trimmed(field)
            let maximum = field == .shipmentAddressZIP || field == .billingAddressZIP
                ? OrderValidationWorker.maximumZIPLength : OrderValidationWorker.maximumLength
            if value.isEmpty {
                if required { flag(field, .missing) }
                return nil
            } else if TextRules.isTooLong(value, maximum: maximum) {
                flag(field, .tooLong(maximum: maximum))
            } else if TextRules.containsControlCharacters(value) {
                flag(field, .controlCharacters)
            } else if freeText && TextRules.containsCardNumber(value) {
                flag(field, .looksLikeCardNumber)
            } else if TextRules.containsInvisibleCharacters(value) {
                flag(field, .formatCharacters)
            } else {
                return value
            }
            return nil
        }

        mutating func address(_ street1: Field, _ street2: Field, _ city: Field, _ state: Field, _ zip: Field) -> Address? {
            let street1Value = text(street1)
            let street2Value = text(street2, required: false)
            let street2OK = !errors.contains { $0.field == street2 }
            let cityValue = text(city)
            let stateValue = text(state, freeText: false)?.uppercased()
            if let stateValue, !OrderValidationWorker.stateCodes.contains(stateValue) { flag(state, .unknownState) }
            let zipValue = text(zip, freeText: false)
            if let zipValue, !OrderValidationWorker.isZIPCode(zipValue) { flag(zip, .badFormat) }
            guard let street1Value, street2OK, let cityValue, let stateValue, let zipValue,
                ![state, zip].contains(where: { field in errors.contains { $0.field == field } })
            else { return nil }
            return Address(street1: street1Value, street2: street2Value ?? "", city: cityValue, state: stateValue, zip: zipValue)
        }

        mutating func phone(_ value: String) {
            var characters = Substring(value)
            if characters.first == "+" { characters = characters.dropFirst() }
            guard characters.allSatisfy({ $0.isASCIIDigit || " -.()".contains($0) }) else {
                return flag(.phone, .badFormat)
            }
            if !(7...15).contains(characters.filter(\.isASCIIDigit).count) { flag(.phone, .phoneDigitCount) }
        }

        mutating func email(_ value: String) {
            let parts = value.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, !value.contains(where: \.isWhitespace) else {
                return flag(.email, .badFormat)
            }
            let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
            if domain.count < 2 || domain.contains(where: \.isEmpty) { flag(.email, .badFormat) }
        }

        /// Digits only, 12 to 19 of them, passing the Luhn check; spaces and dashes are ignored.
        mutating func cardNumber(_ value: String) -> String? {
            let digits = value.filter { $0 != " " && $0 != "-" }
            if !digits.allSatisfy(\.isASCIIDigit) {
                flag(.paymentMethodCreditCardNumber, .badFormat)
            } else if !(12...19).contains(digits.count) {
                flag(.paymentMethodCreditCardNumber, .cardNumberLength)
            } else if !OrderValidationWorker.passesLuhnCheck(digits) {
                flag(.paymentMethodCreditCardNumber, .cardNumberChecksum)
            } else {
                return digits
            }
            return nil
        }

        mutating func expirationDate(_ value: String, currentMonth: ExpirationDate) -> ExpirationDate? {
            guard let date = OrderValidationWorker.parseExpirationDate(value) else {
                flag(.paymentMethodExpirationDate, .badFormat)
                return nil
            }
            if !(1...12).contains(date.month) {
                flag(.paymentMethodExpirationDate, .monthOutOfRange)
            } else if date < currentMonth {
                flag(.paymentMethodExpirationDate, .expired)
            } else {
                return date
            }
            return nil
        }
    }

    /// The month a typed expiry names, when it names one (`1/28`, `01/2028`, `2028-01`); the
    /// form shows it back normalised.
    func expirationDate(typed text: String) -> ExpirationDate? {
        guard let date = Self.parseExpirationDate(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            (1...12).contains(date.month)
        else { return nil }
        return date
    }

    // MARK: Formats

    /// `MM/YY`, `MM/YYYY` or `YYYY-MM`, read as a year and a month number; nil when the text has
    /// none of these shapes. The month is not checked here (13 is read, then refused as no month).
    static func parseExpirationDate(_ text: String) -> ExpirationDate? {
        func number(_ part: Substring, digits: ClosedRange<Int>) -> Int? {
            guard digits.contains(part.count), part.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int(part)
        }
        if text.contains("/") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let month = number(parts[0], digits: 1...2) else { return nil }
            if let year = number(parts[1], digits: 2...2) { return ExpirationDate(year: 2000 + year, month: month) }
            if let year = number(parts[1], digits: 4...4) { return ExpirationDate(year: year, month: month) }
            return nil
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let year = number(parts[0], digits: 4...4), let month = number(parts[1], digits: 1...2)
        else { return nil }
        return ExpirationDate(year: year, month: month)
    }

    /// `12345` or `12345-6789`.
    static func isZIPCode(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts[0].count == 5, parts[0].allSatisfy(\.isASCIIDigit) else { return false }
        return parts.count == 1 || (parts.count == 2 && parts[1].count == 4 && parts[1].allSatisfy(\.isASCIIDigit))
    }

    /// The Luhn checksum every card number carries in its last digit (`TextRules.passesLuhnCheck`).
    static func passesLuhnCheck(_ digits: String) -> Bool {
        let values = digits.compactMap { $0.isASCIIDigit ? $0.wholeNumberValue.map(UInt8.init) : nil }
        return values.count == digits.count && TextRules.passesLuhnCheck(values)
    }
}

extension Character {
    /// 0 to 9 (not other scripts' digits).
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension String.UTF8View {
    /// Whether every byte is ASCII, so that each byte is a character of its own: the fast paths
    /// that read text byte by byte (issue 31) ask this first.
    var isASCII: Bool { allSatisfy { $0 < 0x80 } }
}
