import Hummingbird

protocol ShowOrderDisplayLogic: AnyObject {
    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel)
}

/// `GET /orders/{id}`: one order in full, its card masked.
final class ShowOrderViewController: ShowOrderDisplayLogic {
    var interactor: ShowOrderBusinessLogic?
    var router: (ShowOrderRoutingLogic & ShowOrderDataPassing)?
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
        let interactor = ShowOrderInteractor(ordersWorker: OrdersWorker(ordersStore: environment.ordersStore))
        let presenter = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: environment.timeZone))
        let router = ShowOrderRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.flash = Flash(security: environment.security)
    }

    // MARK: Routes

    /// `GET /orders/{id}`
    func showOrder(id: String, request: Request) async -> Response {
        passedMessage = router?.passedMessage(in: request)
        await interactor?.getOrder(request: ShowOrder.GetOrder.Request(orderID: id))
        var response = self.response ?? ErrorPage.response(.internalServerError, pages: pages)
        if passedMessage != nil {
            router?.acknowledgePassedMessage(on: &response)
        }
        return response
    }

    // MARK: Display logic

    func displayOrder(viewModel: ShowOrder.GetOrder.ViewModel) {
        if viewModel.errorMessage != nil {
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        } else if let order = viewModel.displayedOrder {
            let html = pages.render(
                template: "ShowOrder/show", context: order, title: "Order \(order.id)", flash: passedMessage)
            response = .html(html)
        } else {
            response = ErrorPage.response(.notFound, pages: pages)
        }
    }
}
