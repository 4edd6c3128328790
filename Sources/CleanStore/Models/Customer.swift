import Foundation

/// Someone who orders from the shop, kept so that the next call from them is quick: their
/// contact, the addresses their orders go to and are billed to unless they say otherwise, and a
/// note. **No** unique phone or email: a household or an office shares a line (saving a customer
/// whose phone or email is known offers the ones found instead, `CustomersStoreProtocol`).
/// An order *copies* a customer's details when it is taken: changing a customer later never
/// rewrites an order.
public struct Customer: Equatable, Sendable {
    /// Chosen by the store when the customer is created; nil before.
    public var id: Int64?
    public var firstName: String
    public var lastName: String
    /// As typed (`(415) 555-0100`); searched by its digits (`CustomerSearch`).
    public var phone: String
    public var email: String
    /// Where their orders go unless they say otherwise (all fields empty when not known).
    public var shippingAddress: Address
    /// Where their orders are billed unless they say otherwise (all fields empty when not known).
    public var billingAddress: Address
    /// What the clerks keep about them ("Call after 5 pm"); never a card number.
    public var note: String
    /// 1 when created, one more at each change: an edit names the version it was made from.
    public var version: Int
    public var createdAt: Date
    public var createdBy: AccountName?
    public var updatedAt: Date?
    public var updatedBy: AccountName?
    /// The customer this one was merged into (`CustomersStoreProtocol.mergeCustomers`): nil while
    /// it is a customer of its own. A merged customer is kept (its page says where it went), has no
    /// orders left and is found by no search.
    public var mergedInto: Int64?

    public init(
        id: Int64? = nil, firstName: String, lastName: String, phone: String, email: String,
        shippingAddress: Address = .empty, billingAddress: Address = .empty, note: String = "",
        version: Int = 1, createdAt: Date, createdBy: AccountName? = nil, updatedAt: Date? = nil, updatedBy: AccountName? = nil,
        mergedInto: Int64? = nil
    ) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.phone = phone
        self.email = email
        self.shippingAddress = shippingAddress
        self.billingAddress = billingAddress
        self.note = note
        self.version = version
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
        self.mergedInto = mergedInto
    }

    /// "Jane Doe".
    public var name: String {
        [firstName, lastName].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

extension Address {
    /// An address not known: every field empty.
    public static let empty = Address(street1: "", city: "", state: "", zip: "")

    public var isEmpty: Bool { self == .empty }
}

/// One entry of a customer's history.
public struct CustomerEvent: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        /// Added by a clerk (or when an order was placed with "Save this caller").
        case created
        case updated
        /// Made from existing orders, once, by the migration that brought customers in.
        case fromOrders = "from-orders"
        /// Another customer was merged into this one: their orders are this one's now.
        case merged
        /// Merged into another customer, who has their orders now.
        case mergedInto = "merged-into"
        /// Their personal data was erased (`PersonalDataErasure`): the one change history ever
        /// gets, recorded with no erased value.
        case erased
    }

    public var customerID: Int64
    public var kind: Kind
    public var by: AccountName?
    public var at: Date
    /// Each field that changed, as people read it ("Phone", "415-555-0100" → "(415) 555-0199").
    public var changes: [OrderChange]

    public init(customerID: Int64, kind: Kind, by: AccountName?, at: Date, changes: [OrderChange] = []) {
        self.customerID = customerID
        self.kind = kind
        self.by = by
        self.at = at
        self.changes = changes
    }
}
