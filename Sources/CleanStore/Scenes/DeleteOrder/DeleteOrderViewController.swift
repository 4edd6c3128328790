import Hummingbird

protocol DeleteOrderDisplayLogic: AnyObject {
    func displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel)
    func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel)
}

/// `GET /orders/{id}/delete` (what will be deleted) and `POST /orders/{id}/delete` (delete it).
final class DeleteOrderViewController: DeleteOrderDisplayLogic, RequestEnding {
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
        return finished()
    }

    /// `POST /orders/{id}/delete`
    func deleteOrder(id: String) async -> Response {
        await interactor?.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: id, signedIn: signedIn))
        return finished()
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
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    func displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel) {
        switch viewModel {
        case .deleted(let flash):
            response = router?.routeToListOrders(flash: flash) ?? refusal(.failed)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
