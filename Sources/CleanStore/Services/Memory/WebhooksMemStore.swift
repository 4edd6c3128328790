import Foundation

extension MemoryAppDatabase.Tables {
    /// Writes `event` to the history and, as `WebhookOutbox` decides, one delivery per endpoint that
    /// wants it: every order change of the memory stores records its event through here, after
    /// writing the order (so the delivery tells of the order as changed), in its transaction.
    mutating func record(_ event: OrderEvent) {
        events.append(event)
        guard WebhookOutbox.eventType(of: event) != nil,
            let order = orders.first(where: { $0.id == event.orderID }),
            let message = WebhookOutbox.message(for: event, order: WebhookOrderSummary(order))
        else { return }
        let recipients = WebhookOutbox.recipients(of: message.type, among: webhookEndpoints.values.sorted { $0.id < $1.id })
        if !recipients.isEmpty { WebhookOutbox.deliveriesWritten.signal() }
        for endpoint in recipients {
            webhookDeliveries.append(
                WebhookDelivery(
                    id: Int64(webhookDeliveries.count + 1), endpointID: endpoint.id, eventType: message.type,
                    webhookID: message.webhookID, orderID: message.orderID, payload: message.payload, createdAt: event.at,
                    nextAttemptAt: event.at))
        }
    }
}

/// Webhook endpoints and their deliveries in memory on a `MemoryAppDatabase` (one process: the
/// actor's transactions are its single writer).
public final class WebhooksMemStore: WebhooksStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    public func addEndpoint(url: String, events: [WebhookEventType], secret: String, at: Date) async -> WebhookEndpoint {
        await database.transaction { tables in
            tables.lastWebhookEndpointID += 1
            let endpoint = WebhookEndpoint(
                id: tables.lastWebhookEndpointID, url: url, events: WebhookOutbox.events(from: WebhookOutbox.eventsText(events)),
                secret: secret, createdAt: at)
            tables.webhookEndpoints[endpoint.id] = endpoint
            return endpoint
        }
    }

    public func endpoints() async -> [WebhookEndpoint] {
        await database.read { tables in tables.webhookEndpoints.values.sorted { $0.id < $1.id } }
    }

    public func endpoint(id: Int64) async -> WebhookEndpoint? {
        await database.read { tables in tables.webhookEndpoints[id] }
    }

    public func setEnabled(id: Int64, _ enabled: Bool, expectedVersion: Int) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await database.transaction { tables throws(WebhooksStoreError) in
            guard let stored = tables.webhookEndpoints[id] else { throw .notFound }
            let endpoint = try WebhookEndpointWrites.enabled(stored, enabled, expectedVersion: expectedVersion)
            tables.webhookEndpoints[id] = endpoint
            return endpoint
        }
    }

    public func deliveries(endpointID: Int64, limit: Int) async -> [WebhookDelivery] {
        await database.read { tables in
            Array(tables.webhookDeliveries.filter { $0.endpointID == endpointID }.reversed().prefix(limit))
        }
    }

    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async -> [WebhookDispatch] {
        await database.transaction { tables in
            var claimed: [WebhookDispatch] = []
            for delivery in tables.webhookDeliveries where claimed.count < limit {
                guard delivery.state == .pending, let due = delivery.nextAttemptAt, due <= now,
                    tables.webhookClaims[delivery.id].map({ $0 <= now }) ?? true,
                    let endpoint = tables.webhookEndpoints[delivery.endpointID], endpoint.isEnabled
                else { continue }
                tables.webhookClaims[delivery.id] = now.addingTimeInterval(lease)
                claimed.append(WebhookDispatch(delivery: delivery, url: endpoint.url, secret: endpoint.secret))
            }
            return claimed
        }
    }

    public func recordAttempt(deliveryID: Int64, _ outcome: WebhookAttemptOutcome, at: Date) async throws(WebhooksStoreError) -> WebhookDelivery {
        try await database.transaction { tables throws(WebhooksStoreError) in
            guard let index = tables.webhookDeliveries.firstIndex(where: { $0.id == deliveryID }) else { throw .notFound }
            let delivery = WebhookAttempts.after(tables.webhookDeliveries[index], outcome, at: at)
            tables.webhookDeliveries[index] = delivery
            tables.webhookClaims[deliveryID] = nil
            return delivery
        }
    }
}
