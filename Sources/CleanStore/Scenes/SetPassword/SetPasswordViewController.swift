import Hummingbird

protocol SetPasswordDisplayLogic: AnyObject {
    func displayForm(viewModel: SetPassword.ShowForm.ViewModel)
    func displayPassword(viewModel: SetPassword.SetPassword.ViewModel)
}

/// `GET /set-password?token=…`, `POST /set-password`: a password chosen through a one-time link.
final class SetPasswordViewController: SetPasswordDisplayLogic, RequestEnding {
    var interactor: SetPasswordBusinessLogic?
    var router: (SetPasswordRoutingLogic & SetPasswordDataPassing)?
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
        let interactor = SetPasswordInteractor(worker: environment.manageAccountsWorker, passwords: environment.signIn.passwords)
        let presenter = SetPasswordPresenter()
        let router = SetPasswordRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /set-password?token=…`
    func showForm(token: String) async -> Response {
        await interactor?.showForm(request: SetPassword.ShowForm.Request(token: token))
        return finished()
    }

    /// `POST /set-password`
    func setPassword(fields: SetPassword.PasswordFormFields) async -> Response {
        await interactor?.setPassword(request: SetPassword.SetPassword.Request(fields: fields))
        return finished()
    }

    // MARK: Display logic

    func displayForm(viewModel: SetPassword.ShowForm.ViewModel) {
        switch viewModel {
        case .form(let form): response = render(form, status: .ok)
        case .expired: response = refusal(.because(.passwordLinkExpired))
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayPassword(viewModel: SetPassword.SetPassword.ViewModel) {
        switch viewModel {
        case .signIn(let flash): response = router?.routeToSignIn(flash: flash)
        case .form(let form, let invalid): response = render(form, status: invalid ? .unprocessableContent : .ok)
        case .expired: response = refusal(.because(.passwordLinkExpired))
        case .down: response = refusal(.unavailable)
        case .unavailable(let form): response = render(form, status: .serviceUnavailable)
        case .busy(let form, let seconds):
            response = render(form, status: .serviceUnavailable)
            response?.headers[.retryAfter] = String(seconds)
        }
    }

    // MARK: Rendering

    /// What `Views/SetPassword/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: SetPassword.DisplayedForm
        var csrfToken: String
    }

    private func render(_ form: SetPassword.DisplayedForm, status: HTTPResponse.Status) -> Response {
        .html(
            pages.render(template: "SetPassword/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
            status: status)
    }
}
