import Hummingbird

protocol ListProductsDisplayLogic: AnyObject {
    func displayProducts(viewModel: ListProducts.FetchProducts.ViewModel)
}

/// `GET /products`: the catalog.
final class ListProductsViewController: ListProductsDisplayLogic, RequestEnding {
    var interactor: ListProductsBusinessLogic?
    var router: (ListProductsRoutingLogic & ListProductsDataPassing)?
    let pages: PageRendering
    /// Who is asking (only a supervisor is offered to add a product).
    let signedIn: SignedIn?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ListProductsInteractor(worker: environment.listProductsWorker)
        let presenter = ListProductsPresenter()
        let router = ListProductsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /products?q=…&archived=yes&after=…`
    func fetchProducts(_ request: ListProducts.FetchProducts.Request) async -> Response {
        var request = request
        request.signedIn = signedIn
        await interactor?.fetchProducts(request: request)
        return finished()
    }

    // MARK: Display logic

    func displayProducts(viewModel: ListProducts.FetchProducts.ViewModel) {
        let html = pages.render(template: "ListProducts/list", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html, status: viewModel.errorMessage == nil ? .ok : .serviceUnavailable)
    }
}
