import Foundation
import Vapor

/// The order form as posted (application/x-www-form-urlencoded), with the same field names,
/// rules and messages as the Django peer's `OrderForm`.
struct OrderForm: Content {
    var firstName: String
    var lastName: String
    var phone: String
    var email: String
    var shipStreet1: String
    var shipStreet2: String?
    var shipCity: String
    var shipState: String
    var shipZip: String
    var shippingMethod: ShippingMethod
    var cardNumber: String
    var cardExpiration: String
    var cardCVV: String
    var billStreet1: String
    var billStreet2: String?
    var billCity: String
    var billState: String
    var billZip: String
    var total: String

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name", phone, email
        case shipStreet1 = "ship_street1", shipStreet2 = "ship_street2", shipCity = "ship_city"
        case shipState = "ship_state", shipZip = "ship_zip", shippingMethod = "shipping_method"
        case cardNumber = "card_number", cardExpiration = "card_expiration", cardCVV = "card_cvv"
        case billStreet1 = "bill_street1", billStreet2 = "bill_street2", billCity = "bill_city"
        case billState = "bill_state", billZip = "bill_zip", total
    }

    /// Clerks paste card numbers with spaces or hyphens: those are ignored rather than refused.
    static func normalizedCardNumber(_ value: String) -> String {
        value.filter { $0 != " " && $0 != "-" }
    }

    /// "9.9" -> "9.90"; the value has passed validation (digits, at most 2 decimals).
    static func normalizedTotal(_ value: String) -> String {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        let whole = String(Int(parts[0]) ?? 0)
        let cents = parts.count > 1 ? String(parts[1]) : ""
        return whole + "." + cents.padding(toLength: 2, withPad: "0", startingAt: 0)
    }

    func apply(to order: Order) {
        order.firstName = firstName
        order.lastName = lastName
        order.phone = phone
        order.email = email
        order.shipStreet1 = shipStreet1
        order.shipStreet2 = shipStreet2 ?? ""
        order.shipCity = shipCity
        order.shipState = shipState
        order.shipZip = shipZip
        order.shippingMethod = shippingMethod
        order.cardNumber = Self.normalizedCardNumber(cardNumber)
        order.cardExpiration = cardExpiration
        order.cardCVV = cardCVV
        order.billStreet1 = billStreet1
        order.billStreet2 = billStreet2 ?? ""
        order.billCity = billCity
        order.billState = billState
        order.billZip = billZip
        order.total = Self.normalizedTotal(total)
    }
}

extension OrderForm: Validatable {
    static let required = "This field is required."

    static func validations(_ v: inout Validations) {
        // Customer contact
        v.text("first_name", max: 100)
        v.text("last_name", max: 100)
        v.text("phone", max: 30, .pattern(#"\+?[0-9 ()\-.]{7,20}"#), "Enter a phone number, like 555 010 1234.")
        v.text("email", max: 254, .email, "Enter a valid email address.")
        // Shipment address
        v.text("ship_street1", max: 200)
        v.text("ship_street2", max: 200, required: false)
        v.text("ship_city", max: 100)
        v.text("ship_state", max: 100)
        v.text("ship_zip", max: 10, .zip, "Enter a ZIP code, like 94107 or 94107-1234.")
        // Shipping method
        v.text("shipping_method", max: 10, .in(ShippingMethod.allCases.map(\.rawValue)),
               "Select a valid choice. That choice is not one of the available choices.")
        // Payment
        v.text("card_number", max: 19, .cardDigits, "Enter a card number of 12 to 19 digits.")
        v.add("card_number", as: String.self, is: .luhn, required: false,
              customFailureDescription: "Enter a valid card number (check the digits).")
        v.text("card_expiration", max: 5, .expirationFormat, "Enter the expiration date as MM/YY, like 04/29.")
        v.add("card_expiration", as: String.self, is: .notExpired, required: false,
              customFailureDescription: "This card has expired.")
        v.text("card_cvv", max: 4, .pattern(#"[0-9]{3,4}"#), "Enter the 3 or 4 digit security code.")
        // Billing address
        v.text("bill_street1", max: 200)
        v.text("bill_street2", max: 200, required: false)
        v.text("bill_city", max: 100)
        v.text("bill_state", max: 100)
        v.text("bill_zip", max: 10, .zip, "Enter a ZIP code, like 94107 or 94107-1234.")
        // Order total
        v.text("total", max: 12, .amount, "Enter an amount of at most 8 digits and 2 decimal places, like 9.99.")
    }
}

extension Validations {
    /// A text field: required (unless told), at most `max` characters, and, when given, a rule
    /// of its own with its message. Each rule is skipped for an empty value so that a blank
    /// field reports only "This field is required.".
    mutating func text(
        _ key: ValidationKey, max: Int, required: Bool = true,
        _ rule: Validator<String>? = nil, _ message: String? = nil
    ) {
        if required {
            add(key, as: String.self, is: !.empty, customFailureDescription: OrderForm.required)
        }
        add(key, as: String.self, is: .count(...max), required: false,
            customFailureDescription: "Ensure this value has at most \(max) characters.")
        if let rule {
            add(key, as: String.self, is: .empty || rule, required: false, customFailureDescription: message)
        }
    }
}

extension Validator where T == String {
    static var zip: Validator<String> { .pattern(#"[0-9]{5}(-[0-9]{4})?"#) }

    static var amount: Validator<String> { .pattern(#"[0-9]{1,8}(\.[0-9]{0,2})?"#) }

    /// Digits only once spaces and hyphens are dropped, 12 to 19 of them.
    static var cardDigits: Validator<String> {
        .custom("card number of 12 to 19 digits") { value in
            let digits = OrderForm.normalizedCardNumber(value)
            return (12...19).contains(digits.count) && digits.allSatisfy(\.isASCIIDigit)
        }
    }

    /// Luhn checksum; passes values that `cardDigits` already refuses (one message a field).
    static var luhn: Validator<String> {
        .custom("Luhn checksum") { value in
            let digits = OrderForm.normalizedCardNumber(value)
            guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return true }
            var sum = 0
            for (i, ch) in digits.reversed().enumerated() {
                var d = Int(ch.asciiValue! - 48)
                if i % 2 == 1 {
                    d *= 2
                    if d > 9 { d -= 9 }
                }
                sum += d
            }
            return sum % 10 == 0
        }
    }

    static var expirationFormat: Validator<String> {
        .custom("MM/YY") { Expiration($0) != nil }
    }

    /// Not a month in the past (UTC); passes values that `expirationFormat` refuses.
    static var notExpired: Validator<String> {
        .custom("not expired") { value in
            guard let exp = Expiration(value) else { return true }
            let now = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
            return (exp.year, exp.month) >= (now.year!, now.month!)
        }
    }
}

struct Expiration {
    let month: Int
    let year: Int

    init?(_ value: String) {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              parts[0].allSatisfy(\.isASCIIDigit), parts[1].allSatisfy(\.isASCIIDigit),
              let month = Int(parts[0]), let year = Int(parts[1]), (1...12).contains(month)
        else { return nil }
        self.month = month
        self.year = 2000 + year
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
