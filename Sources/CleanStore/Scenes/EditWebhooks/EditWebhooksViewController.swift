import Hummingbird

protocol EditWebhooksDisplayLogic: AnyObject {
    func displayWebhooks(viewModel: EditWebhooks.ViewModel)
}

/// A supervisor's webhook endpoints (issue 30): `GET /webhooks` (the list), `GET /webhooks/new` and
/// `POST /webhooks` (register one: its secret shown once), `GET /webhooks/{id}` (its deliveries),
/// `POST /webhooks/{id}/enabled` (disable or enable it).
final class EditWebhooksViewController: EditWebhooksDisplayLogic, RequestEnding {
    var interactor: EditWebhooksBusinessLogic?
    var router: (EditWebhooksRoutingLogic & EditWebhooksDataPassing)?
    let pages: PageRendering
    let csrfToken: String

    /// The page this cycle produced.
    private(set) var response: Response?
    /// The flash a redirect passed to the endpoint's page, shown once.
    private var flash: String?

    init(environment: SceneEnvironment, browser: Browser) {
        pages = environment.pages
        csrfToken = browser.csrfToken
        setup(environment: environment, browser: browser)
    }

    // MARK: Setup

    private func setup(environment: SceneEnvironment, browser: Browser) {
        let interactor = EditWebhooksInteractor(
            worker: EditWebhooksWorker(
                store: environment.webhooks, allowPrivate: environment.allowPrivateWebhooks, now: environment.now,
                newSecret: environment.newWebhookSecret))
        let presenter = EditWebhooksPresenter(timeZone: environment.timeZone)
        let router = EditWebhooksRouter()
        interactor.presenter = presenter
        presenter.viewController = self
        router.flash = environment.flash(for: browser)
        self.interactor = interactor
        self.router = router
    }

    // MARK: Routes

    /// `GET /webhooks`.
    func showEndpoints() async -> Response {
        await interactor?.showEndpoints(request: EditWebhooks.ShowEndpoints.Request())
        return finished()
    }

    /// `GET /webhooks/new`.
    func showNewForm() -> Response {
        interactor?.showNewForm(request: EditWebhooks.ShowNewForm.Request())
        return finished()
    }

    /// `POST /webhooks`.
    func register(fields: EditWebhooks.RegisterFormFields) async -> Response {
        await interactor?.register(request: EditWebhooks.Register.Request(fields: fields))
        return finished()
    }

    /// `GET /webhooks/{id}`, with the flash a change passed, if any; an id that is no number is no endpoint.
    func showEndpoint(id: String, flash: String?) async -> Response {
        guard let endpointID = Self.endpointID(id) else { return refusal(.notFound) }
        self.flash = flash
        await interactor?.showEndpoint(request: EditWebhooks.ShowEndpoint.Request(id: endpointID))
        var response = finished()
        if flash != nil { router?.acknowledgeFlash(on: &response) }
        return response
    }

    /// `POST /webhooks/{id}/enabled`: `enabled` true or false and a version, else a 400.
    func changeEnabled(id: String, fields: EditWebhooks.EnabledFormFields) async -> Response {
        guard let endpointID = Self.endpointID(id) else { return refusal(.notFound) }
        guard let enabled = ["true": true, "false": false][fields.enabled], fields.version.allSatisfy(\.isASCIIDigit),
            fields.version.count <= 9, let version = Int(fields.version)
        else { return refusal(.badRequest) }
        await interactor?.changeEnabled(request: EditWebhooks.ChangeEnabled.Request(id: endpointID, enabled: enabled, version: version))
        return finished()
    }

    static func endpointID(_ id: String) -> Int64? {
        guard !id.isEmpty, id.count <= 18, id.allSatisfy(\.isASCIIDigit) else { return nil }
        return Int64(id)
    }

    // MARK: Display logic

    func displayWebhooks(viewModel: EditWebhooks.ViewModel) {
        switch viewModel {
        case .list(let list):
            response = .html(pages.render(template: "EditWebhooks/list", context: ListPage(list: list), title: "Webhooks", flash: nil))
        case .form(let form, let invalid):
            response = .html(
                pages.render(template: "EditWebhooks/form", context: FormPage(form: form, csrfToken: csrfToken), title: form.title, flash: nil),
                status: invalid ? .unprocessableContent : .ok)
        case .secret(let secret):
            var page = Response.html(
                pages.render(template: "EditWebhooks/secret", context: SecretPage(secret: secret), title: "Endpoint registered", flash: nil),
                status: .ok)
            // The secret is on this page only: no cache keeps it.
            page.headers[.cacheControl] = "no-store"
            response = page
        case .endpoint(let endpoint, let conflict):
            response = .html(
                pages.render(
                    template: "EditWebhooks/endpoint", context: EndpointPage(endpoint: endpoint, csrfToken: csrfToken), title: "Webhook endpoint",
                    flash: flash),
                status: conflict ? .conflict : .ok)
        case .done(let url, let flash):
            response = router?.routeTo(url, flash: flash)
        case .notFound:
            response = refusal(.notFound)
        case .unavailable:
            response = refusal(.unavailable)
        }
    }

    // MARK: Rendering

    /// What `Views/EditWebhooks/list.mustache` prints.
    struct ListPage {
        var list: EditWebhooks.DisplayedList
    }

    /// What `Views/EditWebhooks/form.mustache` prints.
    struct FormPage {
        var form: EditWebhooks.DisplayedForm
        var csrfToken: String
    }

    /// What `Views/EditWebhooks/secret.mustache` prints.
    struct SecretPage {
        var secret: EditWebhooks.DisplayedSecret
    }

    /// What `Views/EditWebhooks/endpoint.mustache` prints.
    struct EndpointPage {
        var endpoint: EditWebhooks.DisplayedEndpoint
        var csrfToken: String
    }
}
