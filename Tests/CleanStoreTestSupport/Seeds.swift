import Foundation

@testable import CleanStore

/// Test data, as the handbook's `Seeds`: two orders with every field filled, on fixed dates.
enum Seeds {
    /// 6/29/07 06:00 UTC.
    static let june29 = Date(timeIntervalSince1970: 1_183_096_800)
    /// 6/30/07 06:00 UTC.
    static let june30 = Date(timeIntervalSince1970: 1_183_183_200)

    enum Orders {
        static let amy = Order(
            firstName: "Amy", lastName: "Apple", phone: "111-111-1111", email: "amy.apple@clean-swift.com",
            billingAddress: Address(street1: "1 Infinite Loop", street2: "", city: "Cupertino", state: "CA", zip: "95014"),
            paymentMethod: PaymentMethod(
                creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2029, month: 4)),
            shipmentAddress: Address(street1: "1 Infinite Loop", street2: "", city: "Cupertino", state: "CA", zip: "95014"),
            shipmentMethod: ShipmentMethod(speed: .standard),
            id: "1", date: june29)

        static let bob = Order(
            firstName: "Bob", lastName: "Battery", phone: "222-222-2222", email: "bob.battery@clean-swift.com",
            billingAddress: Address(street1: "2 Bob Road", street2: "Apt 2", city: "Bobsville", state: "NY", zip: "10001"),
            paymentMethod: PaymentMethod(
                creditCardNumber: "5555555555554444", expirationDate: ExpirationDate(year: 2030, month: 12)),
            shipmentAddress: Address(street1: "3 Ship Street", street2: "", city: "Boston", state: "MA", zip: "02108-1234"),
            shipmentMethod: ShipmentMethod(speed: .twoDay),
            id: "2", date: june30)
    }

    /// A form as a clerk fills it for a valid new order (card 4111 1111 1111 1111, One-Day).
    static var validFormFields: CreateOrder.OrderFormFields {
        var fields = CreateOrder.OrderFormFields()
        fields.firstName = "Amy"
        fields.lastName = "Apple"
        fields.phone = "111-111-1111"
        fields.email = "amy.apple@clean-swift.com"
        fields.shipmentAddressStreet1 = "1 Infinite Loop"
        fields.shipmentAddressCity = "Cupertino"
        fields.shipmentAddressState = "ca"
        fields.shipmentAddressZIP = "95014"
        fields.shipmentMethodSpeed = "1"
        fields.paymentMethodCreditCardNumber = "4111 1111 1111 1111"
        fields.paymentMethodExpirationDate = "04/29"
        fields.paymentMethodCVV = "123"
        fields.billingAddressSameAsShipping = "on"
        fields.version = "1"  // as an edit form of a seeded order sends it (a new order's form ignores it)
        return fields
    }

    /// The order a valid order form describes (by default `validFormFields`: Amy, One-Day, card
    /// 4111…), as the form's rules read it, dated 6/29/07: for tests that need an order to exist,
    /// saved through a store (`TestApp.seedOrder`), now that a new order is taken as a draft. nil
    /// for a form the rules refuse.
    static func order(from fields: CreateOrder.OrderFormFields = validFormFields) -> Order? {
        let rules = OrderValidationWorker(now: { june29 }, timeZone: TimeZone(identifier: "UTC")!)
        guard case .valid(let form) = rules.validate(fields, card: .required) else { return nil }
        return Order(
            firstName: form.firstName, lastName: form.lastName, phone: form.phone, email: form.email,
            billingAddress: form.billingAddress,
            paymentMethod: PaymentMethod(creditCardNumber: form.creditCardNumber ?? "", expirationDate: form.expirationDate),
            shipmentAddress: form.shipmentAddress, shipmentMethod: form.shipmentMethod, id: nil, date: june29)
    }

    /// The same form as `application/x-www-form-urlencoded`.
    static func formBody(_ fields: CreateOrder.OrderFormFields) -> String {
        let pairs = CreateOrder.Field.allCases.map { field in
            let value = fields[field].addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            return "\(field.rawValue)=\(value)"
        }
        let hidden = fields.version.isEmpty ? [] : ["version=\(fields.version)"]
        // The base the edit form carries (`OrderFormFields.base`), when the test gives one.
        let base = OrderEditMerge.comparedFields.compactMap { field in
            fields.base[field].map { "base-\(field.rawValue)=\($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }
        }
        return (pairs + hidden + base).joined(separator: "&")
    }
}
