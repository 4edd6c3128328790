/// The API face of `ShowCustomer` (`GET /api/v1/customers/{id}`): the customer page's interactor.
protocol ShowCustomerAPIDisplayLogic: AnyObject {
    func displayCustomer(viewModel: ShowCustomer.GetCustomer.APIViewModel)
}

final class ShowCustomerAPIViewController: ShowCustomerAPIDisplayLogic {
    var interactor: ShowCustomerBusinessLogic?
    private var viewModel: ShowCustomer.GetCustomer.APIViewModel?

    init(environment: SceneEnvironment) {
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ShowCustomerInteractor(worker: environment.showCustomerWorker)
        let presenter = ShowCustomerAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func getCustomer(id: String) async throws -> Operations.GetCustomer.Output {
        await interactor?.getCustomer(request: ShowCustomer.GetCustomer.Request(id: id))
        switch viewModel {
        case .customer(let customer):
            return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(customer.version)), body: .json(customer)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayCustomer(viewModel: ShowCustomer.GetCustomer.APIViewModel) {
        self.viewModel = viewModel
    }
}
