/// The API face of `ListCustomers` (`GET /api/v1/customers`): the customers page's interactor, its
/// search and keyset cursors from the query.
protocol ListCustomersAPIDisplayLogic: AnyObject {
    func displayCustomers(viewModel: ListCustomers.FetchCustomers.APIViewModel)
}

final class ListCustomersAPIViewController: ListCustomersAPIDisplayLogic {
    var interactor: ListCustomersBusinessLogic?
    private var viewModel: ListCustomers.FetchCustomers.APIViewModel?

    init(environment: SceneEnvironment) {
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ListCustomersInteractor(worker: environment.listCustomersWorker)
        let presenter = ListCustomersAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func listCustomers(_ query: Operations.ListCustomers.Input.Query) async throws -> Operations.ListCustomers.Output {
        await interactor?.fetchCustomers(
            request: ListCustomers.FetchCustomers.Request(text: query.q ?? "", after: query.after, before: query.before))
        switch viewModel {
        case .page(let page): return .ok(.init(body: .json(page)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayCustomers(viewModel: ListCustomers.FetchCustomers.APIViewModel) {
        self.viewModel = viewModel
    }
}
