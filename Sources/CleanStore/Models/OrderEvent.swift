import Foundation

/// One entry of an order's history: who did what to it, and when. A store writes it in the same
/// transaction as the change it records (`OrdersStoreProtocol`), and keeps it after the order is
/// deleted. Written once, never changed.
public struct OrderEvent: Equatable, Sendable {
    /// What happened. Stored by its raw value: a new kind is a new case. A status change is an
    /// update (the order is saved: one more version, `updatedBy`), told apart by its `statusChange`.
    public enum Kind: String, Equatable, Sendable {
        case created, updated, deleted
    }

    /// A status change: from what, to what, the reason given (nil when none was), and the bulk
    /// move it was part of (`BulkBatch.id`; nil for a move of one order from its page).
    public struct StatusChange: Equatable, Sendable {
        public var from: OrderStatus
        public var to: OrderStatus
        public var reason: String?
        public var batch: String?

        public init(from: OrderStatus, to: OrderStatus, reason: String? = nil, batch: String? = nil) {
            self.from = from
            self.to = to
            self.reason = reason
            self.batch = batch
        }
    }

    /// The order's id (the order itself may be gone).
    public var orderID: String
    public var kind: Kind
    /// Who: nil when no one was signed in.
    public var by: AccountName?
    public var at: Date
    /// For an update: each field that changed, in the form's order (empty otherwise, and for a
    /// save that changed nothing). For a creation by placing a draft despite the duplicate
    /// warning, that (`DraftPlacing.createdEvent`).
    public var changes: [OrderChange]
    /// For an update made by `OrdersStoreProtocol.changeStatus` (its `changes` name the status, and
    /// the cancellation reason, as people read them); nil for every other event.
    public var statusChange: StatusChange?

    public init(
        orderID: String, kind: Kind, by: AccountName?, at: Date, changes: [OrderChange] = [], statusChange: StatusChange? = nil
    ) {
        self.orderID = orderID
        self.kind = kind
        self.by = by
        self.at = at
        self.changes = changes
        self.statusChange = statusChange
    }
}

/// One field of an order changed: its name and values as a person reads them ("Shipping method",
/// "Standard Shipping" → "One-Day Shipping"). A card number is named by its last four digits only
/// ("ending 1111"): a history never holds a whole card number. A card replaced by another with the
/// same last four is still a change, its old and new values the same ("ending 1111" → "ending
/// 1111"); the history says "Card changed, still ending 1111" (`ViewOrderHistoryPresenter`).
public struct OrderChange: Equatable, Sendable, Codable {
    public var field: String
    public var old: String
    public var new: String

    public init(field: String, old: String, new: String) {
        self.field = field
        self.old = old
        self.new = new
    }

    /// The name of the card number's change.
    public static let cardNumberField = "Card number"
    /// The names of an order's items changes (`OrderLineWrites.lineChanges`): a line added, a
    /// line removed, the tax re-computed.
    public static let itemAddedField = "Item added"
    public static let itemRemovedField = "Item removed"
    public static let taxField = "Tax"
    /// The name of a cancellation request's change: its reason while one waits, empty otherwise.
    public static let cancellationRequestField = "Cancellation requested"
    /// The name of the change a merge of customers makes on each order it moves
    /// (`CustomersMerge.orderEvent`): the customer it was taken for, and the survivor.
    public static let customerMergedField = "Customer merged"

    /// What changed from `old` to `new`, field by field in the form's order, then the order's
    /// status and cancellation reason (which only a status change changes), its shipment and a
    /// cancellation request's reason (asked for, or answered). The id, date, total
    /// and version are the store's, not the clerk's: not listed. Every store records an update, and
    /// a status change, with this. Values are compared as history shows them, but the card number
    /// whole: another card with the same last four is a change.
    public static func between(_ old: Order, _ new: Order) -> [OrderChange] {
        var changes: [OrderChange] = fields.compactMap { field, value in
            let before = value(old)
            let after = value(new)
            if before == after {
                guard field == cardNumberField, old.paymentMethod.creditCardNumber != new.paymentMethod.creditCardNumber
                else { return nil }
            }
            return OrderChange(field: field, old: before, new: after)
        }
        // A new order of goods re-taxed by an edit (its ship-to address, or a taxed shipping).
        if old.totals.taxCents != new.totals.taxCents {
            changes.append(
                OrderChange(field: taxField, old: Money.text(cents: old.totals.taxCents), new: Money.text(cents: new.totals.taxCents)))
        }
        return changes
    }

    /// Whether this change is a card replaced by another with the same last four (its values read
    /// the same).
    public var isCardWithTheSameLastFour: Bool { field == Self.cardNumberField && old == new }

    /// Each field a clerk edits, then the status's and the shipment's: its name, and its value as
    /// history shows it.
    private static let fields: [(String, @Sendable (Order) -> String)] = {
        var fields: [(String, @Sendable (Order) -> String)] = [
            ("First name", { $0.firstName }),
            ("Last name", { $0.lastName }),
            ("Phone number", { $0.phone }),
            ("Email address", { $0.email }),
        ]
        fields += addressFields("Shipment address") { $0.shipmentAddress }
        fields.append(("Shipping method", { $0.shipmentMethod.toString() }))
        // A card the store could not read (`PaymentMethod.isCardUnreadable`) is named as such.
        fields.append((cardNumberField, {
            $0.paymentMethod.isCardErased
                ? "ending \(PersonalDataErasure.erasedCardDigits)"
                : $0.paymentMethod.isCardUnreadable ? "unreadable" : "ending \($0.paymentMethod.lastFourDigits)"
        }))
        fields.append(("Expiry date", { String(format: "%02d/%02d", $0.paymentMethod.expirationDate.month, $0.paymentMethod.expirationDate.year % 100) }))
        fields += addressFields("Billing address") { $0.billingAddress }
        fields.append(("Status", { $0.status.toString() }))
        fields.append(("Cancellation reason", { $0.cancellationReason ?? "" }))
        fields.append(("Carrier", { $0.carrier ?? "" }))
        fields.append(("Tracking number", { $0.trackingNumber ?? "" }))
        fields.append((cancellationRequestField, { $0.cancellationRequest?.reason ?? "" }))
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
/// - each create, update, status change and delete of an order writes exactly one event, in the
///   same transaction (the change is rolled back when its event cannot be written); a refused
///   change (a conflict, a read-only order, a status not allowed, no such order) writes none, and
///   neither do re-encrypting card numbers, a note, or a create that finds its key used;
/// - `fetchEvents` lists an order's events newest first, a deleted order's too; an id never used
///   has none.
public protocol OrderEventsStoreProtocol: Sendable {
    func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent]
}
