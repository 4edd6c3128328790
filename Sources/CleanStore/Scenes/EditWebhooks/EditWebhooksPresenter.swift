import Foundation

protocol EditWebhooksPresentationLogic: AnyObject {
    func presentEndpoints(response: EditWebhooks.ShowEndpoints.Response)
    func presentNewForm(response: EditWebhooks.ShowNewForm.Response)
    func presentRegistered(response: EditWebhooks.Register.Response)
    func presentEndpoint(response: EditWebhooks.ShowEndpoint.Response)
    func presentChangedEnabled(response: EditWebhooks.ChangeEnabled.Response)
}

/// The webhooks' pages in words: the events by their labels, a delivery's state and last answer,
/// the form's errors in GOV.UK's words.
final class EditWebhooksPresenter: EditWebhooksPresentationLogic {
    weak var viewController: EditWebhooksDisplayLogic?
    let timeZone: TimeZone

    init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    func presentEndpoints(response: EditWebhooks.ShowEndpoints.Response) {
        switch response {
        case .fetched(let endpoints):
            let rows = endpoints.map { endpoint in
                EditWebhooks.DisplayedEndpointRow(
                    url: endpoint.url, link: Paths.webhook(String(endpoint.id)), events: Self.events(endpoint.events),
                    state: endpoint.isEnabled ? "Enabled" : "Disabled", isEnabled: endpoint.isEnabled)
            }
            viewController?.displayWebhooks(viewModel: .list(EditWebhooks.DisplayedList(endpoints: rows)))
        case .unavailable:
            viewController?.displayWebhooks(viewModel: .unavailable)
        }
    }

    func presentNewForm(response: EditWebhooks.ShowNewForm.Response) {
        switch response {
        case .form(let fields, let problems):
            viewController?.displayWebhooks(viewModel: .form(Self.form(fields, problems), invalid: false))
        }
    }

    func presentRegistered(response: EditWebhooks.Register.Response) {
        switch response {
        case .registered(let endpoint):
            viewController?.displayWebhooks(
                viewModel: .secret(
                    EditWebhooks.DisplayedSecret(url: endpoint.url, secret: endpoint.secret, endpointURL: Paths.webhook(String(endpoint.id)))))
        case .invalid(let fields, let problems):
            viewController?.displayWebhooks(viewModel: .form(Self.form(fields, problems), invalid: true))
        case .unavailable:
            viewController?.displayWebhooks(viewModel: .unavailable)
        }
    }

    func presentEndpoint(response: EditWebhooks.ShowEndpoint.Response) {
        switch response {
        case .fetched(let endpoint, let deliveries):
            viewController?.displayWebhooks(viewModel: .endpoint(self.endpoint(endpoint, deliveries, conflict: nil), conflict: false))
        case .notFound:
            viewController?.displayWebhooks(viewModel: .notFound)
        case .unavailable:
            viewController?.displayWebhooks(viewModel: .unavailable)
        }
    }

    func presentChangedEnabled(response: EditWebhooks.ChangeEnabled.Response) {
        switch response {
        case .changed(let endpoint):
            let flash = endpoint.isEnabled ? "Endpoint enabled: it is sent what it asked for again." : "Endpoint disabled: nothing is sent to it until it is enabled."
            viewController?.displayWebhooks(viewModel: .done(url: Paths.webhook(String(endpoint.id)), flash: flash))
        case .conflict(let endpoint, let deliveries):
            let message = "Someone else changed this endpoint since you opened its page: it is now \(endpoint.isEnabled ? "enabled" : "disabled"). Nothing was changed."
            viewController?.displayWebhooks(viewModel: .endpoint(self.endpoint(endpoint, deliveries, conflict: message), conflict: true))
        case .notFound:
            viewController?.displayWebhooks(viewModel: .notFound)
        case .unavailable:
            viewController?.displayWebhooks(viewModel: .unavailable)
        }
    }

    // MARK: Words

