protocol ViewOrderHistoryPresentationLogic: AnyObject {
    func presentHistory(response: ViewOrderHistory.FetchHistory.Response)
}

final class ViewOrderHistoryPresenter: ViewOrderHistoryPresentationLogic {
    typealias ViewModel = ViewOrderHistory.FetchHistory.ViewModel

    weak var viewController: ViewOrderHistoryDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Fetch history

    func presentHistory(response: ViewOrderHistory.FetchHistory.Response) {
        let viewModel: ViewModel
        switch response {
        case .found(let orderID, let events, let isDeleted):
            viewModel = .history(
                ViewModel.DisplayedHistory(
                    title: "History of order \(orderID)",
                    orderID: orderID,
                    deletedNotice: isDeleted ? "Order \(orderID) was deleted. Its history is kept." : nil,
                    orderURL: isDeleted ? nil : Paths.order(orderID),
                    events: events.map { Self.displayed($0, formatter: formatter) },
                    emptyMessage: events.isEmpty
                        ? "No changes to this order have been recorded: it was created before the app kept a history." : nil,
                    ordersURL: Paths.orders.description))
        case .notFound:
            viewModel = .notFound
        case .notPermitted(let role):
            viewModel = role.map { .notPermitted($0) } ?? .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayHistory(viewModel: viewModel)
    }

    /// An event as the history says it: its title, who, when, and what changed. The order's page
    /// says its timeline's events with it too (`ShowOrderPresenter`): one way of saying an event.
    static func displayed(_ event: OrderEvent, formatter: OrderDisplayFormatter) -> ViewModel.DisplayedEvent {
        let title: String
        switch event.kind {
        case .created: title = "Order created"
        case .updated:
            // A status change is an update of its own kind: its title says the move.
            if let change = event.statusChange, change.to != .cancelled, !change.from.canChange(to: change.to) {
                // The arrows never go back: a move back is an undo (`OrdersStoreProtocol.undoStatusChange`).
                title = "Undone: order \(ErrorPage.change(to: change.from))"
            } else if let change = event.statusChange {
                // A cancel that answers a clerk's request is its approval (`OrderWrites.cancellationDecided`).
                let approves = event.changes.contains { $0.field == OrderChange.cancellationRequestField }
                title = change.to == .cancelled
                    ? (approves ? "Cancellation approved: order cancelled" : "Order cancelled") : "Order \(ErrorPage.change(to: change.to))"
            } else if let request = event.changes.first(where: { $0.field == OrderChange.cancellationRequestField }) {
                title = request.new.isEmpty ? "Cancellation declined" : "Supervisor asked to cancel"
            } else if let merge = event.changes.first(where: { $0.field == OrderChange.customerMergedField }) {
                title = "Customer merged: now \(merge.new)"
            } else if event.changes.contains(where: Self.isItemChange) {
                title = "Items changed"
            } else {
                title = "Order changed"
            }
        case .deleted: title = "Order deleted"
        }
        return ViewModel.DisplayedEvent(
            title: title,
            by: event.by.map(formatter.accountName) ?? "No one was signed in",
            date: formatter.longDateAndTime(event.at),
            machineDate: formatter.machineDateTime(event.at),
            changes: event.changes.map(displayed),
            noChanges: event.kind == .updated && event.changes.isEmpty ? "Saved with no changes." : nil,
            batchURL: event.statusChange?.batch.map { Paths.bulkMove($0) },
            batchLabel: event.statusChange?.batch.map { "Part of bulk move \($0)" })
    }

    /// Whether `change` is one of a line's, as `OrderLineWrites.lineChanges` names them: a line
    /// added or removed, its quantity or its price changed.
    static func isItemChange(_ change: OrderChange) -> Bool {
        change.field == OrderChange.itemAddedField || change.field == OrderChange.itemRemovedField
            || change.field.hasPrefix("Quantity of ") || change.field.hasPrefix("Price of ")
    }

    /// "Amy" → "Ann"; a card replaced by another with the same last four (`OrderChange.between`):
    /// "Card changed, still ending 1111"; a line added or removed, the line alone ("3 × WID-1 Blue
    /// widget at $12.50"); the tax of a new order whose items or ship-to state changed, said to be
    /// re-computed ("Tax re-computed": `OrderLineWrites.lineChanges`).
    private static func displayed(_ change: OrderChange) -> ViewModel.DisplayedChange {
        switch change.field {
        case OrderChange.itemAddedField, OrderChange.itemRemovedField:
            return ViewModel.DisplayedChange(
                field: change.field, old: shown(change.old), new: shown(change.new),
                summary: change.field == OrderChange.itemAddedField ? change.new : change.old)
        case OrderChange.taxField:
            return ViewModel.DisplayedChange(field: "Tax re-computed", old: shown(change.old), new: shown(change.new))
        default:
            return ViewModel.DisplayedChange(
                field: change.field, old: shown(change.old), new: shown(change.new),
                summary: change.isCardWithTheSameLastFour ? "Card changed, still \(change.new)" : nil)
        }
    }

    private static func shown(_ value: String) -> String {
        value.isEmpty ? "(empty)" : value
    }
}
