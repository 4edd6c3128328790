import Hummingbird

protocol ShowCustomerDisplayLogic: AnyObject {
    func displayCustomer(viewModel: ShowCustomer.GetCustomer.ViewModel)
}

/// `GET /customers/{id}`: a customer's page.
final class ShowCustomerViewController: ShowCustomerDisplayLogic, RequestEnding {
    var interactor: ShowCustomerBusinessLogic?
    var router: (ShowCustomerRoutingLogic & ShowCustomerDataPassing)?
    let pages: PageRendering
    /// The message a redirect passed (a customer added or changed), for the layout.
    private var flash: String?
    /// Who is asking (the page offers "Change" to whoever may).
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
        let interactor = ShowCustomerInteractor(worker: environment.showCustomerWorker)
        let presenter = ShowCustomerPresenter(formatter: environment.formatter)
        let router = ShowCustomerRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /customers/{id}`
    func getCustomer(id: String, flash: String? = nil) async -> Response {
        self.flash = flash
        await interactor?.getCustomer(
            request: ShowCustomer.GetCustomer.Request(
                id: id, mayChange: signedIn.may(.changeCustomers), mayMerge: signedIn.may(.mergeCustomers),
                mayErase: signedIn.may(.eraseCustomers)))
        return finished()
    }

    // MARK: Display logic

    func displayCustomer(viewModel: ShowCustomer.GetCustomer.ViewModel) {
        switch viewModel {
        case .customer(let customer):
            response = .html(pages.render(template: "ShowCustomer/show", context: customer, title: customer.name, flash: flash))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }
}
