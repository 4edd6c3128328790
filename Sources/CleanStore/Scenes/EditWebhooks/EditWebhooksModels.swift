import Foundation

enum EditWebhooks {
    /// The register form's fields, as posted (`POST /webhooks`): the URL and the events ticked
    /// (`events[]=order.placed`).
    struct RegisterFormFields: Decodable, Equatable, Sendable {
        var url: String = ""
        var events: [String]? = nil
    }

    /// Disabling or enabling an endpoint (`POST /webhooks/{id}/enabled`), from the version its page showed.
    struct EnabledFormFields: Decodable, Equatable, Sendable {
        var enabled: String = ""
        var version: String = ""
    }

    /// What is wrong with a URL typed (`EditWebhooksWorker.check`).
    enum URLProblem: Equatable, Sendable {
        case missing, tooLong, notAURL, notHTTPS, hasCredentials, notPublic
    }

    /// What is wrong with a register form: its URL's problem, and whether no event was ticked.
    struct FormProblems: Equatable, Sendable {
        var url: URLProblem? = nil
        var noEvents = false
        var isEmpty: Bool { url == nil && !noEvents }
    }

    // MARK: Use cases

    /// `GET /webhooks`: the endpoints registered.
    enum ShowEndpoints {
        struct Request {}

        enum Response: Equatable {
            case fetched([WebhookEndpoint])
            case unavailable
        }
    }

    /// `GET /webhooks/new`: the register form, every event ticked.
    enum ShowNewForm {
        struct Request {}

        enum Response: Equatable {
            case form(RegisterFormFields, FormProblems)
        }
    }

    /// `POST /webhooks`.
    enum Register {
        struct Request {
            var fields = RegisterFormFields()
        }

        enum Response: Equatable {
            /// Registered: its secret is shown this once.
            case registered(WebhookEndpoint)
            case invalid(RegisterFormFields, FormProblems)
            case unavailable
        }
    }

    /// `GET /webhooks/{id}`: an endpoint and its latest deliveries.
    enum ShowEndpoint {
        struct Request {
            var id: Int64
        }

        enum Response: Equatable {
            case fetched(WebhookEndpoint, [WebhookDelivery])
            case notFound
            case unavailable
        }
    }

    /// `POST /webhooks/{id}/enabled`.
    enum ChangeEnabled {
        struct Request {
            var id: Int64
            var enabled: Bool
            var version: Int
        }

        enum Response: Equatable {
            case changed(WebhookEndpoint)
            /// Changed by someone else since its page was opened: nothing written; as it is now.
            case conflict(WebhookEndpoint, [WebhookDelivery])
            case notFound
            case unavailable
        }
    }

    // MARK: View models

    enum ViewModel {
        case list(DisplayedList)
        case form(DisplayedForm, invalid: Bool)
        case secret(DisplayedSecret)
        case endpoint(DisplayedEndpoint, conflict: Bool)
        /// 303 to `url` with `flash`.
        case done(url: String, flash: String)
        case notFound
        case unavailable
    }

    struct DisplayedEndpointRow: Equatable {
        var url: String
        var link: String
        var events: String
        var state: String
        var isEnabled: Bool
    }

    struct DisplayedList: Equatable {
        var endpoints: [DisplayedEndpointRow]
        var newURL = Paths.newWebhook.description
    }

    struct DisplayedEvent: Equatable {
        var id: String
        var value: String
        var label: String
        var checked: Bool
    }

    struct DisplayedForm {
        var action = Paths.webhooks.description
        var url: SignIn.DisplayedField
        var events: [DisplayedEvent]
        var eventsError: String?
        var errors: [SignIn.DisplayedError]
        var hasErrors: Bool { !errors.isEmpty }
        var formMessage: String? = nil
        var cancelURL = Paths.webhooks.description
        var title: String { (hasErrors ? "Error: " : "") + "Register a webhook endpoint" }
    }

    struct DisplayedSecret: Equatable {
        var url: String
        var secret: String
        var endpointURL: String
        var listURL = Paths.webhooks.description
    }

    struct DisplayedDelivery: Equatable {
        var event: String
        var webhookID: String
        var orderID: String
        var orderURL: String
        var created: String
        var state: String
        var tagClass: String
        var attempts: String
        var lastAnswer: String
    }

    struct DisplayedEndpoint: Equatable {
        var url: String
        var events: String
        var secretHint: String
        var state: String
        var isEnabled: Bool
        var version: Int
        var action: String
        var button: String
        var conflictMessage: String?
        var deliveries: [DisplayedDelivery]
        var listURL = Paths.webhooks.description
    }
}
