import Foundation

/// The register form's rules and the webhooks store, for `EditWebhooksInteractor`. Not final:
/// tests subclass it into a spy.
class EditWebhooksWorker {
    let store: any WebhooksStoreProtocol
    /// `--allow-private-webhooks`: http and any address may be registered (the sender says the same).
    let allowPrivate: Bool
    let now: @Sendable () -> Date
    let newSecret: @Sendable () -> String

    init(
        store: any WebhooksStoreProtocol, allowPrivate: Bool, now: @escaping @Sendable () -> Date,
        newSecret: @escaping @Sendable () -> String = { WebhookSecret.random() }
    ) {
        self.store = store
        self.allowPrivate = allowPrivate
        self.now = now
        self.newSecret = newSecret
    }

    /// The longest URL kept.
    static let maximumURLLength = 2000

    /// The URL as kept (trimmed) and the events ticked (known ones, in their order), or what is wrong.
    func check(_ fields: EditWebhooks.RegisterFormFields) -> (url: String, events: [WebhookEventType], problems: EditWebhooks.FormProblems) {
        let url = fields.url.trimmingCharacters(in: .whitespacesAndNewlines)
        let ticked = Set(fields.events ?? [])
        let events = WebhookEventType.allCases.filter { ticked.contains($0.rawValue) }
        return (url, events, EditWebhooks.FormProblems(url: urlProblem(url), noEvents: events.isEmpty))
    }

    func urlProblem(_ url: String) -> EditWebhooks.URLProblem? {
        guard !url.isEmpty else { return .missing }
        guard url.count <= Self.maximumURLLength else { return .tooLong }
        guard url.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value != 0x7F }),
            let parsed = URLComponents(string: url), let scheme = parsed.scheme?.lowercased(), let host = parsed.host, !host.isEmpty
        else { return .notAURL }
        guard scheme == "https" || (allowPrivate && scheme == "http") else { return .notHTTPS }
        guard parsed.user == nil, parsed.password == nil else { return .hasCredentials }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let isAddress = WebhookAddressRule.ipv4(bare) != nil || WebhookAddressRule.ipv6(bare) != nil
        if !allowPrivate, isAddress ? !WebhookAddressRule.isPublic(bare) : bare.lowercased() == "localhost" { return .notPublic }
        return nil
    }

    func register(url: String, events: [WebhookEventType]) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await store.addEndpoint(url: url, events: events, secret: newSecret(), at: now())
    }

    func endpoints() async throws(WebhooksStoreError) -> [WebhookEndpoint] { try await store.endpoints() }

    /// The endpoint and its latest 50 deliveries; nil when there is none.
    func endpoint(id: Int64) async throws(WebhooksStoreError) -> (WebhookEndpoint, [WebhookDelivery])? {
        guard let endpoint = try await store.endpoint(id: id) else { return nil }
        return (endpoint, try await store.deliveries(endpointID: id, limit: 50))
    }

    func setEnabled(id: Int64, _ enabled: Bool, version: Int) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await store.setEnabled(id: id, enabled, expectedVersion: version)
    }
}
