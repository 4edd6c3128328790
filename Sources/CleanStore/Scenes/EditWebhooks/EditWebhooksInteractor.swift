protocol EditWebhooksBusinessLogic: AnyObject {
    func showEndpoints(request: EditWebhooks.ShowEndpoints.Request) async
    func showNewForm(request: EditWebhooks.ShowNewForm.Request)
    func register(request: EditWebhooks.Register.Request) async
    func showEndpoint(request: EditWebhooks.ShowEndpoint.Request) async
    func changeEnabled(request: EditWebhooks.ChangeEnabled.Request) async
}

protocol EditWebhooksDataStore: AnyObject {
    /// The endpoint registered by this request (its secret shown once, never again).
    var registered: WebhookEndpoint? { get }
}

/// A supervisor's webhook endpoints: registering one (the URL and events read by
/// `EditWebhooksWorker.check`), the list, an endpoint's deliveries, disabling and enabling it.
final class EditWebhooksInteractor: EditWebhooksBusinessLogic, EditWebhooksDataStore {
    var presenter: EditWebhooksPresentationLogic?
    var worker: EditWebhooksWorker
    var registered: WebhookEndpoint?

    init(worker: EditWebhooksWorker) {
        self.worker = worker
    }

    func showEndpoints(request: EditWebhooks.ShowEndpoints.Request) async {
        do {
            presenter?.presentEndpoints(response: .fetched(try await worker.endpoints()))
        } catch {
            presenter?.presentEndpoints(response: .unavailable)
        }
    }

    func showNewForm(request: EditWebhooks.ShowNewForm.Request) {
        let every = WebhookEventType.allCases.map(\.rawValue)
        presenter?.presentNewForm(response: .form(EditWebhooks.RegisterFormFields(url: "", events: every), EditWebhooks.FormProblems()))
    }

    func register(request: EditWebhooks.Register.Request) async {
        let (url, events, problems) = worker.check(request.fields)
        guard problems.isEmpty else {
            presenter?.presentRegistered(response: .invalid(request.fields, problems))
            return
        }
        do {
            let endpoint = try await worker.register(url: url, events: events)
            registered = endpoint
            presenter?.presentRegistered(response: .registered(endpoint))
        } catch {
            presenter?.presentRegistered(response: .unavailable)
        }
    }

    func showEndpoint(request: EditWebhooks.ShowEndpoint.Request) async {
        do {
            guard let (endpoint, deliveries) = try await worker.endpoint(id: request.id) else {
                presenter?.presentEndpoint(response: .notFound)
                return
            }
            presenter?.presentEndpoint(response: .fetched(endpoint, deliveries))
        } catch {
            presenter?.presentEndpoint(response: .unavailable)
        }
    }

    func changeEnabled(request: EditWebhooks.ChangeEnabled.Request) async {
        do {
            let endpoint = try await worker.setEnabled(id: request.id, request.enabled, version: request.version)
            presenter?.presentChangedEnabled(response: .changed(endpoint))
        } catch .notFound {
            presenter?.presentChangedEnabled(response: .notFound)
        } catch .conflict(let current) {
            let deliveries = (try? await worker.endpoint(id: request.id))?.1 ?? []
            presenter?.presentChangedEnabled(response: .conflict(current, deliveries))
        } catch {
            presenter?.presentChangedEnabled(response: .unavailable)
        }
    }
}
