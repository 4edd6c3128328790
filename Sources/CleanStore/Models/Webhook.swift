import Foundation

/// What a webhook endpoint may be told of (`WebhookEndpoint.events`), by its Standard Webhooks
/// `type` name: an order placed, an order's status moved (paid, packed, shipped, or a move undone),
/// an order cancelled.
public enum WebhookEventType: String, CaseIterable, Equatable, Hashable, Sendable, Codable {
    case orderPlaced = "order.placed"
    case orderStatusChanged = "order.status_changed"
    case orderCancelled = "order.cancelled"

    /// As a supervisor reads it on the endpoints' pages.
    public var label: String {
        switch self {
        case .orderPlaced: "Order placed"
        case .orderStatusChanged: "Order status changed"
        case .orderCancelled: "Order cancelled"
        }
    }
}

/// A receiver a supervisor registered (`WebhooksStoreProtocol`): where deliveries are posted, which
/// events it wants, and the secret their signatures are made with (`whsec_` + base64 of 32 random
/// bytes, shown once when it is registered). A disabled endpoint is sent nothing, and its pending
/// deliveries wait.
public struct WebhookEndpoint: Equatable, Sendable {
    public var id: Int64
    public var url: String
    /// In `WebhookEventType.allCases`' order, each once.
    public var events: [WebhookEventType]
    public var secret: String
    public var isEnabled: Bool
    /// 1 when registered, one more at each change (enabling, disabling): a change names the version
    /// it was made from.
    public var version: Int
    public var createdAt: Date

    public init(
        id: Int64, url: String, events: [WebhookEventType], secret: String, isEnabled: Bool = true, version: Int = 1, createdAt: Date
    ) {
        self.id = id
        self.url = url
        self.events = events
        self.secret = secret
        self.isEnabled = isEnabled
        self.version = version
        self.createdAt = createdAt
    }

    /// The secret as a page may show it after it was first shown: its first characters only.
    public var secretHint: String { String(secret.prefix(10)) + "…" }
}

/// A webhook secret: `whsec_` and the base64 of 32 random bytes (the Standard Webhooks form). The
/// signature's key is the bytes (`WebhookSignature`).
public enum WebhookSecret {
    public static let prefix = "whsec_"

    /// A new secret from `bytes` (32 of them; `random()` in production, fixed in tests).
    public static func make(bytes: [UInt8]) -> String {
        prefix + Data(bytes).base64EncodedString()
    }

    /// A new secret of 32 bytes from the system's random number generator.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(bytes: (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// The key a secret signs with: the bytes after `whsec_`; nil for a secret of another form.
    public static func key(of secret: String) -> Data? {
        guard secret.hasPrefix(prefix) else { return nil }
        return Data(base64Encoded: String(secret.dropFirst(prefix.count)))
    }
}

/// Where a delivery is in its life: waiting to be sent (again), received (a 2xx answer), or given
/// up after `WebhookAttempts.maximum` attempts.
public enum WebhookDeliveryState: String, CaseIterable, Equatable, Sendable {
    case pending, delivered, failed
}

/// One message for one endpoint: the outbox's row, written in the transaction of the change it
/// tells of (`WebhookOutbox`), then posted by the sender until it is delivered or has failed.
public struct WebhookDelivery: Equatable, Sendable {
    public var id: Int64
    public var endpointID: Int64
    public var eventType: WebhookEventType
    /// The Standard Webhooks `webhook-id`: the same at every attempt (receivers de-duplicate by it).
    public var webhookID: String
    /// The order it tells of.
    public var orderID: String
    /// The JSON body posted, exactly as signed.
    public var payload: String
    public var createdAt: Date
    public var attempts: Int
    /// When it is due (again); nil once delivered or failed.
    public var nextAttemptAt: Date?
    /// The last attempt's HTTP status (nil when none answered) and what went wrong (nil when it was
    /// delivered or not tried yet).
    public var lastStatus: Int?
    public var lastError: String?
    public var lastAttemptAt: Date?
    public var state: WebhookDeliveryState

    public init(
        id: Int64, endpointID: Int64, eventType: WebhookEventType, webhookID: String, orderID: String, payload: String,
        createdAt: Date, attempts: Int = 0, nextAttemptAt: Date?, lastStatus: Int? = nil, lastError: String? = nil,
        lastAttemptAt: Date? = nil, state: WebhookDeliveryState = .pending
    ) {
        self.id = id
        self.endpointID = endpointID
        self.eventType = eventType
        self.webhookID = webhookID
        self.orderID = orderID
        self.payload = payload
        self.createdAt = createdAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastStatus = lastStatus
        self.lastError = lastError
        self.lastAttemptAt = lastAttemptAt
        self.state = state
    }
}

/// A due delivery as the sender claimed it: the delivery, and where and with what to send it.
public struct WebhookDispatch: Equatable, Sendable {
    public var delivery: WebhookDelivery
    public var url: String
    public var secret: String

    public init(delivery: WebhookDelivery, url: String, secret: String) {
        self.delivery = delivery
        self.url = url
        self.secret = secret
    }
}

/// What one attempt came to: a 2xx answer, or an answer of another status (a 3xx among them:
/// redirects are not followed), or no answer (refused address, timeout, connection failure).
public enum WebhookAttemptOutcome: Equatable, Sendable {
    case delivered(status: Int)
    case answered(status: Int)
    case notAnswered(reason: String)
}
