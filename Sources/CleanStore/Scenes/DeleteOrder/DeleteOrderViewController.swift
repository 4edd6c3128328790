import Hummingbird

protocol DeleteOrderDisplayLogic: AnyObject {
    func displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel)
    func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel)
}

/// `GET /orders/{id}/delete` (what will be deleted) and `POST /orders/{id}/delete` (delete it).
final class DeleteOrderViewController: DeleteOrderDisplayLogic {
    var interactor: DeleteOrderBusinessLogic?
    var router: (DeleteOrderRoutingLogic & DeleteOrderDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the confirmation form posts it back.
    let csrfToken: String

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, csrfToken: String) {
        pages = environment.pages
        self.csrfToken = csrfToken
        setup(environment: environment)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment) {
        let viewController = self
        let interactor = DeleteOrderInteractor(ordersWorker: OrdersWorker(ordersStore: environment.ordersStore))
        let presenter = DeleteOrderPresenter(formatter: OrderDisplayFormatter(timeZone: environment.timeZone))
        let router = DeleteOrderRouter()
        viewController.interactor = interactor
        viewController.router = router
        interactor.presenter = presenter
        presenter.viewController = viewController
        router.viewController = viewController
        router.dataStore = interactor
        router.flash = Flash(security: environment.security)
    }

    // MARK: Routes

    /// `GET /orders/{id}/delete`
    func showOrderToDelete(id: String) async -> Response {
        await interactor?.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: id))
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    /// `POST /orders/{id}/delete`
    func deleteOrder(id: String) async -> Response {
        await interactor?.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: id))
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    /// What `Views/DeleteOrder/confirm.mustache` prints.
    struct ConfirmationPage {
        var order: DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder
        var csrfToken: String
    }

    func displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel) {
        if viewModel.errorMessage != nil {
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        } else if let order = viewModel.displayedOrder {
            let page = ConfirmationPage(order: order, csrfToken: csrfToken)
            response = .html(pages.render(template: "DeleteOrder/confirm", context: page, title: "Delete order \(order.id)", flash: nil))
        } else {
            response = ErrorPage.response(.notFound, pages: pages)
        }
    }

    func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel) {
        if let message = viewModel.message, let router {
            response = router.routeToListOrders(message: message)
        } else if viewModel.errorMessage != nil {
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        } else {
            response = ErrorPage.response(.notFound, pages: pages)
        }
    }
}
