import Hummingbird

protocol ShowProductDisplayLogic: AnyObject {
    func displayProduct(viewModel: ShowProduct.GetProduct.ViewModel)
}

/// `GET /products/{id}`: a product's page.
final class ShowProductViewController: ShowProductDisplayLogic, RequestEnding {
    var interactor: ShowProductBusinessLogic?
    var router: (ShowProductRoutingLogic & ShowProductDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    let signedIn: SignedIn?
    /// The message a redirect passed (a product added, changed, archived or restored), for the layout.
    private var flash: String?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn
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
    func getProduct(id: String, flash: String? = nil) async -> Response {
        self.flash = flash
        await interactor?.getProduct(request: ShowProduct.GetProduct.Request(id: id, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    func displayProduct(viewModel: ShowProduct.GetProduct.ViewModel) {
        switch viewModel {
        case .product(var product):
            product.activeForm?.csrfToken = csrfToken
            response = .html(pages.render(template: "ShowProduct/show", context: product, title: product.title, flash: flash))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }
}