    static func events(_ events: [WebhookEventType]) -> String {
        events.map(\.label).joined(separator: ", ")
    }

    static func urlMessage(_ problem: EditWebhooks.URLProblem) -> String {
        switch problem {
        case .missing: "Enter the endpoint’s URL"
        case .tooLong: "URL must be \(EditWebhooksWorker.maximumURLLength) characters or fewer"
        case .notAURL: "Enter a URL like https://example.com/webhooks, with no spaces"
        case .notHTTPS: "URL must start with https://"
        case .hasCredentials: "URL must not hold a user name or password"
        case .notPublic: "URL must not be a loopback, private or link-local address"
        }
    }

    static let eventsMessage = "Select at least one event"

    static func form(_ fields: EditWebhooks.RegisterFormFields, _ problems: EditWebhooks.FormProblems) -> EditWebhooks.DisplayedForm {
        let ticked = Set(fields.events ?? [])
        let events = WebhookEventType.allCases.enumerated().map { index, type in
            EditWebhooks.DisplayedEvent(
                id: index == 0 ? "events" : "events-\(index + 1)", value: type.rawValue, label: type.label, checked: ticked.contains(type.rawValue))
        }
        var errors: [SignIn.DisplayedError] = []
        let urlError = problems.url.map(urlMessage)
        if let urlError { errors.append(SignIn.DisplayedError(field: "url", message: urlError)) }
        if problems.noEvents { errors.append(SignIn.DisplayedError(field: "events", message: eventsMessage)) }
        return EditWebhooks.DisplayedForm(
            url: SignIn.DisplayedField(
                name: "url", value: fields.url, errorMessage: urlError, hint: "Where each event is posted, for example https://example.com/webhooks"),
            events: events, eventsError: problems.noEvents ? eventsMessage : nil, errors: errors)
    }

    func endpoint(_ endpoint: WebhookEndpoint, _ deliveries: [WebhookDelivery], conflict: String?) -> EditWebhooks.DisplayedEndpoint {
        EditWebhooks.DisplayedEndpoint(
            url: endpoint.url, events: Self.events(endpoint.events), secretHint: endpoint.secretHint,
            state: endpoint.isEnabled ? "Enabled" : "Disabled", isEnabled: endpoint.isEnabled, version: endpoint.version,
            action: Paths.webhookEnabled(String(endpoint.id)), button: endpoint.isEnabled ? "Disable this endpoint" : "Enable this endpoint",
            conflictMessage: conflict, deliveries: deliveries.map(delivery))
    }

    func delivery(_ delivery: WebhookDelivery) -> EditWebhooks.DisplayedDelivery {
        let (state, tag): (String, String) =
            switch delivery.state {
            case .pending: (delivery.attempts == 0 ? "Waiting" : "Trying again", "tag-grey")
            case .delivered: ("Delivered", "tag-green")
            case .failed: ("Failed: given up", "tag-red")
            }
        let answer: String
        if delivery.attempts == 0 {
            answer = "Not sent yet"
        } else if let status = delivery.lastStatus, delivery.state == .delivered {
            answer = "HTTP \(status)"
        } else {
            answer = delivery.lastError ?? delivery.lastStatus.map { "HTTP \($0)" } ?? ""
        }
        var attempts = "\(delivery.attempts) of \(WebhookAttempts.maximum)"
        if delivery.state == .pending, delivery.attempts > 0, let next = delivery.nextAttemptAt {
            attempts += ", next at \(time(next))"
        }
        return EditWebhooks.DisplayedDelivery(
            event: delivery.eventType.label, webhookID: delivery.webhookID, orderID: delivery.orderID, orderURL: Paths.order(delivery.orderID),
            created: time(delivery.createdAt), state: state, tagClass: tag, attempts: attempts, lastAnswer: answer)
    }

    func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "d MMM yyyy, HH:mm:ss"
        return formatter.string(from: date)
    }
}
