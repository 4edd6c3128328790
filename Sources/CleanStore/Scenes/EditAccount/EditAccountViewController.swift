import Hummingbird

protocol EditAccountDisplayLogic: AnyObject {
    func displayNewForm(viewModel: EditAccount.ShowNewForm.ViewModel)
    func displayAddedAccount(viewModel: EditAccount.AddAccount.ViewModel)
    func displayAccount(viewModel: EditAccount.GetAccount.ViewModel)
    func displayChange(viewModel: EditAccount.ChangeAccount.ViewModel)
}

/// `GET`, `POST /accounts/new`, `GET /accounts/{id}/edit`, `POST /accounts/{id}/role`, `/disable`,
/// `/enable`, `/reset-password`: a supervisor's changes to accounts.
final class EditAccountViewController: EditAccountDisplayLogic, RequestEnding {
    var interactor: EditAccountBusinessLogic?
    var router: (EditAccountRoutingLogic & EditAccountDataPassing)?
    let pages: PageRendering
    let csrfToken: String

    /// The page this cycle produced.
    private(set) var response: Response?
    private var flash: String?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = EditAccountInteractor(
            worker: environment.manageAccountsWorker,
            actor: browser.signedIn?.name ?? AccountName(username: "", displayName: ""), now: environment.now)
        let presenter = EditAccountPresenter(formatter: environment.formatter)
        let router = EditAccountRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /accounts/new`
    func showNewForm() -> Response {
        interactor?.showNewForm(request: EditAccount.ShowNewForm.Request())
        return finished()
    }

    /// `POST /accounts/new`
    func addAccount(fields: EditAccount.AccountFormFields, origin: String) async -> Response {
        await interactor?.addAccount(request: EditAccount.AddAccount.Request(fields: fields, origin: origin))
        return finished()
    }

    /// `GET /accounts/{id}/edit`, with the flash of a change just made.
    func getAccount(username: String, flash: String?) async -> Response {
        self.flash = flash
        await interactor?.getAccount(request: EditAccount.GetAccount.Request(username: username))
        return finished()
    }

    /// `POST /accounts/{id}/role`, `/disable`, `/enable`, `/reset-password`
    func changeAccount(username: String, change: EditAccount.ChangeAsked, origin: String) async -> Response {
        await interactor?.changeAccount(request: EditAccount.ChangeAccount.Request(username: username, change: change, origin: origin))
        return finished()
    }

    // MARK: Display logic

    func displayNewForm(viewModel: EditAccount.ShowNewForm.ViewModel) {
        switch viewModel {
        case .form(let form): response = render(form, status: .ok)
        }
    }

    func displayAddedAccount(viewModel: EditAccount.AddAccount.ViewModel) {
        switch viewModel {
        case .link(let link): response = render(link)
        case .form(let form, let invalid): response = render(form, status: invalid ? .unprocessableContent : .ok)
        case .unavailable(let form): response = render(form, status: .serviceUnavailable)
        case .busy(let form, let seconds):
            response = render(form, status: .serviceUnavailable)
            response?.headers[.retryAfter] = String(seconds)
        }
    }

    func displayAccount(viewModel: EditAccount.GetAccount.ViewModel) {
        switch viewModel {
        case .account(let account):
            response = .html(
                pages.render(
                    template: "EditAccount/account", context: AccountPage(account: account, csrfToken: csrfToken), title: account.title,
                    flash: flash))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayChange(viewModel: EditAccount.ChangeAccount.ViewModel) {
        switch viewModel {
        case .changed(let username, let flash): response = router?.routeToAccount(username: username, flash: flash)
        case .link(let link): response = render(link)
        case .refused(let reason): response = refusal(.because(reason))
        case .notFound: response = refusal(.notFound)
        case .badRequest: response = refusal(.badRequest)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditAccount/form.mustache` prints: the presenter's form and the CSRF token.
    struct FormPage {
        var form: EditAccount.DisplayedForm
        var csrfToken: String
    }

    /// What `Views/EditAccount/account.mustache` prints.
    struct AccountPage {
        var account: EditAccount.DisplayedAccount
        var csrfToken: String
    }

    private func render(_ form: EditAccount.DisplayedForm, status: HTTPResponse.Status) -> Response {
        .html(
            pages.render(template: "EditAccount/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
            status: status)
    }

    /// The one-time link, once: the page answers the POST itself (no redirect keeps it anywhere).
    private func render(_ link: EditAccount.DisplayedLink) -> Response {
        .html(pages.render(template: "EditAccount/link", context: link, title: link.title, flash: nil))
    }
}
