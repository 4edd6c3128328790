import Hummingbird

protocol ManageTokensDisplayLogic: AnyObject {
    func displayTokens(viewModel: ManageTokens.ShowTokens.ViewModel)
    func displayMadeToken(viewModel: ManageTokens.MakeToken.ViewModel)
    func displayTokenToRevoke(viewModel: ManageTokens.GetTokenToRevoke.ViewModel)
    func displayRevokedToken(viewModel: ManageTokens.RevokeToken.ViewModel)
}

/// `GET /account`, `POST /account/tokens`, `GET`, `POST /account/tokens/{id}/revoke` (an account's
/// own), and `GET`, `POST /accounts/{id}/tokens`, `GET`, `POST /accounts/{id}/tokens/{key}/revoke`
/// (a supervisor's, for any account): API tokens in the browser.
final class ManageTokensViewController: ManageTokensDisplayLogic, RequestEnding {
    var interactor: ManageTokensBusinessLogic?
    var router: (ManageTokensRoutingLogic & ManageTokensDataPassing)?
    let pages: PageRendering
    let csrfToken: String
    /// Who is asking (the route table lets only a signed-in account in).
    let actor: AccountName?

    /// The page this cycle produced.
    private(set) var response: Response?
    private var flash: String?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        actor = browser.signedIn?.name
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = ManageTokensInteractor(worker: environment.apiTokensWorker)
        let presenter = ManageTokensPresenter(formatter: environment.formatter, now: environment.now)
        let router = ManageTokensRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.dataStore = interactor
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /account`, `GET /accounts/{id}/tokens`, with the flash of a revoke just made.
    func showTokens(owner: ManageTokens.Owner, flash: String?) async -> Response {
        self.flash = flash
        await interactor?.showTokens(request: ManageTokens.ShowTokens.Request(owner: owner))
        return finished()
    }

    /// `POST /account/tokens`, `POST /accounts/{id}/tokens`
    func makeToken(owner: ManageTokens.Owner, fields: ManageTokens.TokenFormFields) async -> Response {
        guard let actor else { return refusal(.notFound) }
        await interactor?.makeToken(request: ManageTokens.MakeToken.Request(owner: owner, fields: fields, actor: actor))
        return finished()
    }

    /// `GET …/revoke`: the confirmation.
    func getTokenToRevoke(owner: ManageTokens.Owner, prefix: String) async -> Response {
        await interactor?.getTokenToRevoke(request: ManageTokens.GetTokenToRevoke.Request(owner: owner, prefix: prefix))
        return finished()
    }

    /// `POST …/revoke`
    func revokeToken(owner: ManageTokens.Owner, prefix: String) async -> Response {
        guard let actor else { return refusal(.notFound) }
        await interactor?.revokeToken(request: ManageTokens.RevokeToken.Request(owner: owner, prefix: prefix, actor: actor))
        return finished()
    }

    // MARK: Display logic

    func displayTokens(viewModel: ManageTokens.ShowTokens.ViewModel) {
        switch viewModel {
        case .page(let page): response = render(page, status: .ok)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayMadeToken(viewModel: ManageTokens.MakeToken.ViewModel) {
        switch viewModel {
        // The secret, once: the page answers the POST itself (no redirect, no flash keeps it
        // anywhere), and every HTML page is `Cache-Control: no-store` (SecurityHeadersMiddleware).
        case .made(let made): response = .html(pages.render(template: "ManageTokens/made", context: made, title: made.title, flash: nil))
        case .invalid(let page): response = render(page, status: .unprocessableContent)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayTokenToRevoke(viewModel: ManageTokens.GetTokenToRevoke.ViewModel) {
        switch viewModel {
        case .confirm(let confirm):
            response = .html(
                pages.render(template: "ManageTokens/revoke", context: RevokePage(revoke: confirm, csrfToken: csrfToken), title: confirm.title, flash: nil))
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    func displayRevokedToken(viewModel: ManageTokens.RevokeToken.ViewModel) {
        switch viewModel {
        case .revoked(let url, let flash): response = router?.routeToTokens(url: url, flash: flash)
        case .notFound: response = refusal(.notFound)
        case .unavailable: response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/ManageTokens/tokens.mustache` prints: the presenter's page and the CSRF token.
    struct TokensPage {
        var page: ManageTokens.DisplayedPage
        var csrfToken: String
    }

    /// What `Views/ManageTokens/revoke.mustache` prints.
    struct RevokePage {
        var revoke: ManageTokens.DisplayedRevoke
        var csrfToken: String
    }

    private func render(_ page: ManageTokens.DisplayedPage, status: HTTPResponse.Status) -> Response {
        .html(
            pages.render(template: "ManageTokens/tokens", context: TokensPage(page: page, csrfToken: csrfToken), title: page.title, flash: flash),
            status: status)
    }
}
