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
    /// What the order comes to, in dollars: `totals.totalCents` (the store computes the totals, as
    /// `OrderWrites` saves them). Kept for the pages that still read dollars.
    public var total: Decimal { Decimal(totals.totalCents) / 100 }
    /// How many times the order has been saved: 1 when created, one more at each update. An update
    /// names the version it was made from, and a store refuses it (`OrdersStoreError.conflict`)
    /// when the order has been saved by someone else since: no update is ever lost.
    public var version: Int

    // MARK: Goods
    /// What was ordered, oldest line first (empty for an order keyed before lines were recorded:
    /// `itemsRecorded` false). A store's `fetchOrder` and every write return them; a list's read
    /// (`fetchOrders`, `orders(matching:)`) does not (it stays one cheap query): there `lines` is
    /// empty and `itemCount` and `totals` say what the order holds.
    public var lines: [OrderLine] {
        didSet { itemCount = lines.reduce(0) { $0 + $1.quantity } }
    }
    /// How many items the order holds (the sum of its lines' quantities), set with `lines`; a
    /// list's read, which carries no lines, reads it from the store.
    public var itemCount: Int
    /// Subtotal, shipping, tax and the rate it was taxed at, in cents: computed when the order is
    /// placed (and, while it is new, when its items or its ship-to state change); from paid on
    /// they never change. For an order keyed before lines, the shipping and no tax (what `init`
    /// sets, and what a create saves for an order with no lines: `OrderWrites.created`).
    public var totals: OrderTotals
    /// false for an order keyed before lines were recorded: its page says its items were not.
    public var itemsRecorded: Bool
    /// The number the next line's key takes (`OrderLine.key(number:)`): keys are never reused.
    public var nextLineNumber: Int

    // MARK: Life
    /// Where the order is in its life (`OrderStatus`): new when created; changed by the store's
    /// `changeStatus` only (a create or an update keeps the stored one, whatever a caller puts here).
    public var status: OrderStatus
    /// Why the order was cancelled, as the person who cancelled it said (nil unless cancelled, or
    /// when no reason was given). Kept on the order, like `createdBy`, so that the order page and the
    /// packing slip have it with the order; the history records it too.
    public var cancellationReason: String?
    /// When the order was marked as shipped (nil until it is). Set by the store's `changeStatus`.
    public var shippedAt: Date? = nil
    /// Who carries the parcel ("UPS", or the name typed for another carrier), said when it is
    /// shipped (`Shipment.carriers`); nil before, and for an order shipped before this was kept.
    public var carrier: String? = nil
    /// The carrier's tracking number (`TrackingNumber`), said when it is shipped or afterwards
    /// (`OrdersStoreProtocol.changeTracking`); nil when none was given.
    public var trackingNumber: String? = nil
    /// A clerk's request that a supervisor cancel the order (paid or packed), while it waits for
    /// one to approve or decline it (`OrdersStoreProtocol.decideCancellation`); nil otherwise.
    public var cancellationRequest: CancellationRequest? = nil
    /// The saved customer the order was taken for (`orders.customer_id`): the one its draft was
    /// copied from, or saved by placing it with "Save this caller", or linked once from the orders
    /// keyed before customers (`CustomersStoreProtocol.linkOrders`); nil when none. The order keeps
    /// its own copy of their details: a customer changed later rewrites no order.
    public var customerID: Int64? = nil

    // MARK: Record
    // Who created the order and who changed it last, kept on the order itself (columns of the
    // orders table) rather than looked up in its history: every read of an order, the 409 form's
    // `.conflict(current:)` included, has them with no second query. The store sets them, in the
    // same transaction as the history's event, so the two never disagree; whatever a caller puts
    // here is replaced.
    /// Who created the order: nil when no one was signed in (or it was created before this was kept).
    public var createdBy: AccountName?
    /// Who saved the order last: nil when no one was signed in, or it was never changed.
    public var updatedBy: AccountName?
    /// When the order was last saved: nil while it was never changed since it was created.
    public var updatedAt: Date?

    public init(
        firstName: String, lastName: String, phone: String, email: String,
        billingAddress: Address, paymentMethod: PaymentMethod,
        shipmentAddress: Address, shipmentMethod: ShipmentMethod,
        id: String? = nil, date: Date, version: Int = 1,
        createdBy: AccountName? = nil, updatedBy: AccountName? = nil, updatedAt: Date? = nil,
        status: OrderStatus = .new, cancellationReason: String? = nil
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
        self.version = version
        self.createdBy = createdBy
        self.updatedBy = updatedBy
        self.updatedAt = updatedAt
        self.status = status
        self.cancellationReason = cancellationReason
        self.lines = []
        self.itemCount = 0
        self.totals = OrderTotals(
            subtotalCents: 0, shippingCents: OrderTotal.shippingCents(for: shipmentMethod.speed), taxCents: 0, tax: nil)
        self.itemsRecorded = false
        self.nextLineNumber = 1
    }
}
