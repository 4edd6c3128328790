import Hummingbird

protocol ListTaxRatesDisplayLogic: AnyObject {
    func displayRates(viewModel: ListTaxRates.FetchRates.ViewModel)
}

/// `GET /tax-rates`: the US tax table, for everyone signed in; supervisors get the links to add
/// and change rates.
final class ListTaxRatesViewController: ListTaxRatesDisplayLogic, RequestEnding {
    var interactor: ListTaxRatesBusinessLogic?
    var router: (ListTaxRatesRoutingLogic & ListTaxRatesDataPassing)?
    let pages: PageRendering
    /// Who is asking.
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
        let interactor = ListTaxRatesInteractor(worker: environment.taxRatesWorker)
        let presenter = ListTaxRatesPresenter()
        let router = ListTaxRatesRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /tax-rates`
    func showRates(flash: String?) async -> Response {
        await interactor?.fetchRates(request: ListTaxRates.FetchRates.Request(signedIn: signedIn, flash: flash))
        return finished()
    }

    // MARK: Display logic

    func displayRates(viewModel: ListTaxRates.FetchRates.ViewModel) {
        switch viewModel {
        case .table(let table, let flash):
            response = .html(pages.render(template: "ListTaxRates/rates", context: table, title: table.title, flash: flash))
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
