import Foundation

protocol BulkMoveOrdersPresentationLogic: AnyObject {
    func presentMove(response: BulkMoveOrders.MoveOrders.Response)
    func presentBatch(response: BulkMoveOrders.GetBatch.Response)
}

final class BulkMoveOrdersPresenter: BulkMoveOrdersPresentationLogic {
    weak var viewController: BulkMoveOrdersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Move orders

    func presentMove(response: BulkMoveOrders.MoveOrders.Response) {
        let viewModel: BulkMoveOrders.MoveOrders.ViewModel
        switch response {
        case .noSelection(let action, let list):
            viewModel = .listWithProblem(list: list, problem: "Select the orders to \(Self.verb(action)), then press the button again")
        case .tooMany(let action, let count, let list):
            viewModel = .listWithProblem(
                list: list,
                problem: "Select at most \(BulkMoveWrites.maximumOrders) orders to \(Self.verb(action)) at once (one page of the list): "
                    + "\(count) were selected, and nothing was changed")
        case .confirmShipment(let selected, let key, let list, let typed, let problems):
            viewModel = .confirmation(confirmation(selected, key: key, list: list, typed: typed, problems: problems))
        case .moved(let batchID):
            viewModel = .moved(batchID: batchID)
        case .badRequest:
            viewModel = .badRequest
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayMove(viewModel: viewModel)
    }

    /// "mark as shipped": what the button does, in a sentence.
    static func verb(_ action: OrderStatus.Action) -> String {
        "mark as \(action.status.toString().lowercased())"
    }

    /// "Mark selected as shipped": the list's button.
    static func button(_ action: OrderStatus.Action) -> String {
        "Mark selected as \(action.status.toString().lowercased())"
    }

    /// "1 order", "12 orders".
    static func orders(_ count: Int) -> String {
        count == 1 ? "1 order" : "\(count) orders"
    }

    /// The list's query items (its search, filters, sort and page), as its URL carries them.
    static func queryItems(_ list: BulkMoveOrders.ListQuery) -> [(name: String, value: String)] {
        let filters = list.filters
        let items: [(String, String?)] = [
            ("q", filters.text), ("shipping", filters.shipping), ("status", filters.status), ("from", filters.from), ("to", filters.to),
            ("sort", filters.sort), ("after", list.after), ("before", list.before),
        ]
        return items.compactMap { name, value in value.flatMap { $0.isEmpty ? nil : (name, $0) } }
    }

    private func confirmation(
        _ selected: [BulkMoveOrders.MoveOrders.Selected], key: String, list: BulkMoveOrders.ListQuery,
        typed: BulkMoveOrders.BulkFormFields, problems: ChangeOrderStatus.ShipmentProblems?
    ) -> BulkMoveOrders.Confirmation {
        let errors = problems.map(ChangeOrderStatusPresenter.shipmentErrors) ?? []
        let chosen = typed.carrier ?? ""
        let choices = Shipment.carriers.map { ($0, $0) } + [(ChangeOrderStatusInteractor.otherCarrier, "Other")]
        let heading = "Mark \(Self.orders(selected.count)) as shipped?"
        let listURL = Paths.orders(Self.queryItems(list))
        return BulkMoveOrders.Confirmation(
            heading: heading, action: Paths.bulkMoves.description,
            move: OrderStatus.Action.markShipped.rawValue, key: key, list: String(listURL.drop { $0 != "?" }.dropFirst()), listURL: listURL,
            orders: selected.map { item in
                let id = item.selection.orderID
                guard let order = item.order else {
                    return BulkMoveOrders.ConfirmedOrder(
                        id: id, url: nil, field: item.selection.field, name: "", status: "Deleted", total: "")
                }
                return BulkMoveOrders.ConfirmedOrder(
                    id: id, url: Paths.order(id), field: item.selection.field, name: formatter.name(order), status: order.status.toString(),
                    total: formatter.total(order))
            },
            carriers: choices.enumerated().map { index, choice in
                ChangeOrderStatus.ShipForm.Carrier(
                    id: index == 0 ? "carrier" : "carrier-\(choice.0.lowercased())", value: choice.0, label: choice.1, checked: chosen == choice.0)
            },
            carrierError: errors.first { $0.field == "carrier" }?.message, carrierOther: typed.carrierOther ?? "",
            carrierOtherError: errors.first { $0.field == "carrierOther" }?.message,
            button: "Mark \(Self.orders(selected.count)) as shipped", errors: errors)
    }

    // MARK: Get batch

    func presentBatch(response: BulkMoveOrders.GetBatch.Response) {
        let viewModel: BulkMoveOrders.GetBatch.ViewModel
        switch response {
        case .batch(let batch): viewModel = .result(result(batch))
        case .notFound: viewModel = .notFound
        case .storeUnavailable: viewModel = .unavailable
        }
        viewController?.displayBatch(viewModel: viewModel)
    }

    private func result(_ batch: BulkBatch) -> BulkMoveOrders.Result {
        let status = batch.action.status
        let word = status.toString().lowercased()
        func row(_ move: BulkBatch.Move) -> BulkMoveOrders.ResultOrder {
            BulkMoveOrders.ResultOrder(
                id: move.orderID, url: move.outcome == .deleted ? nil : Paths.order(move.orderID), name: move.customer,
                reason: Self.reason(move.outcome, action: batch.action, formatter: formatter))
        }
        let moved = batch.moves.filter { $0.outcome == .moved }.map(row)
        let done = batch.moves.filter { $0.outcome == .alreadyThere }.map(row)
        let notMoved = batch.moves.filter { $0.outcome != .moved && $0.outcome != .alreadyThere }.map(row)
        let heading = "\(Self.orders(moved.count + done.count)) marked as \(word)"
        let who = batch.by.map(formatter.accountName) ?? "no one signed in"
        var summary = "Bulk move \(batch.id ?? "") by \(who), \(formatter.shortDateAndTime(batch.at)): \(Self.orders(batch.selected)) selected."
        if let carrier = batch.carrier { summary += " Carrier: \(carrier)." }
        let from = OrderStatus.allCases.first { $0.after(batch.action) == status && $0 != status }
        let unrecorded = batch.selected - batch.moves.count
        return BulkMoveOrders.Result(
            heading: heading, summary: summary,
            moved: moved, movedHeading: moved.isEmpty ? nil : "Moved by this batch (\(moved.count))",
            done: done, doneHeading: done.isEmpty ? nil : "Already \(word): counted as done (\(done.count))",
            notMoved: notMoved,
            notMovedHeading: notMoved.isEmpty ? nil : "\(Self.orders(notMoved.count)) not marked as \(word)",
            unfinished: unrecorded > 0
                ? "\(Self.orders(unrecorded)) of this batch \(unrecorded == 1 ? "has" : "have") no outcome: it was interrupted. Check them on the list before moving them again."
                : nil,
            trackingHint: status == .shipped && !moved.isEmpty ? "Add each order's tracking number from its page." : nil,
            listURL: Paths.orders(from.map { [("status", $0.rawValue)] } ?? []),
            listLabel: from.map { "Back to \($0.toString().lowercased()) orders" } ?? "Back to orders")
    }

    /// Why an order was or was not moved, as the result page says it.
    static func reason(_ outcome: BulkBatch.Outcome, action: OrderStatus.Action, formatter: OrderDisplayFormatter) -> String {
        let word = action.status.toString().lowercased()
        switch outcome {
        case .moved:
            return "Marked as \(word)"
        case .alreadyThere:
            return "Already \(word): counted as done"
        case .notAllowed(let from):
            return "It is \(from.toString().lowercased()): it cannot be marked as \(word)"
        case .changed(let by, let now):
            let who = by.map { "by \(formatter.accountName($0)) " } ?? ""
            return "Changed \(who)since you looked (now \(now.toString().lowercased())): check it, then move it from its page"
        case .deleted:
            return "Deleted since you looked"
        case .failed:
            return "Could not be saved: try again"
        }
    }
}
