import Foundation

/// The write rules of a draft, decided once, in plain Swift, for every store (memory, SQLite,
/// PostgreSQL; the contract is `DraftsStoreProtocol`'s): each store reads the draft and its lines
/// in the transaction that changes them, asks here, and writes the answer back (the draft's row,
/// and its lines as a whole: at most `OrderLine.mostLines`). A refusal is thrown before anything
/// is written.
enum DraftWrites {
    /// The draft `change` makes of `stored`: one more version, changed by `by` at `at`. A stored
    /// draft at another version than `expectedVersion` (when one is given) is refused first:
    /// `.draftChanged` with it, whatever the change.
    static func applied(
        _ change: DraftChange, to stored: Draft, expectedVersion: Int? = nil, by: AccountName?, at: Date
    ) throws(DraftsStoreError) -> Draft {
        if let expectedVersion, expectedVersion != stored.version { throw .draftChanged(current: stored) }
        var draft = stored
        switch change {
        case .contact(let contact):
            draft.contact = contact
        case .useCustomer(let customer):
            copy(customer, into: &draft)
        case .delivery(let shipment, let billingSame, let billing, let method):
            draft.shipmentAddress = shipment
            draft.billingSameAsShipping = billingSame
            draft.billingAddress = billingSame ? Draft.emptyAddress : billing
            draft.shipmentMethod = method
        case .addLine(let line):
            try add(line, to: &draft)
        case .quantities(let quantities):
            for (key, quantity) in quantities.sorted(by: { $0.key < $1.key }) {
                guard let index = draft.lines.firstIndex(where: { $0.key == key }) else { throw .lineNotFound(key: key, current: stored) }
                guard OrderLine.quantities.contains(quantity) else { throw .quantityOutOfRange(key: key, current: stored) }
                draft.lines[index].quantity = quantity
            }
        case .removeLine(let key):
            guard let index = draft.lines.firstIndex(where: { $0.key == key }) else { throw .lineNotFound(key: key, current: stored) }
            draft.lines.remove(at: index)
        case .price(let key, let cents, let reason):
            guard let index = draft.lines.firstIndex(where: { $0.key == key }) else { throw .lineNotFound(key: key, current: stored) }
            let line = draft.lines[index]
            if let cents, cents != line.catalogPriceCents {
                draft.lines[index].unitPriceCents = cents
                draft.lines[index].priceReason = reason
            } else {
                draft.lines[index].unitPriceCents = line.catalogPriceCents
                draft.lines[index].priceReason = nil
            }
        case .priceChangeDecided(let key, let now, let useNew):
            guard let index = draft.lines.firstIndex(where: { $0.key == key }) else { throw .lineNotFound(key: key, current: stored) }
            let line = draft.lines[index]
            if useNew {
                draft.lines[index].catalogPriceCents = now
                if line.priceReason == nil { draft.lines[index].unitPriceCents = now }
            } else {
                draft.lines[index].catalogPriceCents = now
                if line.unitPriceCents != now, line.priceReason == nil {
                    draft.lines[index].priceReason = keptPriceReason(was: line.unitPriceCents, now: now)
                }
            }
        }
        draft.version = stored.version + 1
        draft.updatedBy = by
        draft.updatedAt = at
        return draft
    }

    /// `customer`'s contact and the default addresses they have, copied (values, not a link); an
    /// address they have none of leaves the draft's as it is. A billing address that is not known,
    /// or is the shipping one, is "billing same as shipping".
    static func copy(_ customer: Customer, into draft: inout Draft) {
        draft.customerID = customer.id
        draft.contact = Draft.Contact(
            firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone, email: customer.email)
        if !customer.shippingAddress.isEmpty {
            draft.shipmentAddress = customer.shippingAddress
            let billing = customer.billingAddress
            draft.billingSameAsShipping = billing.isEmpty || billing == customer.shippingAddress
            draft.billingAddress = draft.billingSameAsShipping ? Draft.emptyAddress : billing
        } else if !customer.billingAddress.isEmpty {
            draft.billingSameAsShipping = false
            draft.billingAddress = customer.billingAddress
        }
    }

    /// The reason a line keeps the price it was added at when the catalog's changed.
    static func keptPriceReason(was: Int64, now: Int64) -> String {
        "Kept at \(Money.text(cents: was)) when the catalog price changed to \(Money.text(cents: now))"
    }

    /// Adds `line` (its key given here), or its quantity to the line of the same product at the
    /// same price with no typed price.
    private static func add(_ line: OrderLine, to draft: inout Draft) throws(DraftsStoreError) {
        let stored = draft
        guard OrderLine.quantities.contains(line.quantity) else { throw .quantityOutOfRange(key: nil, current: stored) }
        if line.priceReason == nil, let index = draft.lines.firstIndex(where: {
            $0.sku == line.sku && $0.priceReason == nil && $0.unitPriceCents == line.unitPriceCents
        }) {
            let sum = draft.lines[index].quantity + line.quantity
            guard OrderLine.quantities.contains(sum) else { throw .quantityOutOfRange(key: draft.lines[index].key, current: stored) }
            draft.lines[index].quantity = sum
            return
        }
        guard draft.lines.count < OrderLine.mostLines else { throw .tooManyLines(current: stored) }
        var added = line
        added.key = OrderLine.key(number: draft.nextLineNumber)
        added.taxCents = 0
        draft.nextLineNumber += 1
        draft.lines.append(added)
    }
}
