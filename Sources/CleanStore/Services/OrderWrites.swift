import Foundation

/// The write rules of an order, decided once, in plain Swift, for every store (memory, SQLite,
/// PostgreSQL; the contract is `OrdersStoreProtocol`'s): each store reads the stored row in the
/// transaction that would change it (SQLite's one writer, PostgreSQL's `FOR UPDATE`), asks here,
/// and only executes the answer in its dialect (an order that is not stored is the store's
/// `.notFound`, before any rule). A refusal is thrown (`OrdersStoreError`) inside the
/// transaction, so nothing is written; the stores' SQL guards (`version = ?`) stay as a second lock.
enum OrderWrites {
    /// What a create stores: the order as given, with its totals, version 1, status new, no
    /// cancellation reason, created by `by`, never updated. The store chooses its id (the next
    /// order number). `itemsRecorded` is kept as given; an order with no lines totals its shipping
    /// (`OrderTotal`) with no tax, one with lines is priced (`OrderTotals.priced`) at the rate it
    /// carries (untaxed when none), and its next line number is past its lines'.
    static func created(_ order: Order, by: AccountName?) -> Order {
        var created = order
        created.totals = totals(of: &created, tax: order.lines.isEmpty ? nil : order.totals.tax)
        created.nextLineNumber = max(order.nextLineNumber, order.lines.count + 1)
        created.version = 1
        created.createdBy = by
        created.updatedBy = nil
        created.updatedAt = nil
        created.status = .new
        created.cancellationReason = nil
        created.cancellationRequest = nil
        return created
    }

