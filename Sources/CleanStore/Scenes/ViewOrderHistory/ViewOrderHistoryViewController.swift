import Hummingbird

protocol ViewOrderHistoryDisplayLogic: AnyObject {
    func displayHistory(viewModel: ViewOrderHistory.FetchHistory.ViewModel)
}

/// `GET /orders/{id}/history`: who changed the order, when, and what, newest first; a deleted
/// order's too.
final class ViewOrderHistoryViewController: ViewOrderHistoryDisplayLogic, RequestEnding {
    var interactor: ViewOrderHistoryBusinessLogic?
    var router: (ViewOrderHistoryRoutingLogic & ViewOrderHistoryDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?
    /// Who is asking.
    let signedIn: SignedIn?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        signedIn = browser.signedIn
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ViewOrderHistoryInteractor(worker: environment.historyWorker, ordersWorker: environment.ordersWorker)
        let presenter = ViewOrderHistoryPresenter(formatter: environment.formatter)
        let router = ViewOrderHistoryRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}/history`
    func showHistory(id: String) async -> Response {
        await interactor?.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: id, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    func displayHistory(viewModel: ViewOrderHistory.FetchHistory.ViewModel) {
        switch viewModel {
        case .history(let history):
            response = .html(pages.render(template: "ViewOrderHistory/history", context: history, title: history.title, flash: nil))
        case .notFound:
            response = refusal(.notFound)
        case .notPermitted(let role):
            response = refusal(.because(.notPermitted(role)))
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
