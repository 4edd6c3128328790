import Foundation

/// The rules of a placed order's items and stock, decided once, in plain Swift, for every store
/// (`OrdersStoreProtocol.changeItems`, `changeStatus`): each store reads the order (and its lines),
/// the products they name and the rates of its ship-to state in the transaction that would change
/// them, asks here, and executes the answer: the order saved, its event, and each product's stock
/// moved by one conditional update, in product-id order.
enum OrderLineWrites {
    /// A product's stock moved by a change: `committed` and `onHand` deltas.
    struct StockMove: Equatable, Sendable {
        var productID: Int64
        var committed: Int64
        var onHand: Int64
    }

    /// What a change of `stored`'s items saves: the lines changed as a draft's are (`DraftWrites`),
    /// re-taxed with the rate in force on the order's placing day for its ship-to address, one more
    /// version, and the stock that moves with it. Refused (nothing written) unless the order is
    /// new (items are frozen from paid on), when `expectedVersion` is not the stored one (checked
    /// first), when no rate applies, and when a tracked product lacks the stock for more.
    static func itemsChanged(
        _ stored: Order, change: DraftChange, expectedVersion: Int, products: [Int64: Product], rates: [TaxRate],
        timeZone: TimeZone, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> (order: Order, stock: [StockMove], changes: [OrderChange]) {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        guard stored.status == .new else {
            throw .refused(current: stored, reason: "This order is \(stored.status.rawValue): its items can no longer be changed")
        }
        var draft = Draft(ref: stored.id ?? "", lines: stored.lines, nextLineNumber: stored.nextLineNumber, createdAt: stored.date)
        do {
            draft = try DraftWrites.applied(change, to: draft, by: by, at: at)
        } catch {
            throw .refused(current: stored, reason: reason(error))
        }
        var order = stored
        order.lines = draft.lines
        order.nextLineNumber = draft.nextLineNumber
        try retax(&order, stored: stored, rates: rates, timeZone: timeZone)
        // Stock: what the new lines commit of each tracked product, against what the old ones did.
        var before: [Int64: Int64] = [:]
        for line in stored.lines { if let id = line.productID { before[id, default: 0] += line.stockCommitted } }
        var after: [Int64: Int64] = [:]
        for index in order.lines.indices {
            let tracked = order.lines[index].productID.flatMap { products[$0]?.stock } != nil
            order.lines[index].stockCommitted = tracked ? Int64(order.lines[index].quantity) : 0
            if let id = order.lines[index].productID { after[id, default: 0] += order.lines[index].stockCommitted }
        }
        var moves: [StockMove] = []
        for id in Set(before.keys).union(after.keys).sorted() {
            let delta = after[id, default: 0] - before[id, default: 0]
            guard delta != 0 else { continue }
            if delta > 0, let product = products[id], let stock = product.stock, !stock.allowBackorder, stock.available < delta {
                throw .refused(current: stored, reason: "Not enough \(product.sku) in stock: \(max(0, stock.available)) available")
            }
            moves.append(StockMove(productID: id, committed: delta, onHand: 0))
        }
        order.version = stored.version + 1
        order.updatedBy = by
        order.updatedAt = at
        return (order, moves, lineChanges(from: stored, to: order))
    }

    /// Re-taxes `order` (new only) with the rate in force on its placing day for its ship-to
    /// address; refused when none applies. Orders keyed before lines stay untaxed.
    static func retax(_ order: inout Order, stored: Order, rates: [TaxRate], timeZone: TimeZone) throws(OrdersStoreError) {
        let shipping = OrderTotal.shippingCents(for: order.shipmentMethod.speed)
        guard order.itemsRecorded else {
            order.totals = OrderTotals(subtotalCents: 0, shippingCents: shipping, taxCents: 0, tax: nil)
            return
        }
        let day = ShopDay(order.date, in: timeZone)
        guard let rate = TaxRate.mostSpecific(in: rates, region: order.shipmentAddress.state, postalCode: order.shipmentAddress.zip, on: day)
        else {
            throw .refused(current: stored, reason: "No tax rate for \(order.shipmentAddress.state.uppercased()) — ask a supervisor")
        }
        order.totals = OrderTotals.priced(lines: &order.lines, shippingCents: shipping, tax: rate.applied)
    }

    /// The stock an order's move to `status` moves: shipping takes what it committed off hand,
    /// cancelling releases it (a shipped order's is already gone).
    static func stockMoves(of stored: Order, to status: OrderStatus) -> [StockMove] {
        var committed: [Int64: Int64] = [:]
        for line in stored.lines where line.stockCommitted > 0 {
            if let id = line.productID { committed[id, default: 0] += line.stockCommitted }
        }
        switch status {
        case .shipped: return committed.sorted { $0.key < $1.key }.map { StockMove(productID: $0.key, committed: -$0.value, onHand: -$0.value) }
        case .cancelled where stored.status != .shipped:
            return committed.sorted { $0.key < $1.key }.map { StockMove(productID: $0.key, committed: -$0.value, onHand: 0) }
        default: return []
        }
    }

    /// The history's entries of an items change: each line added, removed, re-quantified or
    /// re-priced (with the reason), and the tax and total when they moved.
    static func lineChanges(from old: Order, to new: Order) -> [OrderChange] {
        var changes: [OrderChange] = []
        func describe(_ line: OrderLine) -> String { "\(line.quantity) × \(line.sku) \(line.name) at \(Money.text(cents: line.unitPriceCents))" }
        for line in new.lines {
            guard let was = old.lines.first(where: { $0.key == line.key }) else {
                changes.append(OrderChange(field: OrderChange.itemAddedField, old: "", new: describe(line)))
                continue
            }
            if was.quantity != line.quantity {
                changes.append(OrderChange(field: "Quantity of \(line.sku)", old: String(was.quantity), new: String(line.quantity)))
            }
            if was.unitPriceCents != line.unitPriceCents {
                let reason = line.priceReason.map { " (\($0))" } ?? ""
                changes.append(
                    OrderChange(
                        field: "Price of \(line.sku)", old: Money.text(cents: was.unitPriceCents),
                        new: Money.text(cents: line.unitPriceCents) + reason))
            }
        }
        for line in old.lines where !new.lines.contains(where: { $0.key == line.key }) {
            changes.append(OrderChange(field: OrderChange.itemRemovedField, old: describe(line), new: ""))
        }
        if old.totals.taxCents != new.totals.taxCents {
            changes.append(OrderChange(field: OrderChange.taxField, old: Money.text(cents: old.totals.taxCents), new: Money.text(cents: new.totals.taxCents)))
        }
        if old.totals.totalCents != new.totals.totalCents {
            changes.append(
                OrderChange(field: "Total", old: Money.text(cents: old.totals.totalCents), new: Money.text(cents: new.totals.totalCents)))
        }
        return changes
    }

    private static func reason(_ error: DraftsStoreError) -> String {
        switch error {
        case .tooManyLines: return "An order holds at most \(OrderLine.mostLines) lines"
        case .quantityOutOfRange: return "A quantity is from 1 to 9,999"
        case .lineNotFound: return "That line is no longer on the order"
        default: return "\(error)"
        }
    }
}
