extension ListCustomers.FetchCustomers {
    /// What the API answers: a page of customers, or a problem.
    enum APIViewModel: Equatable {
        case page(Components.Schemas.CustomerPage)
        case problem(APIProblem)
    }
}

/// The customers' page as the API's document: the customers with their orders in figures, and the
/// cursors of the pages after (`next`) and before (`previous`) it, as the page's links carry them.
final class ListCustomersAPIPresenter: ListCustomersPresentationLogic {
    weak var viewController: ListCustomersAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentCustomers(response: ListCustomers.FetchCustomers.Response) {
        let viewModel: ListCustomers.FetchCustomers.APIViewModel
        switch response {
        case .page(let page, _):
            viewModel = .page(
                Components.Schemas.CustomerPage(
                    customers: page.customers.map { formatter.customerSummary($0, summary: page.summaries[$0.id ?? 0]) },
                    next: page.hasNext ? page.customers.last?.id.map(String.init) : nil,
                    previous: page.hasPrevious ? page.customers.first?.id.map(String.init) : nil))
        case .unavailable:
            viewModel = .problem(
                APIProblem(status: .serviceUnavailable, title: ListCustomersPresenter.unavailableMessage, headers: [.retryAfter: "5"]))
        }
        viewController?.displayCustomers(viewModel: viewModel)
    }
}
