import Foundation

/// One entry of an order's history: who did what to it, and when. A store writes it in the same
/// transaction as the change it records (`OrdersStoreProtocol`), and keeps it after the order is
/// deleted. Written once, never changed.
public struct OrderEvent: Equatable, Sendable {
    /// What happened. Stored by its raw value: a new kind (a status change, a note) is a new case.
    public enum Kind: String, Equatable, Sendable {
        case created, updated, deleted
    }

    /// The order's id (the order itself may be gone).
    public var orderID: String
    public var kind: Kind
    /// Who: nil when no one was signed in.
    public var by: AccountName?
    public var at: Date
    /// For an update: each field that changed, in the form's order (empty otherwise, and for a
    /// save that changed nothing).
    public var changes: [OrderChange]

    public init(orderID: String, kind: Kind, by: AccountName?, at: Date, changes: [OrderChange] = []) {
        self.orderID = orderID
        self.kind = kind
        self.by = by
        self.at = at
        self.changes = changes
    }
}

/// One field of an order changed: its name and values as a person reads them ("Shipping method",
/// "Standard Shipping" → "One-Day Shipping"). A card number is named by its last four digits only
/// ("ending 1111"): a history never holds a whole card number.
public struct OrderChange: Equatable, Sendable, Codable {
    public var field: String
    public var old: String
    public var new: String

    public init(field: String, old: String, new: String) {
        self.field = field
        self.old = old
        self.new = new
    }

    /// What changed from `old` to `new`, field by field in the form's order (the id, date, total
    /// and version are the store's, not the clerk's: not listed). Every store records an update
    /// with this.
    public static func between(_ old: Order, _ new: Order) -> [OrderChange] {
        fields.compactMap { field, value in
            let before = value(old)
            let after = value(new)
            return before == after ? nil : OrderChange(field: field, old: before, new: after)
        }
    }

    /// Each field a clerk edits: its name, and its value as history shows it.
    private static let fields: [(String, @Sendable (Order) -> String)] = {
        var fields: [(String, @Sendable (Order) -> String)] = [
            ("First name", { $0.firstName }),
            ("Last name", { $0.lastName }),
            ("Phone number", { $0.phone }),
            ("Email address", { $0.email }),
        ]
        fields += addressFields("Shipment address") { $0.shipmentAddress }
        fields.append(("Shipping method", { $0.shipmentMethod.toString() }))
        fields.append(("Card number", { "ending \($0.paymentMethod.lastFourDigits)" }))
        fields.append(("Expiry date", { String(format: "%02d/%02d", $0.paymentMethod.expirationDate.month, $0.paymentMethod.expirationDate.year % 100) }))
        fields += addressFields("Billing address") { $0.billingAddress }
        return fields
    }()

    private static func addressFields(
        _ name: String, _ address: @escaping @Sendable (Order) -> Address
    ) -> [(String, @Sendable (Order) -> String)] {
        [
            ("\(name), street line 1", { address($0).street1 }),
            ("\(name), street line 2", { address($0).street2 }),
            ("\(name), city", { address($0).city }),
            ("\(name), state", { address($0).state }),
            ("\(name), ZIP code", { address($0).zip }),
        ]
    }
}

/// Where an order's history is read. Every store (memory, SQLite, PostgreSQL) keeps the same
/// contract, checked by `OrderEventsStoreContractTests`:
/// - each create, update and delete of an order writes exactly one event, in the same transaction
///   (the change is rolled back when its event cannot be written); a refused update (a conflict,
///   no such order) writes none, and so does re-encrypting card numbers;
/// - `fetchEvents` lists an order's events newest first, a deleted order's too; an id never used
///   has none.
public protocol OrderEventsStoreProtocol: Sendable {
    func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent]
}
