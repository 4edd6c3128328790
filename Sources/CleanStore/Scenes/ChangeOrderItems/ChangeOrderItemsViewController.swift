import Hummingbird

protocol ChangeOrderItemsDisplayLogic: AnyObject {
    func displayChangedItems(viewModel: ChangeOrderItems.ChangeItems.ViewModel)
}

/// The item forms of a new order's page (`POST /orders/{id}/lines`, `…/lines/quantities`,
/// `…/lines/{key}/price`, `…/lines/{key}/remove`). Saved, back to the order (303, with a flash);
/// a field error, the order's page again with the form as typed and the error at its field (422,
/// through the router); a stale page or an order whose items are frozen, a 409 page saying why.
final class ChangeOrderItemsViewController: ChangeOrderItemsDisplayLogic, RequestEnding {
    var interactor: ChangeOrderItemsBusinessLogic?
    var router: (ChangeOrderItemsRoutingLogic & ChangeOrderItemsDataPassing)?
    let pages: PageRendering
    /// Who is signed in on the browser (nil when no one is): the change is theirs.
    let signedIn: AccountName?

    /// The page this cycle produced.
    private(set) var response: Response?
    /// A form that broke a rule, for the order's page (the router's, once the cycle is over).
    private var refused: (orderID: String, refused: ShowOrder.GetOrder.RefusedItems)?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        signedIn = browser.signedIn?.name
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ChangeOrderItemsInteractor(
            worker: ChangeOrderItemsWorker(catalog: environment.catalog), ordersWorker: environment.ordersWorker,
            timeZone: environment.timeZone)
        let presenter = ChangeOrderItemsPresenter()
        let router = ChangeOrderItemsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        router.orderPage = { orderID, refused in
            await ShowOrderViewController(environment: environment, browser: browser).showOrder(
                id: orderID, flash: nil, refusedItems: refused)
        }
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// Any of the four item forms.
    func changeItems(orderID: String, form: ChangeOrderItems.Form) async -> Response {
        await interactor?.changeItems(request: ChangeOrderItems.ChangeItems.Request(orderID: orderID, form: form, signedIn: signedIn))
        if let refused, let router {
            response = await router.routeToShowOrder(orderID: refused.orderID, refused: refused.refused)
        }
        return finished()
    }

    // MARK: Display logic

    func displayChangedItems(viewModel: ChangeOrderItems.ChangeItems.ViewModel) {
        switch viewModel {
        case .changed(let orderID, let flash):
            response = router?.routeToShowOrder(orderID: orderID, flash: flash) ?? refusal(.failed)
        case .invalid(let orderID, let refused):
            self.refused = (orderID, refused)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
