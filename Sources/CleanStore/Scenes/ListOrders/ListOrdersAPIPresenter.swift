extension ListOrders.FetchOrders {
    /// What the API answers: the page of orders, or a problem.
    enum APIViewModel: Equatable {
        case page(Components.Schemas.OrderPage)
        case problem(APIProblem)
    }
}

/// The list's outcome as the API's document: each order's summary, the cursors of the pages after
/// (`next`) and before (`previous`) it. A search or a day the list page would leave out and name is
/// a 422 here, in the page's words.
final class ListOrdersAPIPresenter: ListOrdersPresentationLogic {
    weak var viewController: ListOrdersAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
        let viewModel: ListOrders.FetchOrders.APIViewModel
        switch response {
        case .fetched(let orders, let newerPage, let olderPage, _, let filters, let problems, _, _, _):
            if problems.isEmpty {
                viewModel = .page(
                    Components.Schemas.OrderPage(
                        orders: orders.map(formatter.summary), next: olderPage?.token, previous: newerPage?.token))
            } else {
                let form = ListOrdersPresenter.filtersForm(filters, problems: problems)
                let errors = [("q", form.textError), ("from", form.fromError), ("to", form.toError)].compactMap { field, message in
                    message.map { APIProblem.FieldError(field: field, message: $0) }
                }
                viewModel = .problem(.invalid(errors))
            }
        case .storeUnavailable:
            viewModel = .problem(.unavailable)
        }
        viewController?.displayFetchedOrders(viewModel: viewModel)
    }
}
