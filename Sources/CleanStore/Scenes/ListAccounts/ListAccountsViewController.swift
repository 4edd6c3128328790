import Hummingbird

protocol ListAccountsDisplayLogic: AnyObject {
    func displayAccounts(viewModel: ListAccounts.FetchAccounts.ViewModel)
    func displayLog(viewModel: ListAccounts.FetchLog.ViewModel)
}

/// `GET /accounts`, `GET /accounts/log`: the accounts and their audit log (supervisors).
final class ListAccountsViewController: ListAccountsDisplayLogic, RequestEnding {
    var interactor: ListAccountsBusinessLogic?
    var router: (ListAccountsRoutingLogic & ListAccountsDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?
    private var flash: String?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ListAccountsInteractor(worker: environment.manageAccountsWorker)
        let presenter = ListAccountsPresenter(formatter: environment.formatter)
        let router = ListAccountsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.dataStore = interactor
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /accounts`, with the flash of a change just made.
    func showAccounts(flash: String?) async -> Response {
        self.flash = flash
        await interactor?.fetchAccounts(request: ListAccounts.FetchAccounts.Request())
        return finished()
    }

    /// `GET /accounts/log?after=…` or `?before=…`
    func showLog(after: String? = nil, before: String? = nil) async -> Response {
        await interactor?.fetchLog(request: ListAccounts.FetchLog.Request(after: after, before: before))
        return finished()
    }

    // MARK: Display logic

    func displayAccounts(viewModel: ListAccounts.FetchAccounts.ViewModel) {
        switch viewModel {
        case .list(let list): response = .html(pages.render(template: "ListAccounts/list", context: list, title: list.title, flash: flash))
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayLog(viewModel: ListAccounts.FetchLog.ViewModel) {
        switch viewModel {
        case .log(let log): response = .html(pages.render(template: "ListAccounts/log", context: log, title: log.title, flash: nil))
        case .badRequest: response = refusal(.badRequest)
        case .unavailable: response = refusal(.unavailable)
        }
    }
}
