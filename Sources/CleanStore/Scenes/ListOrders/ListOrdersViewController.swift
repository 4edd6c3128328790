import Hummingbird

protocol ListOrdersDisplayLogic: AnyObject {
    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel)
}

/// `GET /orders`: the list of orders, newest first.
final class ListOrdersViewController: ListOrdersDisplayLogic {
    var interactor: ListOrdersBusinessLogic?
    var router: (ListOrdersRoutingLogic & ListOrdersDataPassing)?
    let pages: PageRendering

    /// The page this cycle produced.
    private(set) var response: Response?
    private var passedMessage: String?

    init(environment: SceneEnvironment) {
        pages = environment.pages
        setup(environment: environment)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment) {
        let viewController = self
        let interactor = ListOrdersInteractor(ordersWorker: OrdersWorker(ordersStore: environment.ordersStore))
        let presenter = ListOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: environment.timeZone))
        let router = ListOrdersRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.flash = Flash(security: environment.security)
    }

    // MARK: Routes

    /// `GET /orders`
    func showOrders(request: Request) async -> Response {
        passedMessage = router?.passedMessage(in: request)
        let query = request.uri.queryParameters
        await interactor?.fetchOrders(
            request: ListOrders.FetchOrders.Request(
                after: query["after"].map(String.init), before: query["before"].map(String.init)))
        var response = self.response ?? ErrorPage.response(.internalServerError, pages: pages)
        if passedMessage != nil {
            router?.acknowledgePassedMessage(on: &response)
        }
        return response
    }

    // MARK: Display logic

    func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel) {
        let html = pages.render(
            template: "ListOrders/list", context: viewModel, title: "Orders", flash: passedMessage)
        response = .html(html, status: viewModel.errorMessage == nil ? .ok : .serviceUnavailable)
    }
}
