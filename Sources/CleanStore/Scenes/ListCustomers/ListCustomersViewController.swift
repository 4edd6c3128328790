import Hummingbird

protocol ListCustomersDisplayLogic: AnyObject {
    func displayCustomers(viewModel: ListCustomers.FetchCustomers.ViewModel)
}

/// `GET /customers`: the customers.
final class ListCustomersViewController: ListCustomersDisplayLogic, RequestEnding {
    var interactor: ListCustomersBusinessLogic?
    var router: (ListCustomersRoutingLogic & ListCustomersDataPassing)?
    let pages: PageRendering
    /// Who is asking (the list offers "Add a customer" to whoever may).
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
        let interactor = ListCustomersInteractor(worker: environment.listCustomersWorker)
        let presenter = ListCustomersPresenter(formatter: environment.formatter)
        let router = ListCustomersRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /customers?q=…&after=…`
    func fetchCustomers(_ request: ListCustomers.FetchCustomers.Request) async -> Response {
        var request = request
        request.mayAdd = signedIn.may(.changeCustomers)
        await interactor?.fetchCustomers(request: request)
        return finished()
    }

    // MARK: Display logic

    func displayCustomers(viewModel: ListCustomers.FetchCustomers.ViewModel) {
        let html = pages.render(template: "ListCustomers/list", context: viewModel, title: viewModel.title, flash: nil)
        response = .html(html, status: viewModel.errorMessage == nil ? .ok : .serviceUnavailable)
    }
}
