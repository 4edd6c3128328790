protocol ChangeOrderStatusPresentationLogic: AnyObject {
    func presentOrderToCancel(response: ChangeOrderStatus.GetOrderToCancel.Response)
    func presentStatusChange(response: ChangeOrderStatus.ChangeStatus.Response)
    func presentOrderToShip(response: ChangeOrderStatus.GetOrderToShip.Response)
    func presentTrackingChange(response: ChangeOrderStatus.ChangeTracking.Response)
    func presentUndo(response: ChangeOrderStatus.UndoStatus.Response)
    func presentCancellationChange(response: ChangeOrderStatus.ChangeCancellation.Response)
}

final class ChangeOrderStatusPresenter: ChangeOrderStatusPresentationLogic {
    weak var viewController: ChangeOrderStatusDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get order to cancel

    func presentOrderToCancel(response: ChangeOrderStatus.GetOrderToCancel.Response) {
        let viewModel: ChangeOrderStatus.GetOrderToCancel.ViewModel
        switch response {
        case .order(let order):
            viewModel = .form(cancelForm(order, typed: "", problem: nil))
        case .requestForm(let order):
            viewModel = .form(requestForm(order, typed: "", problem: nil))
        case .alreadyRequested(let order):
            viewModel = .refused(.editRefused(orderID: order.id ?? "", reason: Self.alreadyRequested))
        case .notAllowed(let order):
            viewModel = .refused(Self.refusal(order, wanted: .cancelled))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayOrderToCancel(viewModel: viewModel)
    }

    // MARK: Change status

    func presentStatusChange(response: ChangeOrderStatus.ChangeStatus.Response) {
        let viewModel: ChangeOrderStatus.ChangeStatus.ViewModel
        switch response {
        case .changed(let order, let action):
            let id = order.id ?? ""
            viewModel = .changed(orderID: id, flash: "Order \(id) was \(ErrorPage.change(to: action.status)).")
        case .reasonRefused(let order, let problem, let typed):
            viewModel = .cancelForm(cancelForm(order, typed: typed, problem: problem))
        case .shipmentRefused(let order, let problems, let typed):
            viewModel = .shipForm(shipForm(order, typed: typed, problems: problems))
        case .conflict(let current, let action):
            viewModel = .refused(.changedMeanwhile(orderID: current.id ?? "", now: current.status, wanted: action.status))
        case .notAllowed(let current, let action):
            viewModel = .refused(Self.refusal(current, wanted: action.status))
        case .needsSupervisor(let current):
            viewModel = .refused(.cancelNeedsSupervisor(orderID: current.id ?? "", status: current.status))
        case .refused(let current, let reason):
            viewModel = .refused(.editRefused(orderID: current.id ?? "", reason: reason))
        case .badRequest:
            viewModel = .badRequest
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayStatusChange(viewModel: viewModel)
    }

    // MARK: Change cancellation

    /// Said when a supervisor has been asked to cancel the order already.
    static let alreadyRequested = "A supervisor has already been asked to cancel this order: they approve or decline it from its page"

    func presentCancellationChange(response: ChangeOrderStatus.ChangeCancellation.Response) {
        let viewModel: ChangeOrderStatus.ChangeCancellation.ViewModel
        switch response {
        case .decided(let order, let step):
            let id = order.id ?? ""
            let flash: String
            switch step {
            case .requestCancel: flash = "A supervisor has been asked to cancel order \(id)."
            case .approveCancel: flash = "Cancellation approved: order \(id) was cancelled."
            case .declineCancel: flash = "Cancellation declined: order \(id) is \(order.status.toString().lowercased()) and goes on."
            }
            viewModel = .decided(orderID: id, flash: flash)
        case .reasonRefused(let order, let problem, let typed):
            viewModel = .requestForm(requestForm(order, typed: typed, problem: problem))
        case .conflict(let current):
            viewModel = .refused(
                .editRefused(
                    orderID: current.id ?? "",
                    reason: "Someone changed this order after its page was opened, so its cancellation was not changed. Open the order again and check it"))
        case .refused(let current, let reason):
            viewModel = .refused(.editRefused(orderID: current.id ?? "", reason: reason))
        case .badRequest:
            viewModel = .badRequest
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayCancellationChange(viewModel: viewModel)
    }

    /// The form asking a supervisor to cancel `order` (paid or packed), with the cancel form's question.
    private func requestForm(_ order: Order, typed: String, problem: ChangeOrderStatus.ReasonProblem?) -> ChangeOrderStatus.CancelForm {
        let id = order.id ?? ""
        var form = cancelForm(order, typed: typed, problem: problem)
        form.title = (problem == nil ? "" : "Error: ") + "Ask a supervisor to cancel order \(id)"
        form.heading = "Ask a supervisor to cancel order \(id)"
        form.formAction = ChangeOrderStatus.CancellationStep.requestCancel.rawValue
        form.explanation =
            "Only a supervisor may cancel a \(order.status.toString().lowercased()) order. The order is marked “Cancellation requested” with your reason until a supervisor approves or declines, and it is not shipped meanwhile."
        form.question = "Why should the order be cancelled?"
        form.button = "Ask a supervisor to cancel"
        return form
    }

    // MARK: Get order to ship

    func presentOrderToShip(response: ChangeOrderStatus.GetOrderToShip.Response) {
        let viewModel: ChangeOrderStatus.GetOrderToShip.ViewModel
        switch response {
        case .order(let order):
            viewModel = .form(shipForm(order, typed: ChangeOrderStatus.StatusFormFields(), problems: nil))
        case .notAllowed(let order):
            viewModel = .refused(Self.refusal(order, wanted: .shipped))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayOrderToShip(viewModel: viewModel)
    }

    // MARK: Undo status

    func presentUndo(response: ChangeOrderStatus.UndoStatus.Response) {
        let viewModel: ChangeOrderStatus.UndoStatus.ViewModel
        switch response {
        case .undone(let order):
            let id = order.id ?? ""
            viewModel = .undone(orderID: id, flash: "Undone: order \(id) is \(order.status.toString().lowercased()) again.")
        case .refused(let current):
            viewModel = .refused(
                .editRefused(
                    orderID: current.id ?? "",
                    reason: "This can no longer be undone: only the latest move to paid or packed can be, by whoever made it, within 5 minutes"))
        case .conflict(let current):
            viewModel = .refused(
                .editRefused(
                    orderID: current.id ?? "",
                    reason: "Someone changed this order after its page was opened, so the move was not undone. Open the order again and check it"))
        case .badRequest:
            viewModel = .badRequest
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayUndo(viewModel: viewModel)
    }

    // MARK: Change tracking

    func presentTrackingChange(response: ChangeOrderStatus.ChangeTracking.Response) {
        let viewModel: ChangeOrderStatus.ChangeTracking.ViewModel
        switch response {
        case .changed(let order):
            let id = order.id ?? ""
            viewModel = .changed(
                orderID: id,
                flash: order.trackingNumber.map { "Tracking number of order \(id) saved: \($0)." }
                    ?? "Tracking number of order \(id) removed.")
        case .refused(let order, let problem, let typed):
            let id = order.id ?? ""
            let message = Self.message(for: problem)
            viewModel = .form(
                ChangeOrderStatus.TrackingForm(
                    title: "Error: Tracking number of order \(id)", heading: "Tracking number of order \(id)",
                    action: Paths.orderTracking(id), version: String(order.version), trackingNumber: typed,
                    trackingNumberError: message, orderURL: Paths.order(id),
                    errors: [ChangeOrderStatus.DisplayedError(field: "trackingNumber", message: message)]))
        case .conflict(let current):
            viewModel = .refused(
                .editRefused(
                    orderID: current.id ?? "",
                    reason: "Someone changed this order after its page was opened, so the tracking number was not saved. Open the order again and check it"))
        case .notShipped(let current):
            viewModel = .refused(
                current.status == .cancelled
                    ? .readOnly(orderID: current.id ?? "", status: current.status)
                    : .editRefused(orderID: current.id ?? "", reason: "This order is not shipped yet: its tracking number is asked for when it is marked as shipped"))
        case .badRequest:
            viewModel = .badRequest
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayTrackingChange(viewModel: viewModel)
    }

    static func message(for problem: TrackingNumber.Problem) -> String {
        switch problem {
        case .tooShort: "Tracking number must be at least \(TrackingNumber.minimumLength) letters or digits"
        case .tooLong: "Tracking number must be \(TrackingNumber.maximumLength) letters or digits or fewer"
        case .notLettersAndDigits: "Tracking number must only include letters and digits"
        }
    }

    /// The words of a problem with another carrier's name.
    static func carrierMessage(for problem: FreeTextRule.Problem) -> String {
        switch problem {
        case .missing: "Enter the carrier's name"
        case .tooLong(let maximum): "Carrier's name must be \(maximum) characters or fewer"
        case .controlCharacters: "Carrier's name must not contain control characters"
        case .looksLikeCardNumber: "Remove the card number from the carrier's name"
        case .invisibleCharacters: "Carrier's name must not include hidden formatting characters, such as text direction marks"
        }
    }

    /// A shipment's problems, each at its field (the page's summary links to the first radio, whose
    /// `id` is its `name`, and to each box; the API names the fields the same).
    static func shipmentErrors(_ problems: ChangeOrderStatus.ShipmentProblems) -> [ChangeOrderStatus.DisplayedError] {
        var errors: [ChangeOrderStatus.DisplayedError] = []
        if problems.carrierMissing { errors.append(.init(field: "carrier", message: "Select the carrier")) }
        if let other = problems.carrierOther { errors.append(.init(field: "carrierOther", message: carrierMessage(for: other))) }
        if let tracking = problems.trackingNumber { errors.append(.init(field: "trackingNumber", message: message(for: tracking))) }
        return errors
    }

    private func shipForm(
        _ order: Order, typed: ChangeOrderStatus.StatusFormFields, problems: ChangeOrderStatus.ShipmentProblems?
    ) -> ChangeOrderStatus.ShipForm {
        let id = order.id ?? ""
        let chosen = typed.carrier ?? ""
        let choices = Shipment.carriers.map { ($0, $0) } + [(ChangeOrderStatusInteractor.otherCarrier, "Other")]
        let errors = problems.map(Self.shipmentErrors) ?? []
        let carrierError = errors.first { $0.field == "carrier" }?.message
        let otherError = errors.first { $0.field == "carrierOther" }?.message
        let trackingError = errors.first { $0.field == "trackingNumber" }?.message
        return ChangeOrderStatus.ShipForm(
            title: (errors.isEmpty ? "" : "Error: ") + "Ship order \(id)", heading: "Ship order \(id)",
            summary: "\(formatter.name(order)), \(formatter.total(order)), \(order.status.toString().lowercased())",
            action: Paths.orderStatus(id), version: String(order.version),
            carriers: choices.enumerated().map { index, choice in
                ChangeOrderStatus.ShipForm.Carrier(
                    id: index == 0 ? "carrier" : "carrier-\(choice.0.lowercased())", value: choice.0, label: choice.1, checked: chosen == choice.0)
            },
            carrierError: carrierError, carrierOther: typed.carrierOther ?? "", carrierOtherError: otherError,
            trackingNumber: typed.trackingNumber ?? "", trackingNumberError: trackingError, orderURL: Paths.order(id), errors: errors)
    }

    /// Why `order` cannot go to `wanted`: it is done (shipped, cancelled), or not there yet.
    static func refusal(_ order: Order, wanted: OrderStatus) -> ErrorPage.Reason {
        let id = order.id ?? ""
        return order.status.isReadOnly
            ? .readOnly(order) : .statusNotAllowed(orderID: id, now: order.status, wanted: wanted)
    }

    static func message(for problem: ChangeOrderStatus.ReasonProblem) -> String {
        switch problem {
        case .missing: "Enter why the order is cancelled"
        case .tooLong(let maximum): "Reason must be \(maximum) characters or fewer"
        case .controlCharacters: "Reason must not contain control characters"
        case .looksLikeCardNumber: "Remove the card number from the reason"
        case .invisibleCharacters: "Reason must not include hidden formatting characters, such as text direction marks"
        }
    }

    private func cancelForm(_ order: Order, typed: String, problem: ChangeOrderStatus.ReasonProblem?) -> ChangeOrderStatus.CancelForm {
        let id = order.id ?? ""
        return ChangeOrderStatus.CancelForm(
            title: (problem == nil ? "" : "Error: ") + "Cancel order \(id)", heading: "Cancel order \(id)",
            summary: "\(formatter.name(order)), \(formatter.total(order)), \(order.status.toString().lowercased())",
            action: Paths.orderStatus(id), version: String(order.version), reason: typed,
            reasonError: problem.map(Self.message(for:)), orderURL: Paths.order(id))
    }
}
