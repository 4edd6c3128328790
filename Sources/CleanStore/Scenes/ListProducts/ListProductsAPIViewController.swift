/// The API face of `ListProducts` (`GET /api/v1/products`): the catalog page's interactor.
protocol ListProductsAPIDisplayLogic: AnyObject {
    func displayProducts(viewModel: ListProducts.FetchProducts.APIViewModel)
}

final class ListProductsAPIViewController: ListProductsAPIDisplayLogic {
    var interactor: ListProductsBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: ListProducts.FetchProducts.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ListProductsInteractor(worker: environment.listProductsWorker)
        let presenter = ListProductsAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func listProducts(_ query: Operations.ListProducts.Input.Query) async throws -> Operations.ListProducts.Output {
        await interactor?.fetchProducts(
            request: ListProducts.FetchProducts.Request(
                text: query.q ?? "", includeArchived: query.archived ?? false, after: query.after, before: query.before,
                signedIn: signedIn))
        switch viewModel {
        case .page(let page): return .ok(.init(body: .json(page)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayProducts(viewModel: ListProducts.FetchProducts.APIViewModel) {
        self.viewModel = viewModel
    }
}