    /// What an update of `stored` to `order` saves: the fields as edited, with the stored id, date,
    /// status, cancellation reason, creator and lines (an update never changes items: `changeItems`
    /// does), the totals recomputed for the shipping method as edited at the stored rate, one more
    /// version, updated by `by` at `at`. Refused when the order is read-only (checked first: whatever version the edit
    /// was made from), when the edit was made from another version than the stored one, and when
    /// it carries an unreadable card (`PaymentMethod.isCardUnreadable`: the stored card could not be
    /// read, so an edit must give a new one; nothing is saved over it that is not a card) or only
    /// its last four digits (`PaymentMethod.isLastFourOnly`, a list's read).
    ///
    /// An order of goods whose ship-to address moves: while it is new it is re-taxed with the rate
    /// in force on its placing day for the new address (`rates`: the new state's; refused when none
    /// applies); from paid on its rate is fixed, so a move to an address another rate covers is
    /// refused (`.refused`, with why), and within its rate's region it keeps its totals.
    static func updated(
        _ order: Order, of stored: Order, rates: [TaxRate] = [], timeZone: TimeZone, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> Order {
        guard !stored.status.isReadOnly else { throw .readOnly(current: stored) }
        guard order.version == stored.version else { throw .conflict(current: stored) }
        guard !order.paymentMethod.isCardUnreadable else {
            throw .cannotUpdate("The card of order \(stored.id ?? "") cannot be read: an update must give a new card")
        }
        // A list's card (its last four digits only) is never saved as the card number.
        guard !order.paymentMethod.isLastFourOnly else {
            throw .cannotUpdate("The card of order \(stored.id ?? "") was read as its last four digits only: an update must give the whole card")
        }
        var saved = order
        saved.id = stored.id
        saved.date = stored.date
        saved.status = stored.status
        saved.cancellationReason = stored.cancellationReason
        saved.cancellationRequest = stored.cancellationRequest
        saved.shippedAt = stored.shippedAt
        saved.carrier = stored.carrier
        saved.trackingNumber = stored.trackingNumber
        saved.customerID = stored.customerID
        saved.version = stored.version + 1
        saved.lines = stored.lines
        saved.itemsRecorded = stored.itemsRecorded
        saved.nextLineNumber = stored.nextLineNumber
        saved.totals = totals(of: &saved, tax: stored.totals.tax)
        if movesTaxAddress(saved, from: stored), let tax = stored.totals.tax {
            if stored.status == .new {
                try OrderLineWrites.retax(&saved, stored: stored, rates: rates, timeZone: timeZone)
            } else {
                let rate = TaxRate.mostSpecific(
                    in: rates, region: saved.shipmentAddress.state, postalCode: saved.shipmentAddress.zip,
                    on: ShopDay(stored.date, in: timeZone))
                guard rate?.region == tax.region, rate?.postalPrefix == tax.postalPrefix else {
                    throw .refused(
                        current: stored,
                        reason: "This order is \(stored.status.rawValue): it was taxed at \(tax.percentText) for \(tax.region) when it was placed, and from paid on its tax never changes, so it cannot be shipped to an address another tax rate covers")
                }
            }
        }
        saved.createdBy = stored.createdBy
        saved.updatedBy = by
        saved.updatedAt = at
        return saved
    }

    /// Whether an edit to `order` moves the taxed ship-to address of `stored`, an order of goods:
    /// only then does `updated` need the new state's rates (a store reads them only then).
    static func movesTaxAddress(_ order: Order, from stored: Order) -> Bool {
        stored.itemsRecorded
            && (order.shipmentAddress.state != stored.shipmentAddress.state || order.shipmentAddress.zip != stored.shipmentAddress.zip)
    }

    /// What a move of `stored` to `status` saves: the stored order with the new status, the
    /// cancellation reason `reason` when it is cancelled (other statuses keep the stored one), one
    /// more version, updated by `by` at `at`. Refused when the person saw another version than
    /// `expectedVersion` (checked first: a stale page gets the conflict, whatever it asked for),
    /// and when the rules do not lead from the stored status to `status` (`OrderStatus.canChange(to:)`).
    /// A move to shipped keeps the day (`at`) and `shipment`'s carrier and tracking number (none
    /// when it is nil); `shipment` is not read for any other move. An order a clerk asked a
    /// supervisor to cancel (`cancellationRequest`) is not shipped until one decides (`.refused`);
    /// cancelling it answers the request (it goes).
    static func statusChanged(
        _ stored: Order, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment? = nil,
        by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> Order {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        guard stored.status.canChange(to: status) else { throw .statusNotAllowed(current: stored, to: status) }
        if status == .shipped, stored.cancellationRequest != nil { throw .refused(current: stored, reason: waitingForSupervisor) }
        var saved = stored
        saved.status = status
        if status == .cancelled {
            saved.cancellationReason = reason
            saved.cancellationRequest = nil
        }
        if status == .shipped {
            saved.shippedAt = at
            saved.carrier = shipment?.carrier
            saved.trackingNumber = shipment?.trackingNumber
        }
        saved.version = stored.version + 1
        saved.updatedBy = by
        saved.updatedAt = at
        return saved
    }

    /// Why an order waiting for a supervisor's decision on its cancellation is not shipped.
    static let waitingForSupervisor =
        "A supervisor has been asked to cancel this order: it is not shipped until they approve or decline the cancellation"

    /// What a step of a cancellation request saves (`CancellationDecision`), and the status change
    /// it makes (an approval's: to cancelled with the request's reason; nil for the others):
    /// - `.request(reason)`: the request on the order (its reason, `by`, `at`); only a paid or
    ///   packed order (a new one is cancelled by whoever takes orders; a shipped or cancelled one
    ///   never is: `.statusNotAllowed`), and only one waiting at a time (`.refused`);
    /// - `.approve`: the order cancelled with the request's reason, the request gone;
    /// - `.decline`: the request gone, the order as it was.
    /// An approval or a decline needs a request waiting (`.refused`). Each saves one more version,
    /// updated by `by` at `at`; refused first when the person saw another version than
    /// `expectedVersion` (a stale page gets the conflict, whatever it asked for).
    static func cancellationDecided(
        _ stored: Order, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> (order: Order, statusChange: OrderEvent.StatusChange?) {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        var saved = stored
        var statusChange: OrderEvent.StatusChange?
        switch decision {
        case .request(let reason):
            guard stored.status == .paid || stored.status == .packed else { throw .statusNotAllowed(current: stored, to: .cancelled) }
            guard stored.cancellationRequest == nil else {
                throw .refused(current: stored, reason: "A supervisor has already been asked to cancel this order")
            }
            saved.cancellationRequest = CancellationRequest(reason: reason, by: by, at: at)
        case .approve, .decline:
            guard let request = stored.cancellationRequest else {
                throw .refused(current: stored, reason: "No one is waiting for this order to be cancelled")
            }
            saved.cancellationRequest = nil
            if decision == .approve {
                guard stored.status.canChange(to: .cancelled) else { throw .statusNotAllowed(current: stored, to: .cancelled) }
                saved.status = .cancelled
                saved.cancellationReason = request.reason
                statusChange = OrderEvent.StatusChange(from: stored.status, to: .cancelled, reason: request.reason)
            }
        }
        saved.version = stored.version + 1
        saved.updatedBy = by
        saved.updatedAt = at
        return (saved, statusChange)
    }

    /// How long a move to paid or packed can be undone by whoever made it.
    static let undoWindow: TimeInterval = 5 * 60

    /// The move `latest` (the order's newest event) made, when `by` may undo it at `at`: a move to
    /// paid or packed (never shipped or cancelled), that is the order's latest change (its status is
    /// still where the move put it, and no event came after it), made by `by` no more than
    /// `undoWindow` before `at`. nil otherwise (and for no one signed in).
    static func undoableMove(_ stored: Order, latest: OrderEvent?, by: AccountName?, at: Date) -> OrderEvent.StatusChange? {
        guard let latest, latest.kind == .updated, let change = latest.statusChange, change.to == stored.status,
            change.to == .paid || change.to == .packed, change.from.canChange(to: change.to),
            let by, latest.by?.username == by.username, at >= latest.at, at.timeIntervalSince(latest.at) <= undoWindow
        else { return nil }
        return change
    }

    /// What undoing the order's latest move saves: the status it came from, one more version, by
    /// `by` at `at`. Refused when the person saw another version than `expectedVersion` (checked
    /// first), and (`.refused`, saying why) when the latest event is no move `by` may undo now
    /// (`undoableMove`): the stores read `latest` in the same transaction as the change.
    static func statusUndone(
        _ stored: Order, latest: OrderEvent?, expectedVersion: Int, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> (order: Order, undone: OrderEvent.StatusChange) {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        guard let change = undoableMove(stored, latest: latest, by: by, at: at) else {
            throw .refused(
                current: stored,
                reason: "Only the latest move to paid or packed can be undone, by whoever made it, within 5 minutes")
        }
        var saved = stored
        saved.status = change.from
        saved.version = stored.version + 1
        saved.updatedBy = by
        saved.updatedAt = at
        return (saved, change)
    }

    /// What setting a shipped order's tracking number (added, corrected or removed) saves: the one
    /// change a shipped order takes. Refused when the person saw another version than
    /// `expectedVersion` (checked first), and for an order that is not shipped
    /// (`.statusNotAllowed`, to shipped: it has no parcel yet, or never will).
    static func trackingChanged(
        _ stored: Order, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> Order {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        guard stored.status == .shipped else { throw .statusNotAllowed(current: stored, to: .shipped) }
        var saved = stored
        saved.trackingNumber = trackingNumber
        saved.version = stored.version + 1
        saved.updatedBy = by
        saved.updatedAt = at
        return saved
    }

    /// The totals of `order`'s lines (each line's tax share written into it) and shipping, at `tax`.
    private static func totals(of order: inout Order, tax: AppliedTax?) -> OrderTotals {
        OrderTotals.priced(lines: &order.lines, shippingCents: OrderTotal.shippingCents(for: order.shipmentMethod.speed), tax: tax)
    }

    /// Whether `stored` may be deleted: refused when it is read-only.
    static func checkDeletable(_ stored: Order) throws(OrdersStoreError) {
        guard !stored.status.isReadOnly else { throw .readOnly(current: stored) }
    }
}
