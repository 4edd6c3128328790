import Hummingbird

extension ChangeOrderStatus.ChangeStatus {
    /// What the API answers: the order as saved, or a problem.
    enum APIViewModel: Equatable {
        case changed(Components.Schemas.Order)
        case problem(APIProblem)
    }
}

/// A status change's outcome as the API's document, in the pages' words: a stale version is a 412
/// (with the order's current ETag), a move the status does not allow a 409, a cancel's reason that
/// cannot be kept a 422 on `reason`.
final class ChangeOrderStatusAPIPresenter: ChangeOrderStatusPresentationLogic {
    weak var viewController: ChangeOrderStatusAPIDisplayLogic?
    let formatter = OrderAPIFormatter()
    /// Who asked: the moves the saved order offers are theirs.
    let signedIn: SignedIn

    init(signedIn: SignedIn) {
        self.signedIn = signedIn
    }

    /// The API has no cancel form: its cancel carries its reason.
    func presentOrderToCancel(response: ChangeOrderStatus.GetOrderToCancel.Response) {}
    /// Nor a shipping form, a tracking form or an undo: a move to shipped carries its carrier.
    func presentOrderToShip(response: ChangeOrderStatus.GetOrderToShip.Response) {}
    func presentTrackingChange(response: ChangeOrderStatus.ChangeTracking.Response) {}
    func presentUndo(response: ChangeOrderStatus.UndoStatus.Response) {}
    /// Nor cancellation requests: the API's status move is a move (a clerk's token cancels a new order).
    func presentCancellationChange(response: ChangeOrderStatus.ChangeCancellation.Response) {}

    func presentStatusChange(response: ChangeOrderStatus.ChangeStatus.Response) {
        let viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel
        switch response {
        case .changed(let order, _):
            let allowed = order.status.actions.filter { signedIn.may($0, on: order) }
            viewModel = .changed(formatter.order(order, allowed: allowed))
        case .reasonRefused(_, let problem, _):
            viewModel = .problem(.invalid([.init(field: "reason", message: ChangeOrderStatusPresenter.message(for: problem))]))
        case .shipmentRefused(_, let problems, _):
            viewModel = .problem(.invalid(ChangeOrderStatusPresenter.shipmentErrors(problems).map { .init(field: $0.field, message: $0.message) }))
        case .conflict(let current, let action):
            var problem = Self.problem(
                .preconditionFailed, .changedMeanwhile(orderID: current.id ?? "", now: current.status, wanted: action.status))
            problem.headers[.eTag] = OrderAPIFormatter.eTag(current.version)
            viewModel = .problem(problem)
        case .notAllowed(let current, let action):
            var problem = Self.problem(.conflict, ChangeOrderStatusPresenter.refusal(current, wanted: action.status))
            problem.headers[.eTag] = OrderAPIFormatter.eTag(current.version)
            viewModel = .problem(problem)
        case .needsSupervisor(let current):
            var problem = Self.problem(.forbidden, .cancelNeedsSupervisor(orderID: current.id ?? "", status: current.status))
            problem.headers[.eTag] = OrderAPIFormatter.eTag(current.version)
            viewModel = .problem(problem)
        case .refused(let current, let reason):
            var problem = Self.problem(.conflict, .editRefused(orderID: current.id ?? "", reason: reason))
            problem.headers[.eTag] = OrderAPIFormatter.eTag(current.version)
            viewModel = .problem(problem)
        case .badRequest:
            viewModel = .problem(.status(.badRequest))
        case .notFound:
            viewModel = .problem(APIProblem(status: .notFound, title: "No such order"))
        case .storeUnavailable:
            viewModel = .problem(.unavailable)
        }
        viewController?.displayStatusChange(viewModel: viewModel)
    }

    /// A refusal in the words of its page (`ErrorPage`).
    static func problem(_ status: HTTPResponse.Status, _ reason: ErrorPage.Reason) -> APIProblem {
        let words = ErrorPage.viewModel(for: status, reason: reason)
        return APIProblem(status: status, title: words.heading, detail: words.message)
    }
}
