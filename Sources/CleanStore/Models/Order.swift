import Foundation

/// An order, as in the handbook's CleanStore: contact, payment and shipping information.
///
/// The card security code is not part of an order: it is checked when typed and never stored.
public struct Order: Equatable, Sendable {
    // MARK: Contact info
    public var firstName: String
    public var lastName: String
    public var phone: String
    public var email: String

    // MARK: Payment info
    public var billingAddress: Address
    public var paymentMethod: PaymentMethod

    // MARK: Shipping info
    public var shipmentAddress: Address
    public var shipmentMethod: ShipmentMethod

    // MARK: Misc
    /// Chosen by the store when the order is created; nil before.
    public var id: String?
    public var date: Date
    /// Computed by the store (`OrderTotalWorker`); whatever a caller puts here is replaced.
    public var total: Decimal
    /// How many times the order has been saved: 1 when created, one more at each update. An update
    /// names the version it was made from, and a store refuses it (`OrdersStoreError.conflict`)
    /// when the order has been saved by someone else since: no update is ever lost.
    public var version: Int

    public init(
        firstName: String, lastName: String, phone: String, email: String,
        billingAddress: Address, paymentMethod: PaymentMethod,
        shipmentAddress: Address, shipmentMethod: ShipmentMethod,
        id: String? = nil, date: Date, total: Decimal = 0, version: Int = 1
    ) {
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.email = email
        self.billingAddress = billingAddress
        self.paymentMethod = paymentMethod
        self.shipmentAddress = shipmentAddress
        self.shipmentMethod = shipmentMethod
        self.id = id
        self.date = date
        self.total = total
        self.version = version
    }
}
