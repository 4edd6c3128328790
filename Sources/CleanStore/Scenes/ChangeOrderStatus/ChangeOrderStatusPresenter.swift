protocol ChangeOrderStatusPresentationLogic: AnyObject {
    func presentOrderToCancel(response: ChangeOrderStatus.GetOrderToCancel.Response)
    func presentStatusChange(response: ChangeOrderStatus.ChangeStatus.Response)
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
        case .conflict(let current, let action):
            viewModel = .refused(.changedMeanwhile(orderID: current.id ?? "", now: current.status, wanted: action.status))
        case .notAllowed(let current, let action):
            viewModel = .refused(Self.refusal(current, wanted: action.status))
        case .badRequest:
            viewModel = .badRequest
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayStatusChange(viewModel: viewModel)
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
