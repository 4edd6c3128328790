import Foundation

/// The `orders` table as both SQL stores read it: the same columns, in the same order, read by
/// position (a lookup by name costs a case-insensitive search per value).
enum OrderColumns {
    static let selected = """
        id, created_at, first_name, last_name, phone, email, \
        shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, \
        card_number, card_expiry_year, card_expiry_month, \
        billing_street1, billing_street2, billing_city, billing_state, billing_zip, total, version
        """

    /// A value an order writes, in the types both databases take.
    enum Value {
        case text(String)
        case integer(Int)
        case decimal(Decimal)
    }

    /// The columns an order writes (all but id, creation date and version), with its values.
    static func written(by order: Order) -> [(name: String, value: Value)] {
        [
            ("first_name", .text(order.firstName)),
            ("last_name", .text(order.lastName)),
            ("phone", .text(order.phone)),
            ("email", .text(order.email)),
            ("shipment_street1", .text(order.shipmentAddress.street1)),
            ("shipment_street2", .text(order.shipmentAddress.street2)),
            ("shipment_city", .text(order.shipmentAddress.city)),
            ("shipment_state", .text(order.shipmentAddress.state)),
            ("shipment_zip", .text(order.shipmentAddress.zip)),
            ("shipment_speed", .integer(order.shipmentMethod.speed.rawValue)),
            ("card_number", .text(order.paymentMethod.creditCardNumber)),
            ("card_expiry_year", .integer(order.paymentMethod.expirationDate.year)),
            ("card_expiry_month", .integer(order.paymentMethod.expirationDate.month)),
            ("billing_street1", .text(order.billingAddress.street1)),
            ("billing_street2", .text(order.billingAddress.street2)),
            ("billing_city", .text(order.billingAddress.city)),
            ("billing_state", .text(order.billingAddress.state)),
            ("billing_zip", .text(order.billingAddress.zip)),
            ("total", .decimal(order.total)),
        ]
    }

    /// The order in a row whose values are the `selected` columns.
    static func order<Row: OrderRow>(from row: Row) throws -> Order {
        Order(
            firstName: try row.text(2),
            lastName: try row.text(3),
            phone: try row.text(4),
            email: try row.text(5),
            billingAddress: Address(
                street1: try row.text(15), street2: try row.text(16), city: try row.text(17), state: try row.text(18),
                zip: try row.text(19)),
            paymentMethod: PaymentMethod(
                creditCardNumber: try row.text(12),
                expirationDate: ExpirationDate(year: try row.int(13), month: try row.int(14))),
            shipmentAddress: Address(
                street1: try row.text(6), street2: try row.text(7), city: try row.text(8), state: try row.text(9),
                zip: try row.text(10)),
            shipmentMethod: ShipmentMethod(speed: ShipmentMethod.ShippingSpeed(rawValue: try row.int(11)) ?? .standard),
            id: String(try row.int64(0)),
            date: Date(timeIntervalSince1970: try row.double(1)),
            total: try row.decimal(20),
            version: try row.int(21)
        )
    }
}

/// A row of a store's database, read by position.
protocol OrderRow {
    func text(_ index: Int) throws -> String
    func int(_ index: Int) throws -> Int
    func int64(_ index: Int) throws -> Int64
    func double(_ index: Int) throws -> Double
    func decimal(_ index: Int) throws -> Decimal
}
