protocol ShowOrderPresentationLogic: AnyObject {
    func presentOrder(response: ShowOrder.GetOrder.Response)
}

final class ShowOrderPresenter: ShowOrderPresentationLogic {
    weak var viewController: ShowOrderDisplayLogic?
    /// The page's view controller, for its way back and onward.
    weak var navigationViewController: ShowOrderNavigationDisplayLogic?
    let formatter: OrderDisplayFormatter
    /// Makes the one-time key the page's "New order for this customer" and "Repeat this order"
    /// forms carry (`SceneEnvironment.newOrderKey`): a double click on either is one draft.
    let newKey: () -> String

    init(formatter: OrderDisplayFormatter, newKey: @escaping () -> String = { OrderKeyWorker.random() }) {
        self.formatter = formatter
        self.newKey = newKey
    }

    // MARK: Get order

    func presentOrder(response: ShowOrder.GetOrder.Response) {
        let viewModel: ShowOrder.GetOrder.ViewModel
        switch response {
        case .found(
            let order, let mayEdit, let mayDelete, let mayChangeStatus, let mayCancel, let notes, let mayAddNote, let confirmed,
            let mayChangeItems, let events, let mayChangeTracking, let undoable, let refusedItems, let mayRequestCancellation,
            let mayDecideCancellation, let mayStartDraft):
            let id = order.id ?? ""
            var displayed = ShowOrder.GetOrder.ViewModel.DisplayedOrder(
                    id: id,
                    date: formatter.longDate(order.date),
                    email: order.email,
                    name: formatter.name(order),
                    total: formatter.total(order),
                    phone: order.phone,
                    shipmentAddress: formatter.addressLines(order.shipmentAddress),
                    shipmentMethod: order.shipmentMethod.toString(),
                    billingAddress: formatter.addressLines(order.billingAddress),
                    cardNumber: formatter.maskedCardNumber(order.paymentMethod),
                    expirationDate: formatter.expirationDate(order.paymentMethod.expirationDate),
                    title: "Order \(id)",
                    createdBy: order.createdBy.map { "Created by \(formatter.accountName($0))" },
                    lastChanged: lastChanged(order),
                    editURL: mayEdit ? Paths.editOrder(id) : nil,
                    historyURL: Paths.orderHistory(id),
                    slipURL: Paths.packingSlip(id),
                    deleteURL: mayDelete ? Paths.deleteOrder(id) : nil,
                    ordersURL: Paths.orders.description)
            displayed.confirmation = confirmed.map {
                ShowOrder.GetOrder.ViewModel.DisplayedConfirmation(
                    orderNumber: id, confirmationNote: $0.note, createAnotherURL: $0.mayCreateAnother ? Paths.drafts.description : nil)
            }
            displayed.status = order.status.toString()
            displayed.statusClass = "status-\(order.status.rawValue)"
            // The one primary action: the order's next move (every status but shipped and cancelled
            // has one); shipping opens its confirmation page.
            let next = mayChangeStatus ? order.status.actions.first(where: { $0 != .cancel }) : nil
            if next == .markShipped {
                displayed.shipURL = Paths.shipOrder(id)
            } else {
                displayed.statusButton = next.map { .init(label: Self.label(of: $0), action: $0.rawValue) }
            }
            displayed.undo = undoable.map {
                let status = $0.to.toString().lowercased()
                return ShowOrder.GetOrder.ViewModel.DisplayedUndo(
                    message: "You marked this order as \(status). You can undo this for 5 minutes.",
                    label: "Undo marking as \(status)", url: Paths.undoStatus(id))
            }
            if order.status == .packed, Self.addressChangedSincePacking(events) { displayed.reprintSlipURL = Paths.packingSlip(id) }
            if order.status == .shipped {
                displayed.shipment = ShowOrder.GetOrder.ViewModel.DisplayedShipment(
                    shippedOn: order.shippedAt.map(formatter.longDate) ?? "Not recorded", carrier: order.carrier ?? "Not recorded",
                    trackingNumber: order.trackingNumber, trackingURL: mayChangeTracking ? Paths.orderTracking(id) : nil,
                    trackingLabel: order.trackingNumber == nil ? "Add a tracking number" : "Correct the tracking number")
            }
            displayed.statusURL = Paths.orderStatus(id)
            displayed.customerURL = order.customerID.map { Paths.customer(String($0)) }
            displayed.newDraftURL = mayStartDraft && order.customerID != nil ? Paths.orderNewDraft(id) : nil
            displayed.repeatURL = mayStartDraft && !order.lines.isEmpty ? Paths.orderRepeat(id) : nil
            if displayed.newDraftURL != nil || displayed.repeatURL != nil { displayed.startDraftKey = newKey() }
            displayed.timeline = timeline(notes: notes, events: events)
            displayed.noteURL = mayAddNote ? Paths.orderNotes(id) : nil
            displayed.noteHint = AddOrderNotePresenter.hint
            displayed.version = String(order.version)
            // While a clerk's request waits, a supervisor is offered the decision only (approving it
            // cancels the order with the clerk's reason), not a second way to cancel beside it.
            displayed.cancelURL = mayCancel && !mayDecideCancellation && order.status.after(.cancel) != nil ? Paths.cancelOrder(id) : nil
            displayed.requestCancelURL = mayRequestCancellation ? Paths.cancelOrder(id) : nil
            displayed.cancellationRequest = order.cancellationRequest.map {
                let who = $0.by.map(formatter.accountName) ?? "Someone not signed in"
                return ShowOrder.GetOrder.ViewModel.DisplayedCancellationRequest(
                    asked: "\(who) asked a supervisor to cancel this order on \(formatter.longDateAndTime($0.at)).",
                    reason: $0.reason, decisionURL: mayDecideCancellation ? Paths.orderStatus(id) : nil)
            }
            displayed.cancellationReason = order.status == .cancelled ? order.cancellationReason : nil
            if order.status.isReadOnly {
                displayed.readOnlyNotice =
                    "This order is \(order.status.toString().lowercased()): it is kept as it is and can no longer be edited, deleted or moved on."
            }
            items(of: order, into: &displayed)
            if mayChangeItems { displayed.itemForms = Self.itemForms(of: order, refused: refusedItems) }
            if let refusedItems, mayChangeItems {
                displayed.errors = Self.errorSummary(refusedItems)
                displayed.formMessage = "The items were not changed."
                displayed.title = "Error: " + displayed.title
            }
            viewModel = .order(displayed)
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayOrder(viewModel: viewModel)
    }

    /// The order's notes and its history's events in one timeline, newest first (at the same
    /// moment, an event before a note, each as its list gave them): a note by its text, an event as
    /// the history page says it (`ViewOrderHistoryPresenter.displayed`).
    private func timeline(notes: [OrderNote], events: [OrderEvent]) -> [ShowOrder.GetOrder.ViewModel.TimelineEntry] {
        let fromEvents = events.map { event in
            let shown = ViewOrderHistoryPresenter.displayed(event, formatter: formatter)
            return (
                at: event.at,
                entry: ShowOrder.GetOrder.ViewModel.TimelineEntry(
                    title: shown.title, by: shown.by, date: shown.date, machineDate: shown.machineDate, changes: shown.changes,
                    noChanges: shown.noChanges, batchURL: shown.batchURL, batchLabel: shown.batchLabel))
        }
        let fromNotes = notes.map { note in
            (
                at: note.at,
                entry: ShowOrder.GetOrder.ViewModel.TimelineEntry(
                    title: note.forPacker ? "Note for the packer" : "Note", by: note.by.map(formatter.accountName) ?? "No one was signed in",
                    date: formatter.longDateAndTime(note.at), machineDate: formatter.machineDateTime(note.at), text: note.text))
        }
        return (fromEvents + fromNotes).enumerated()
            .sorted { $0.element.at != $1.element.at ? $0.element.at > $1.element.at : $0.offset < $1.offset }
            .map(\.element.entry)
    }

    /// Whether the ship-to address changed after the order's latest move to packed (its events
    /// newest first): its slip, printed then, is out of date.
    static func addressChangedSincePacking(_ events: [OrderEvent]) -> Bool {
        let sincePacked = events.prefix { $0.statusChange?.to != .packed }
        return sincePacked.count < events.count
            && sincePacked.contains { $0.changes.contains { $0.field.hasPrefix("Shipment address") } }
    }

    /// What a status button says.
    static func label(of action: OrderStatus.Action) -> String {
        switch action {
        case .markPaid: "Mark as paid"
        case .markPacked: "Mark as packed"
        case .markShipped: "Mark as shipped"
        case .cancel: "Cancel order"
        }
    }

    /// What was said of an order keyed before items were kept (its total is its shipping).
    static let itemsNotRecorded = "Items were not recorded for this order (it was taken before items were kept)."

    /// The order's lines and what they add up to (`OrderDisplayFormatter.totals`), in words.
    private func items(of order: Order, into displayed: inout ShowOrder.GetOrder.ViewModel.DisplayedOrder) {
        guard order.itemsRecorded else {
            displayed.itemsNote = Self.itemsNotRecorded
            return
        }
        displayed.lines = order.lines.map { line in
            ShowOrder.GetOrder.ViewModel.DisplayedLine(
                sku: line.sku, name: line.name, quantity: String(line.quantity), unitPrice: Money.text(cents: line.unitPriceCents),
                priceNote: line.priceReason.map { "Typed price: \($0) (catalog price \(Money.text(cents: line.catalogPriceCents)))" },
                amount: Money.text(cents: line.amountCents))
        }
        if order.lines.isEmpty { displayed.itemsNote = "This order has no items." }
        let totals = formatter.totals(order)
        displayed.totals = ShowOrder.GetOrder.ViewModel.DisplayedTotals(
            subtotal: Money.text(cents: totals.subtotalCents), shipping: Money.text(cents: totals.shippingCents),
            taxLabel: formatter.taxLabel(totals.tax), tax: Money.text(cents: totals.taxCents), total: Money.text(cents: totals.totalCents))
    }

    /// The item forms of a new order: every quantity in one form, each line's remove and price
    /// forms, and a line by SKU (`Scenes/ChangeOrderItems` answers them).
    /// A refused form (`refused`) comes back as typed, each error at its box and its price form open.
    static func itemForms(
        of order: Order, refused: ShowOrder.GetOrder.RefusedItems? = nil
    ) -> ShowOrder.GetOrder.ViewModel.DisplayedItemForms {
        var forms = itemForms(of: order)
        guard let refused else { return forms }
        func error(_ field: String) -> String? {
            refused.errors.first { $0.field == field }.map { ChangeOrderItemsPresenter.message(for: $0.problem) }
        }
        let shown = ChangeOrderItemsPresenter.shown
        switch refused.form {
        case .addLine(let fields):
            forms.addSKU = shown(fields.sku)
            forms.addQuantity = shown(fields.quantity)
            forms.addSKUError = error("sku")
            forms.addQuantityError = error("quantity")
        case .quantities(let fields):
            for (index, line) in order.lines.enumerated() {
                if let typed = fields.line[line.key]?.quantity { forms.lines[index].quantity = shown(typed) }
                forms.lines[index].quantityError = error(forms.lines[index].quantityID)
            }
        case .price(let key, let fields):
            guard let index = order.lines.firstIndex(where: { $0.key == key }) else { break }
            forms.lines[index].price = shown(fields.price)
            forms.lines[index].reason = shown(fields.reason)
            forms.lines[index].priceError = error("price")
            forms.lines[index].reasonError = error("reason")
            forms.lines[index].priceOpen = true
        case .remove:
            // A remove has no field to get wrong: never refused for one.
            break
        }
        return forms
    }

    /// The error summary of a refused item form: each message links to its box on this page (a
    /// line's price form names its boxes `price-l1`, `reason-l1`, as `itemForms` does).
    static func errorSummary(_ refused: ShowOrder.GetOrder.RefusedItems) -> [SignIn.DisplayedError] {
        refused.errors.map { error in
            var field = error.field
            if case .price(let key, _) = refused.form { field = "\(error.field)-\(key)" }
            return SignIn.DisplayedError(field: field, message: ChangeOrderItemsPresenter.message(for: error.problem))
        }
    }

    /// The item forms of a new order as it is stored.
    private static func itemForms(of order: Order) -> ShowOrder.GetOrder.ViewModel.DisplayedItemForms {
        let id = order.id ?? ""
        return ShowOrder.GetOrder.ViewModel.DisplayedItemForms(
            lines: order.lines.map { line in
                .init(
                    label: "\(line.sku) \(line.name)", quantityID: ChangeOrderItems.QuantitiesFields.id(key: line.key),
                    quantityName: ChangeOrderItems.QuantitiesFields.name(key: line.key), quantity: String(line.quantity),
                    removeURL: Paths.orderLineRemove(id, key: line.key), priceURL: Paths.orderLinePrice(id, key: line.key),
                    priceID: "price-\(line.key)", reasonID: "reason-\(line.key)", price: Money.plainText(cents: line.unitPriceCents),
                    reason: line.priceReason ?? "")
            },
            quantitiesURL: Paths.orderLineQuantities(id), addLineURL: Paths.orderLines(id))
    }

    private func lastChanged(_ order: Order) -> String? {
        guard let updatedAt = order.updatedAt else { return nil }
        let by = order.updatedBy.map { " by \(formatter.accountName($0))" } ?? ""
        return "Last changed\(by) on \(formatter.longDateAndTime(updatedAt))"
    }
}

protocol ShowOrderNavigationPresentationLogic: AnyObject {
    func presentNavigation(response: ShowOrder.FetchNavigation.Response)
}

extension ShowOrderPresenter: ShowOrderNavigationPresentationLogic {
    /// "Back to orders" goes to the list as the list reads it; the next order's link carries that
    /// list on ("Next packed order →" for a list of one status, else "Next order in the list →").
    func presentNavigation(response: ShowOrder.FetchNavigation.Response) {
        switch response {
        case .navigation(let filters, let next):
            guard let filters else {
                navigationViewController?.displayNavigation(viewModel: ShowOrder.FetchNavigation.ViewModel())
                return
            }
            let listURL = SavedViewsWorker.url(ofQuery: SavedViewsWorker.query(of: filters))
            navigationViewController?.displayNavigation(
                viewModel: ShowOrder.FetchNavigation.ViewModel(
                    listURL: listURL,
                    nextURL: next?.id.map { Paths.order($0) + ListReturnPath.suffix(listURL) },
                    nextLabel: next == nil ? nil : Self.nextLabel(filters)))
        }
    }

    static func nextLabel(_ filters: OrdersFilters) -> String {
        guard let status = filters.status else { return "Next order in the list →" }
        return "Next \(status.toString().lowercased()) order →"
    }
}
