import Hummingbird

protocol CreateOrderDisplayLogic: AnyObject {
    func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel)
    func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel)
    func displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel)
}

/// The order form: `GET /orders/{id}/edit`, `POST /orders/{id}` (a new order starts as a draft, `EditDraft`).
final class CreateOrderViewController: CreateOrderDisplayLogic, RequestEnding {
    var interactor: CreateOrderBusinessLogic?
    var router: (CreateOrderRoutingLogic & CreateOrderDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: every form posts it back.
    let csrfToken: String
    /// Who is signed in on the browser (nil when no one is): what they save is recorded as theirs.
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
        let interactor = CreateOrderInteractor(
            ordersWorker: environment.ordersWorker, validationWorker: environment.validationWorker,
            historyWorker: environment.historyWorker)
        let presenter = CreateOrderPresenter(formatter: environment.formatter)
        let router = CreateOrderRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /orders/{id}/edit`
    func editOrder(id: String) async -> Response {
        await interactor?.showOrderToEdit(request: CreateOrder.EditOrder.Request(orderID: id))
        return finished()
    }

    /// `POST /orders/{id}`
    func updateOrder(id: String, orderFormFields: CreateOrder.OrderFormFields) async -> Response {
        await interactor?.updateOrder(
            request: CreateOrder.UpdateOrder.Request(orderID: id, orderFormFields: orderFormFields, signedIn: signedIn))
        return finished()
    }

    /// After signing in, the edit form typed before the session ended (SignIn's router).
    func resumeDraft(orderFormFields: CreateOrder.OrderFormFields, orderID: String) async -> Response {
        await interactor?.resumeDraft(request: CreateOrder.ResumeDraft.Request(orderFormFields: orderFormFields, orderID: orderID))
        return finished()
    }

    // MARK: Display logic

    func displayOrderToEdit(viewModel: CreateOrder.EditOrder.ViewModel) {
        response = respond(to: viewModel.page) { _, _ in nil }
    }

    func displayUpdatedOrder(viewModel: CreateOrder.UpdateOrder.ViewModel) {
        response = respond(to: viewModel.page) { id, flash in router?.routeToShowOrder(orderID: id, flash: flash) }
    }

    func displayResumedDraft(viewModel: CreateOrder.ResumeDraft.ViewModel) {
        response = respond(to: viewModel.page) { _, _ in nil }
    }

    // MARK: Rendering

    /// Every page the form's use cases end on, with its status: the one place that knows them.
    private func respond(
        to page: CreateOrder.DisplayedPage, whenSaved route: (_ orderID: String, _ flash: String) -> Response?
    ) -> Response {
        switch page {
        case .form(let form, .ready), .form(let form, .resumed): return render(form, status: .ok)
        case .form(let form, .invalid): return render(form, status: .unprocessableContent)
        case .form(let form, .conflict): return render(form, status: .conflict)
        case .form(let form, .unavailable): return render(form, status: .serviceUnavailable)
        case .saved(let orderID, let flash): return route(orderID, flash) ?? refusal(.failed)
        case .refused(let reason): return refusal(.because(reason))
        case .notFound: return refusal(.notFound)
        case .unavailable: return refusal(.unavailable)
        }
    }

    /// What `Views/CreateOrder/form.mustache` prints: the presenter's form, and the token only the
    /// view controller knows.
    struct FormPage {
        var form: CreateOrder.DisplayedForm
        var csrfToken: String
    }

    private func render(_ form: CreateOrder.DisplayedForm, status: HTTPResponse.Status) -> Response {
        let html = pages.render(
            template: "CreateOrder/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil)
        return .html(html, status: status)
    }
}
