import Foundation

/// What can go wrong in the webhooks store.
public enum WebhooksStoreError: Error, Equatable, Sendable {
    /// No such endpoint (or delivery).
    case notFound
    /// The endpoint was changed since the version the change was made from: nothing written.
    case conflict(current: WebhookEndpoint)
    /// The database failed: why (never an endpoint's secret).
    case unavailable(String)

    static func from(_ error: any Error, doing what: String) -> WebhooksStoreError {
        (error as? WebhooksStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}

/// What an order's change tells a webhook: the order's ids, status and totals in cents, as the
/// store holds them in the change's transaction. Never a card, a name, an address or a phone.
public struct WebhookOrderSummary: Equatable, Sendable {
    public var id: String
    public var version: Int
    public var status: OrderStatus
    public var subtotalCents: Int64
    public var shippingCents: Int64
    public var taxCents: Int64
    public var totalCents: Int64
    public var customerID: Int64?

    public init(
        id: String, version: Int, status: OrderStatus, subtotalCents: Int64, shippingCents: Int64, taxCents: Int64, totalCents: Int64,
        customerID: Int64?
    ) {
        self.id = id
        self.version = version
        self.status = status
        self.subtotalCents = subtotalCents
        self.shippingCents = shippingCents
        self.taxCents = taxCents
        self.totalCents = totalCents
        self.customerID = customerID
    }

    /// An order as the memory store holds it (its totals as people read them, `OrderTotal.totals`).
    public init(_ order: Order) {
        let totals = OrderTotal.totals(of: order)
        self.init(
            id: order.id ?? "", version: order.version, status: order.status, subtotalCents: totals.subtotalCents,
            shippingCents: totals.shippingCents, taxCents: totals.taxCents, totalCents: totals.totalCents, customerID: order.customerID)
    }
}

/// One message the outbox writes for a change, before it is written once per endpoint that wants it.
public struct WebhookMessage: Equatable, Sendable {
    public var type: WebhookEventType
    public var webhookID: String
    public var orderID: String
    public var payload: String
}

/// The transactional outbox's rule, decided once in plain Swift; each store executes it in the
/// transaction that writes the order's history entry (`OrderEventsSQLiteStore.insert`,
/// `OrderEventsPostgresStore.insert`, `MemoryAppDatabase.Tables.record`), so a change rolled back
/// writes no delivery and a committed one always has its deliveries.
public enum WebhookOutbox {
    /// Signalled by each store where it writes deliveries (in the change's transaction, before it
    /// commits): `ServeCommand`'s `WebhookSender` wakes at once instead of waiting out its idle
    /// backoff. One per process, that is per instance (a test process's several apps share it: a
    /// wake is a hint, the sender still claims from its store).
    public static let deliveriesWritten = PeriodicWake()

    /// What a history entry tells webhooks: a creation is `order.placed`, a status move to cancelled
    /// `order.cancelled`, any other status move (an undo among them) `order.status_changed`; every
    /// other entry (an edit, a note, a declined cancellation request, a deletion) nothing.
    public static func eventType(of event: OrderEvent) -> WebhookEventType? {
        switch event.kind {
        case .created: return .orderPlaced
        case .deleted: return nil
        case .updated:
            guard let change = event.statusChange else { return nil }
            return change.to == .cancelled ? .orderCancelled : .orderStatusChanged
        }
    }

    /// The `webhook-id` of the message about `event` to an order at `version`: stable (the same at
    /// every attempt), one per change (each change is one more version of the order).
    public static func webhookID(orderID: String, version: Int, at: Date) -> String {
        "msg_\(orderID)_\(version)_\(Int64((at.timeIntervalSince1970 * 1000).rounded()))"
    }

    /// The message about `event`, whose order is now `order`; nil when webhooks are told nothing of it.
    public static func message(for event: OrderEvent, order: WebhookOrderSummary) -> WebhookMessage? {
        guard let type = eventType(of: event) else { return nil }
        let data = Payload.Order(
            id: order.id, version: order.version, status: order.status.rawValue,
            previousStatus: event.statusChange?.from.rawValue,
            reason: event.statusChange?.to == .cancelled ? event.statusChange?.reason : nil,
            customerId: order.customerID.map(String.init),
            subtotal: .init(order.subtotalCents), shippingCost: .init(order.shippingCents), tax: .init(order.taxCents),
            total: .init(order.totalCents))
        let payload = Payload(type: type.rawValue, timestamp: timestamp(event.at), data: data)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = (try? encoder.encode(payload)).flatMap { String(data: $0, encoding: .utf8) } ?? "{}"
        return WebhookMessage(
            type: type, webhookID: webhookID(orderID: order.id, version: order.version, at: event.at), orderID: order.id, payload: body)
    }

    /// The endpoints of `endpoints` that are sent `type`: enabled ones that asked for it.
    public static func recipients(of type: WebhookEventType, among endpoints: [WebhookEndpoint]) -> [WebhookEndpoint] {
        endpoints.filter { $0.isEnabled && $0.events.contains(type) }
    }

    /// The body's shape (Standard Webhooks: `type`, `timestamp`, `data`); money in cents.
    struct Payload: Encodable {
        struct Money: Encodable {
            var amount: Int64
            var currency = "USD"
            init(_ amount: Int64) { self.amount = amount }
        }

        struct Order: Encodable {
            var id: String
            var version: Int
            var status: String
            var previousStatus: String?
            var reason: String?
            var customerId: String?
            var subtotal: Money
            var shippingCost: Money
            var tax: Money
            var total: Money
        }

        var type: String
        var timestamp: String
        var data: Order
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    /// The `events` column's text: the types' names, comma separated, in `allCases`' order.
    static func eventsText(_ events: [WebhookEventType]) -> String {
        WebhookEventType.allCases.filter(events.contains).map(\.rawValue).joined(separator: ",")
    }

    static func events(from text: String) -> [WebhookEventType] {
        let names = Set(text.split(separator: ",").map(String.init))
        return WebhookEventType.allCases.filter { names.contains($0.rawValue) }
    }
}

/// The sender's retry rule, decided once: how long after an attempt the next is due, and when the
/// sender gives up.
public enum WebhookAttempts {
    /// Attempts before a delivery is given up (`failed`).
    public static let maximum = 8
    /// The wait after the first failed attempt; doubled after each further one, at most `longestWait`.
    public static let firstWait: TimeInterval = 30
    public static let longestWait: TimeInterval = 6 * 3600
    /// How long a claim holds a delivery: longer than an attempt can take (`WebhookSender.timeout`).
    public static let lease: TimeInterval = 60

    /// The wait after `attempts` failed attempts (1, 2, 3…): 30 s, 1 min, 2 min, 4 min … at most 6 h.
    public static func backoff(afterAttempts attempts: Int) -> TimeInterval {
        let doublings = max(0, min(attempts - 1, 20))
        return min(firstWait * pow(2, Double(doublings)), longestWait)
    }

    /// `delivery` after an attempt at `at` that came to `outcome`: one more attempt; delivered on a
    /// 2xx; otherwise due again after `backoff`, or failed once it has had `maximum` attempts.
    public static func after(_ delivery: WebhookDelivery, _ outcome: WebhookAttemptOutcome, at: Date) -> WebhookDelivery {
        var delivery = delivery
        delivery.attempts += 1
        delivery.lastAttemptAt = at
        switch outcome {
        case .delivered(let status):
            delivery.lastStatus = status
            delivery.lastError = nil
            delivery.state = .delivered
            delivery.nextAttemptAt = nil
            return delivery
        case .answered(let status):
            delivery.lastStatus = status
            delivery.lastError = (300..<400).contains(status) ? "Redirect not followed" : "HTTP \(status)"
        case .notAnswered(let reason):
            delivery.lastStatus = nil
            delivery.lastError = String(reason.prefix(200))
        }
        if delivery.attempts >= maximum {
            delivery.state = .failed
            delivery.nextAttemptAt = nil
        } else {
            delivery.state = .pending
            delivery.nextAttemptAt = at.addingTimeInterval(backoff(afterAttempts: delivery.attempts))
        }
        return delivery
    }
}

/// Webhook endpoints and their deliveries (the outbox), in the orders database. Every store keeps
/// the same contract, checked by one suite (`WebhooksStoreContractTests`):
/// - `addEndpoint` keeps an enabled endpoint at version 1 with its URL, events and secret;
///   `endpoints` lists them oldest first; `setEnabled` enables or disables one from the version
///   it was read at (`.conflict` when it changed since, `.notFound` when there is none).
/// - Deliveries are written by the orders' and drafts' stores, in the transaction of the change
///   (`WebhookOutbox`): one per enabled endpoint that wants the event, pending, due at once; a
///   change refused or rolled back writes none.
/// - `claimDue` hands out pending deliveries due at `now` of enabled endpoints, oldest first, each
///   held for `lease` (`claimed_until`): a delivery held by a claim is handed out by no other
///   claim until the lease is over or an attempt is recorded. On PostgreSQL two instances' claims
///   never hand out one delivery (`FOR UPDATE SKIP LOCKED`).
/// - `recordAttempt` writes `WebhookAttempts.after` of the stored delivery and frees its claim.
/// - `deliveries(endpointID:)` lists an endpoint's deliveries, newest first.
public protocol WebhooksStoreProtocol: Sendable {
    func addEndpoint(url: String, events: [WebhookEventType], secret: String, at: Date) async throws(WebhooksStoreError) -> WebhookEndpoint
    func endpoints() async throws(WebhooksStoreError) -> [WebhookEndpoint]
    func endpoint(id: Int64) async throws(WebhooksStoreError) -> WebhookEndpoint?
    func setEnabled(id: Int64, _ enabled: Bool, expectedVersion: Int) async throws(WebhooksStoreError) -> WebhookEndpoint
    func deliveries(endpointID: Int64, limit: Int) async throws(WebhooksStoreError) -> [WebhookDelivery]
    func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws(WebhooksStoreError) -> [WebhookDispatch]
    func recordAttempt(deliveryID: Int64, _ outcome: WebhookAttemptOutcome, at: Date) async throws(WebhooksStoreError) -> WebhookDelivery
}

/// The endpoints' writes, decided once on the endpoint as stored.
public enum WebhookEndpointWrites {
    public static func enabled(_ stored: WebhookEndpoint, _ enabled: Bool, expectedVersion: Int) throws(WebhooksStoreError) -> WebhookEndpoint {
        guard stored.version == expectedVersion else { throw .conflict(current: stored) }
        var endpoint = stored
        guard endpoint.isEnabled != enabled else { return endpoint }
        endpoint.isEnabled = enabled
        endpoint.version += 1
        return endpoint
    }
}
