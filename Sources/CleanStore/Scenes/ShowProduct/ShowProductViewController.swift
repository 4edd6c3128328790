import Hummingbird

protocol ShowProductDisplayLogic: AnyObject {
    func displayProduct(viewModel: ShowProduct.GetProduct.ViewModel)
}

/// `GET /products/{id}`: a product's page.
final class ShowProductViewController: ShowProductDisplayLogic, RequestEnding {
    var interactor: ShowProductBusinessLogic?
    var router: (ShowProductRoutingLogic & ShowProductDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ShowProductInteractor(worker: environment.showProductWorker)
        let presenter = ShowProductPresenter(formatter: environment.formatter)
        let router = ShowProductRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /products/{id}`
    func getProduct(id: String) async -> Response {
        await interactor?.getProduct(request: ShowProduct.GetProduct.Request(id: id))
        return finished()
    }

    // MARK: Display logic

    func displayProduct(viewModel: ShowProduct.GetProduct.ViewModel) {
        switch viewModel {
        case .product(let product):
            response = .html(pages.render(template: "ShowProduct/show", context: product, title: product.title, flash: nil))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }
}
