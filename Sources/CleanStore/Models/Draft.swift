import Foundation

/// An order being taken: what a clerk has filled in so far, section by section, before it is
/// placed. It holds no card data, ever (the card is typed on the check page and goes straight
/// into the placed order). A draft has a `D-` reference, never an order number: the number is
/// given when it is placed.
public struct Draft: Equatable, Sendable {
    /// Chosen by the store when the draft is created.
    public var ref: String
    public var contact: Contact
    public var shipmentAddress: Address
    /// "Billing same as shipping" (ticked by default): then `billingAddress` is not asked for and
    /// the order's billing address is the shipment address.
    public var billingSameAsShipping: Bool
    public var billingAddress: Address
    public var shipmentMethod: ShipmentMethod
    /// Oldest first.
    public var lines: [OrderLine]
    /// The saved customer whose details were copied in (*Use* on "Who is calling?"), if any: a
    /// copy, never a link, so a customer changed later rewrites no draft. Placing with "Save this
    /// caller" updates that customer rather than making another.
    public var customerID: Int64?
    /// The order this draft repeats ("Repeat this order"), kept until it is placed or discarded:
    /// its page marks what changed since (`EditDraft.Repeated`) after any section is saved too.
    public var repeatsOrderID: Int64?
    /// The number the next line's key takes (`OrderLine.key(number:)`): keys are never reused.
    public var nextLineNumber: Int
    /// 1 when created, one more at each save of a section or a line.
    public var version: Int
    public var createdAt: Date
    public var createdBy: AccountName?
    public var updatedAt: Date
    public var updatedBy: AccountName?

    public struct Contact: Equatable, Sendable {
        public var firstName: String
        public var lastName: String
        public var phone: String
        public var email: String

        public init(firstName: String = "", lastName: String = "", phone: String = "", email: String = "") {
            self.firstName = firstName
            self.lastName = lastName
            self.phone = phone
            self.email = email
        }
    }

    public init(
        ref: String, contact: Contact = Contact(), shipmentAddress: Address = Draft.emptyAddress,
        billingSameAsShipping: Bool = true, billingAddress: Address = Draft.emptyAddress,
        shipmentMethod: ShipmentMethod = ShipmentMethod(speed: .standard), lines: [OrderLine] = [], customerID: Int64? = nil,
        nextLineNumber: Int = 1, version: Int = 1, createdAt: Date, createdBy: AccountName? = nil, updatedAt: Date? = nil, updatedBy: AccountName? = nil
    ) {
        self.ref = ref
        self.contact = contact
        self.shipmentAddress = shipmentAddress
        self.billingSameAsShipping = billingSameAsShipping
        self.billingAddress = billingAddress
        self.shipmentMethod = shipmentMethod
        self.lines = lines
        self.customerID = customerID
        self.nextLineNumber = nextLineNumber
        self.version = version
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.updatedAt = updatedAt ?? createdAt
        self.updatedBy = updatedBy ?? createdBy
    }

    public static let emptyAddress = Address(street1: "", street2: "", city: "", state: "", zip: "")

    /// The address the order is billed to.
    public var effectiveBillingAddress: Address { billingSameAsShipping ? shipmentAddress : billingAddress }
}
