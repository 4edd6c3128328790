import Hummingbird

protocol SetUpDisplayLogic: AnyObject {
    func displayForm(viewModel: SetUp.ShowForm.ViewModel)
    func displaySupervisor(viewModel: SetUp.CreateSupervisor.ViewModel)
}

/// `GET /setup?token=…`, `POST /setup`: the first supervisor.
final class SetUpViewController: SetUpDisplayLogic, RequestEnding {
    var interactor: SetUpBusinessLogic?
    var router: (SetUpRoutingLogic & SetUpDataPassing)?
    let pages: PageRendering
    let csrfToken: String

    /// The page this cycle produced.
    private(set) var response: Response?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = SetUpInteractor(
            accountsWorker: environment.accountsWorker, services: environment.signIn, sampleDataWorker: environment.sampleDataWorker,
            now: environment.now)
        let presenter = SetUpPresenter()
        let router = SetUpRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        router.security = environment.security
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /setup?token=…`
    func showForm(token: String) async -> Response {
        await interactor?.showForm(request: SetUp.ShowForm.Request(token: token))
        return finished()
    }

    /// `POST /setup`
    func createSupervisor(fields: SetUp.SetUpFormFields) async -> Response {
        await interactor?.createSupervisor(request: SetUp.CreateSupervisor.Request(fields: fields))
        return finished()
    }

    // MARK: Display logic

    func displayForm(viewModel: SetUp.ShowForm.ViewModel) {
        switch viewModel {
        case .form(let form): response = render(form, status: .ok)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displaySupervisor(viewModel: SetUp.CreateSupervisor.ViewModel) {
        switch viewModel {
        case .form(let form, let invalid): response = render(form, status: invalid ? .unprocessableContent : .ok)
        case .created(let session, let flash): response = router?.routeToListOrders(session: session, flash: flash)
        case .signIn(let flash): response = router?.routeToSignIn(flash: flash)
        case .notFound: response = refusal(.notFound)
        case .unavailable(let form): response = render(form, status: .serviceUnavailable)
        case .busy(let form, let seconds):
            response = render(form, status: .serviceUnavailable)
            response?.headers[.retryAfter] = String(seconds)
        }
    }

    // MARK: Rendering

    /// What `Views/SetUp/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: SetUp.DisplayedForm
        var csrfToken: String
    }

    private func render(_ form: SetUp.DisplayedForm, status: HTTPResponse.Status) -> Response {
        .html(pages.render(template: "SetUp/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil), status: status)
    }
}
