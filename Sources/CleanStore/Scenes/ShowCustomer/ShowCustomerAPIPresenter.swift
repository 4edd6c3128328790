extension ShowCustomer.GetCustomer {
    /// What the API answers: the customer, or a problem.
    enum APIViewModel: Equatable {
        case customer(Components.Schemas.Customer)
        case problem(APIProblem)
    }
}

/// A customer as the API's document: their contact, addresses and note, their orders newest first
/// with the lifetime count and spend (in cents), as their page shows them.
final class ShowCustomerAPIPresenter: ShowCustomerPresentationLogic {
    weak var viewController: ShowCustomerAPIDisplayLogic?
    let formatter = OrderAPIFormatter()

    func presentCustomer(response: ShowCustomer.GetCustomer.Response) {
        let viewModel: ShowCustomer.GetCustomer.APIViewModel
        switch response {
        case .found(let found): viewModel = .customer(formatter.customer(found.customer, orders: found.orders, summary: found.summary))
        case .notFound: viewModel = .problem(APIProblem(status: .notFound, title: "No such customer"))
        case .unavailable: viewModel = .problem(.unavailable)
        }
        viewController?.displayCustomer(viewModel: viewModel)
    }
}
