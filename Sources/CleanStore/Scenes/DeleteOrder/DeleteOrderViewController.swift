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
    /// Who is signed in on the browser (nil when no one is): a deletion is recorded as theirs.
    let signedIn: AccountName?

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        signedIn = browser.signedIn?.name
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = DeleteOrderInteractor(ordersWorker: environment.ordersWorker)
        let presenter = DeleteOrderPresenter(formatter: environment.formatter)
        let router = DeleteOrderRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}/delete`
    func showOrderToDelete(id: String) async -> Response {
        await interactor?.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: id))
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    /// `POST /orders/{id}/delete`
    func deleteOrder(id: String) async -> Response {
        await interactor?.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: id, signedIn: signedIn))
        return response ?? ErrorPage.response(.internalServerError, pages: pages)
    }

    // MARK: Display logic

    /// What `Views/DeleteOrder/confirm.mustache` prints.
    struct ConfirmationPage {
        var order: DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder
        var csrfToken: String
    }

    func displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel) {
        switch viewModel {
        case .order(let order):
            let page = ConfirmationPage(order: order, csrfToken: csrfToken)
            response = .html(pages.render(template: "DeleteOrder/confirm", context: page, title: order.title, flash: nil))
        case .refused(let reason):
            response = ErrorPage.response(reason.status, reason: reason, pages: pages)
        case .notFound:
            response = ErrorPage.response(.notFound, pages: pages)
        case .unavailable:
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        }
    }

    func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel) {
        switch viewModel {
        case .deleted(let flash):
            response = router?.routeToListOrders(flash: flash) ?? ErrorPage.response(.internalServerError, pages: pages)
        case .refused(let reason):
            response = ErrorPage.response(reason.status, reason: reason, pages: pages)
        case .notFound:
            response = ErrorPage.response(.notFound, pages: pages)
        case .unavailable:
            response = ErrorPage.response(.serviceUnavailable, pages: pages)
        }
    }
}
