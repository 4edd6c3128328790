import Hummingbird

protocol ListOrdersDisplayLogic: AnyObject {
    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel)
    func displayTabs(viewModel: ListOrders.FetchTabs.ViewModel)
}

/// `GET /orders`: the list of orders, newest first unless sorted otherwise, searched and filtered as the URL says.
final class ListOrdersViewController: ListOrdersDisplayLogic, RequestEnding {
    var interactor: ListOrdersBusinessLogic?
    var router: (ListOrdersRoutingLogic & ListOrdersDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?
    /// The flash a redirect passed to this page, shown once.
    private var flash: String?
    /// Who is asking (the page offers only what their role may do).
    let signedIn: SignedIn?
    /// The tabs above the list, once fetched.
    private var tabs: ListOrders.FetchTabs.ViewModel?
    /// The browser's CSRF token: the bulk form posts it back.
    let csrfToken: String

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        signedIn = browser.signedIn
        csrfToken = browser.csrfToken
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ListOrdersInteractor(
            ordersWorker: environment.ordersWorker, filterWorker: environment.filterWorker, savedViewsWorker: environment.savedViewsWorker)
        let presenter = ListOrdersPresenter(formatter: environment.formatter)
        let router = ListOrdersRouter()
        interactor.presenter = presenter
        interactor.tabsPresenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders?q=…&shipping=…&from=…&to=…&sort=…&after=…|before=…`, with the flash a redirect
    /// passed, if any; or the list again after its bulk form (`BulkMoveOrders`) with `bulkProblem`
    /// (422).
    func showOrders(
        after: String?, before: String?, filters: OrdersFilterParameters = OrdersFilterParameters(), flash: String?,
        queryGiven: Bool = true,
        bulkProblem: String? = nil
    ) async -> Response {
        self.flash = flash
        await interactor?.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: signedIn, filters: filters, queryGiven: queryGiven))
        if let redirectURL = tabs?.redirectURL, let router {
            // The account's default view: its flash, if any, is shown there.
            return router.routeToSavedView(redirectURL)
        }
        await interactor?.fetchOrders(
            request: ListOrders.FetchOrders.Request(
                after: after, before: before, signedIn: signedIn, filters: filters, bulkProblem: bulkProblem,
                opensCards: false))
        var response = finished()
        if flash != nil {
            router?.acknowledgeFlash(on: &response)
        }
        return response
    }

    // MARK: Display logic

    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel) {
        var viewModel = viewModel
        viewModel.tabs = tabs?.tabs
        viewModel.bulk?.csrfToken = csrfToken
        let hasErrors = (viewModel.bulk ?? viewModel.bulkProblem)?.hasErrors == true
        let html = pages.render(template: "ListOrders/list", context: viewModel, title: (hasErrors ? "Error: " : "") + "Orders", flash: flash)
        let status: HTTPResponse.Status =
            viewModel.errorMessage != nil ? .serviceUnavailable : hasErrors ? .unprocessableContent : .ok
        response = .html(html, status: status)
    }

    func displayTabs(viewModel: ListOrders.FetchTabs.ViewModel) {
        tabs = viewModel
    }
}
