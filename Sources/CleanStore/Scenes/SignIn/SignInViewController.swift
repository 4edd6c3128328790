import Hummingbird

protocol SignInDisplayLogic: AnyObject {
    func displayForm(viewModel: SignIn.ShowForm.ViewModel)
    func displaySignIn(viewModel: SignIn.SignIn.ViewModel)
    func displaySignOut(viewModel: SignIn.SignOut.ViewModel)
}

/// `GET /sign-in`, `POST /sign-in`, `POST /sign-out`, and the page a form posted signed out gets.
final class SignInViewController: SignInDisplayLogic, RequestEnding {
    var interactor: SignInBusinessLogic?
    var router: (SignInRoutingLogic & SignInDataPassing)?
    let pages: PageRendering
    /// The browser's CSRF token: the form posts it back.
    let csrfToken: String

    /// The page this cycle produced.
    private(set) var response: Response?
    /// The status a form page gets when it is shown (403 for a form posted signed out).
    private var formStatus = HTTPResponse.Status.ok
    /// The flash a redirect passed to this page ("You have signed out."), shown once.
    private var flash: String?
    /// After signing in, where the router goes (it may render the next scene's page).
    private var signedIn: (SignedIn, SessionID, SignIn.Destination)?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = SignInInteractor(worker: environment.signInWorker)
        let presenter = SignInPresenter()
        let router = SignInRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        router.environment = environment
        router.browser = browser
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /sign-in?return=…`
    func showForm(returnTo: String?, isSignedIn: Bool, flash: String?) -> Response {
        self.flash = flash
        interactor?.showForm(request: SignIn.ShowForm.Request(returnTo: returnTo, draft: nil, reason: .signIn, isSignedIn: isSignedIn))
        var response = finished()
        if flash != nil, let router { router.flash?.clear(on: &response) }
        return response
    }

    /// A form posted with no session (it ended, or never was): 403, nothing done, and the sign-in
    /// form, keeping an order form's typing (`draft`) for after signing in.
    func askToSignIn(returnTo: String?, draft: OrderDraft?) -> Response {
        formStatus = .forbidden
        interactor?.showForm(request: SignIn.ShowForm.Request(returnTo: returnTo, draft: draft, reason: .sessionEnded, isSignedIn: false))
        return finished()
    }

    /// `POST /sign-in`
    func signIn(fields: SignIn.SignInFormFields, client: String, previousSession: SessionID?) async -> Response {
        await interactor?.signIn(request: SignIn.SignIn.Request(fields: fields, client: client, previousSession: previousSession))
        if let (account, session, destination) = signedIn, let router {
            return await router.routeAfterSigningIn(account, session: session, to: destination)
        }
        return finished()
    }

    /// `POST /sign-out`
    func signOut(session: SessionID?) async -> Response {
        await interactor?.signOut(request: SignIn.SignOut.Request(session: session))
        return finished()
    }

    // MARK: Display logic

    func displayForm(viewModel: SignIn.ShowForm.ViewModel) {
        switch viewModel {
        case .form(let form): response = render(form, status: formStatus)
        case .redirect(let path): response = router?.routeToDestination(path: path)
        }
    }

    func displaySignIn(viewModel: SignIn.SignIn.ViewModel) {
        switch viewModel {
        case .form(let form, let status):
            response = render(form, status: Self.status(of: status))
            if case .busy(let seconds) = status { response?.headers[.retryAfter] = String(seconds) }
        case .signedIn(let account, let session, let destination):
            signedIn = (account, session, destination)
        }
    }

    func displaySignOut(viewModel: SignIn.SignOut.ViewModel) {
        switch viewModel {
        case .signedOut(let flash): response = router?.routeToSignInAfterSigningOut(flash: flash)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    static func status(of status: SignIn.FormStatus) -> HTTPResponse.Status {
        switch status {
        case .ready: return .ok
        case .refused: return .unprocessableContent
        case .throttled: return .tooManyRequests
        case .signInFirst: return .forbidden
        case .unavailable, .busy: return .serviceUnavailable
        }
    }

    /// What `Views/SignIn/form.mustache` prints: the presenter's form, and the token only the view
    /// controller knows.
    struct FormPage {
        var form: SignIn.DisplayedForm
        var csrfToken: String
    }

    private func render(_ form: SignIn.DisplayedForm, status: HTTPResponse.Status) -> Response {
        let html = pages.render(template: "SignIn/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: flash)
        return .html(html, status: status)
    }
}
