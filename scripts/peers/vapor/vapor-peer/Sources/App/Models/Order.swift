import Fluent
import Foundation

enum ShippingMethod: String, Codable, CaseIterable, Sendable {
    case standard
    case oneDay = "one_day"
    case twoDay = "two_day"

    var label: String {
        switch self {
        case .standard: "Standard"
        case .oneDay: "One-Day"
        case .twoDay: "Two-Day"
        }
    }
}

final class Order: Model, @unchecked Sendable {
    static let schema = "orders"

    @ID(custom: .id, generatedBy: .database)
    var id: Int?

    @Timestamp(key: "created_at", on: .create)
    var createdAt: Date?

    // Customer contact
    @Field(key: "first_name") var firstName: String
    @Field(key: "last_name") var lastName: String
    @Field(key: "phone") var phone: String
    @Field(key: "email") var email: String

    // Shipment address
    @Field(key: "ship_street1") var shipStreet1: String
    @Field(key: "ship_street2") var shipStreet2: String
    @Field(key: "ship_city") var shipCity: String
    @Field(key: "ship_state") var shipState: String
    @Field(key: "ship_zip") var shipZip: String

    @Enum(key: "shipping_method") var shippingMethod: ShippingMethod

    // Payment
    @Field(key: "card_number") var cardNumber: String
    @Field(key: "card_expiration") var cardExpiration: String
    @Field(key: "card_cvv") var cardCVV: String

    // Billing address
    @Field(key: "bill_street1") var billStreet1: String
    @Field(key: "bill_street2") var billStreet2: String
    @Field(key: "bill_city") var billCity: String
    @Field(key: "bill_state") var billState: String
    @Field(key: "bill_zip") var billZip: String

    /// Money as a decimal string with two places ("9.99"): SQLite has no decimal type.
    @Field(key: "total") var total: String

    init() {}

    var name: String { "\(firstName) \(lastName)" }

    /// The list's row (Vapor's template: `toDTO()` on the model).
    func toRow() -> OrderRow {
        OrderRow(id: id, createdAt: createdAt, firstName: firstName, lastName: lastName, email: email, total: total)
    }
    var cardLast4: String { String(cardNumber.suffix(4)) }
}
