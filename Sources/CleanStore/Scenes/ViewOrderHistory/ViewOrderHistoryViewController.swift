import Hummingbird

protocol ViewOrderHistoryDisplayLogic: AnyObject {
    func displayHistory(viewModel: ViewOrderHistory.FetchHistory.ViewModel)
}

/// `GET /orders/{id}/history`: who changed the order, when, and what, newest first; a deleted
/// order's too.
final class ViewOrderHistoryViewController: ViewOrderHistoryDisplayLogic {
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
        let viewController = self
        let interactor = ViewOrderHistoryInteractor(
            worker: ViewOrderHistoryWorker(eventsStore: environment.orderEvents, logger: environment.logger),
            ordersWorker: OrdersWorker(ordersStore: environment.ordersStore, logger: environment.logger, now: environment.now))
        let presenter = ViewOrderHistoryPresenter(formatter: OrderDisplayFormatter(timeZone: environment.timeZone))
        let router = ViewOrderHistoryRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.flash = Flash(security: environment.security, browserID: browser.id)
    }

    // MARK: Routes

    /// `GET /orders/{id}/history`
    func showHistory(id: String) async -> Response {
        await interactor?.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: id, signedIn: signedIn))
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    func displayHistory(viewModel: ViewOrderHistory.FetchHistory.ViewModel) {
        switch viewModel {
        case .history(let history):
            response = .html(pages.render(template: "ViewOrderHistory/history", context: history, title: history.title, flash: nil))
        case .notFound:
            response = ErrorPage.response(.notFound, pages: pages)
        case .notPermitted(let role):
            response = ErrorPage.response(.forbidden, reason: .notPermitted(role), pages: pages)
        case .unavailable:
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        }
    }
}
