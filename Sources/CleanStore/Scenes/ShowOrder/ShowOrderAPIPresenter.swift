extension ShowOrder.GetOrder {
    /// What the API answers: the order and its notes (newest first), or a problem.
    enum APIViewModel: Equatable {
        case found(Components.Schemas.Order, notes: [Components.Schemas.Note])
        case problem(APIProblem)
    }
}

/// The order's outcome as the API's documents: the status moves offered are the ones the page
/// offers (what the order's status allows, of what the token's role may).
final class ShowOrderAPIPresenter: ShowOrderPresentationLogic {
    weak var viewController: ShowOrderAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentOrder(response: ShowOrder.GetOrder.Response) {
        let viewModel: ShowOrder.GetOrder.APIViewModel
        switch response {
        case .found(let order, _, _, let mayChangeStatus, let mayCancel, let notes, _, _, _, _, _, _, _, _, _, _):
            let allowed = order.status.actions.filter { $0 == .cancel ? mayCancel : mayChangeStatus }
            viewModel = .found(formatter.order(order, allowed: allowed), notes: notes.map(formatter.note))
        case .notFound:
            viewModel = .problem(APIProblem(status: .notFound, title: "No such order"))
        case .storeUnavailable:
            viewModel = .problem(.unavailable)
        }
        viewController?.displayOrder(viewModel: viewModel)
    }
}
