import Hummingbird

protocol ChangeOrderItemsDisplayLogic: AnyObject {
    func displayChangedItems(viewModel: ChangeOrderItems.ChangeItems.ViewModel)
}

/// The item forms of a new order's page (`POST /orders/{id}/lines`, `…/lines/quantities`,
/// `…/lines/{key}/price`, `…/lines/{key}/remove`). Saved, back to the order (303, with a flash);
/// a field error, the form as typed on a page of its own (422); a stale page or an order whose
/// items are frozen, a 409 page saying why.
final class ChangeOrderItemsViewController: ChangeOrderItemsDisplayLogic, RequestEnding {
    var interactor: ChangeOrderItemsBusinessLogic?
    var router: (ChangeOrderItemsRoutingLogic & ChangeOrderItemsDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the page's form posts it back.
    let csrfToken: String
    /// Who is signed in on the browser (nil when no one is): the change is theirs.
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
        let interactor = ChangeOrderItemsInteractor(
            worker: ChangeOrderItemsWorker(catalog: environment.catalog), ordersWorker: environment.ordersWorker,
            timeZone: environment.timeZone)
        let presenter = ChangeOrderItemsPresenter()
        let router = ChangeOrderItemsRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// Any of the four item forms.
    func changeItems(orderID: String, form: ChangeOrderItems.Form) async -> Response {
        await interactor?.changeItems(request: ChangeOrderItems.ChangeItems.Request(orderID: orderID, form: form, signedIn: signedIn))
        return finished()
    }

    // MARK: Display logic

    /// What `Views/ChangeOrderItems/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: ChangeOrderItems.DisplayedForm
        var csrfToken: String
    }

    func displayChangedItems(viewModel: ChangeOrderItems.ChangeItems.ViewModel) {
        switch viewModel {
        case .changed(let orderID, let flash):
            response = router?.routeToShowOrder(orderID: orderID, flash: flash) ?? refusal(.failed)
        case .invalid(let form):
            let page = FormPage(form: form, csrfToken: csrfToken)
            response = .html(
                pages.render(template: "ChangeOrderItems/form", context: page, title: form.title, flash: nil), status: .unprocessableContent)
        case .refused(let reason):
            response = refusal(.because(reason))
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }
}
