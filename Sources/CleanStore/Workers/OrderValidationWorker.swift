import Foundation

/// The business rules of the order form: it turns the text a clerk typed into the parts of an
/// order, or says, field by field, what is wrong. It writes no messages: presenters do.
///
/// Values are normalised on the way: trimmed, state upper-cased, card number reduced to digits,
/// expiry reduced to a month.
final class OrderValidationWorker {
    typealias Field = CreateOrder.Field
    typealias FieldError = CreateOrder.FieldError

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

    func validate(_ form: CreateOrder.OrderFormFields, card: CardRequirement) -> Outcome {
        var errors: [FieldError] = []

        func required(_ field: Field, _ value: String) -> String {
            let trimmed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            if trimmed.isEmpty { errors.append(FieldError(field: field, problem: .missing)) }
            return trimmed
        }
        func optional(_ value: String) -> String {
            value.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        let firstName = required(.firstName, form.firstName)
        let lastName = required(.lastName, form.lastName)
        let phone = required(.phone, form.phone)
        let email = required(.email, form.email)

        let shipmentAddress = Address(
            street1: required(.shipmentAddressStreet1, form.shipmentAddressStreet1),
            street2: optional(form.shipmentAddressStreet2),
            city: required(.shipmentAddressCity, form.shipmentAddressCity),
            state: required(.shipmentAddressState, form.shipmentAddressState).uppercased(),
            zip: required(.shipmentAddressZIP, form.shipmentAddressZIP))

        var speed: ShipmentMethod.ShippingSpeed?
        let speedText = required(.shipmentMethodSpeed, form.shipmentMethodSpeed)
        if !speedText.isEmpty {
            speed = Int(speedText).flatMap(ShipmentMethod.ShippingSpeed.init(rawValue:))
            if speed == nil { errors.append(FieldError(field: .shipmentMethodSpeed, problem: .badFormat)) }
        }

        var creditCardNumber: String?
        let cardText = optional(form.paymentMethodCreditCardNumber)
        if cardText.isEmpty {
            if card == .required { errors.append(FieldError(field: .paymentMethodCreditCardNumber, problem: .missing)) }
        } else {
            let digits = cardText.filter { $0 != " " && $0 != "-" }
            if digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
                creditCardNumber = digits
            } else {
                errors.append(FieldError(field: .paymentMethodCreditCardNumber, problem: .badFormat))
            }
        }

        var expirationDate: ExpirationDate?
        let expiryText = required(.paymentMethodExpirationDate, form.paymentMethodExpirationDate)
        if !expiryText.isEmpty {
            expirationDate = Self.parseExpirationDate(expiryText)
            if expirationDate == nil {
                errors.append(FieldError(field: .paymentMethodExpirationDate, problem: .badFormat))
            }
        }

        // The security code is checked when a card number is typed, and then forgotten.
        if card == .required || !cardText.isEmpty {
            _ = required(.paymentMethodCVV, form.paymentMethodCVV)
        }

        let billingAddress: Address
        if form.isBillingAddressSameAsShipping {
            billingAddress = shipmentAddress
        } else {
            billingAddress = Address(
                street1: required(.billingAddressStreet1, form.billingAddressStreet1),
                street2: optional(form.billingAddressStreet2),
                city: required(.billingAddressCity, form.billingAddressCity),
                state: required(.billingAddressState, form.billingAddressState).uppercased(),
                zip: required(.billingAddressZIP, form.billingAddressZIP))
        }

        guard errors.isEmpty, let speed, let expirationDate else {
            let order = Field.allCases
            return .invalid(errors.sorted { order.firstIndex(of: $0.field)! < order.firstIndex(of: $1.field)! })
        }
        return .valid(ValidOrderForm(
            firstName: firstName, lastName: lastName, phone: phone, email: email,
            shipmentAddress: shipmentAddress, shipmentMethod: ShipmentMethod(speed: speed),
            billingAddress: billingAddress, creditCardNumber: creditCardNumber, expirationDate: expirationDate))
    }

    /// `MM/YY`, `MM/YYYY` or `YYYY-MM`, month 1 to 12; nil for anything else.
    static func parseExpirationDate(_ text: String) -> ExpirationDate? {
        func number(_ part: Substring, digits: ClosedRange<Int>) -> Int? {
            guard digits.contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        let date: ExpirationDate
        if text.contains("/") {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let month = number(parts[0], digits: 1...2) else { return nil }
            if let year = number(parts[1], digits: 2...2) {
                date = ExpirationDate(year: 2000 + year, month: month)
            } else if let year = number(parts[1], digits: 4...4) {
                date = ExpirationDate(year: year, month: month)
            } else {
                return nil
            }
        } else {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let year = number(parts[0], digits: 4...4),
                let month = number(parts[1], digits: 1...2)
            else { return nil }
            date = ExpirationDate(year: year, month: month)
        }
        return (1...12).contains(date.month) ? date : nil
    }
}
