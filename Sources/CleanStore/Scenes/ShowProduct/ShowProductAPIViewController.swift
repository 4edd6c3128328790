/// The API face of `ShowProduct` (`GET /api/v1/products/{sku}`): the product page's interactor,
/// the product found by its SKU.
protocol ShowProductAPIDisplayLogic: AnyObject {
    func displayProduct(viewModel: ShowProduct.GetProduct.APIViewModel)
}

final class ShowProductAPIViewController: ShowProductAPIDisplayLogic {
    var interactor: ShowProductBusinessLogic?
    let signedIn: SignedIn
    private var viewModel: ShowProduct.GetProduct.APIViewModel?

    init(environment: SceneEnvironment, signedIn: SignedIn) {
        self.signedIn = signedIn
        setup(environment: environment)
    }

    private func setup(environment: SceneEnvironment) {
        let interactor = ShowProductInteractor(worker: environment.showProductWorker)
        let presenter = ShowProductAPIPresenter()
        interactor.presenter = presenter
        presenter.viewController = self
        self.interactor = interactor
    }

    func getProduct(sku: String) async throws -> Operations.GetProduct.Output {
        await interactor?.getProduct(request: ShowProduct.GetProduct.Request(id: "", sku: sku, signedIn: signedIn))
        switch viewModel {
        case .product(let product):
            return .ok(.init(headers: .init(eTag: OrderAPIFormatter.eTag(product.version)), body: .json(product)))
        case .problem(let problem): throw problem
        case nil: throw APIProblem.status(.internalServerError)
        }
    }

    func displayProduct(viewModel: ShowProduct.GetProduct.APIViewModel) {
        self.viewModel = viewModel
    }
}
