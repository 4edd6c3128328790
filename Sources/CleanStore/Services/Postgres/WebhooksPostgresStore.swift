import Foundation
import Logging
import PostgresNIO

/// Webhook endpoints and their deliveries in the PostgreSQL database (`webhook_endpoints`,
/// `webhook_deliveries`, migration 31). Deliveries are written by `enqueue`, called by
/// `OrderEventsPostgresStore.insert` in the change's transaction. A claim is one statement that
/// locks the due rows it takes (`FOR UPDATE SKIP LOCKED`: rows another instance's claim is taking
/// are skipped, and a row it has just taken is no longer due) and sets their lease.
public final class WebhooksPostgresStore: WebhooksStoreProtocol {
    private let client: PostgresClient
    private let logger: Logger

    public init(database: PostgresAppDatabase) {
        client = database.client
        logger = database.logger
    }

    /// Writes the deliveries `event` makes (`WebhookOutbox`), in the transaction of `connection`
    /// that wrote the order `rowID` as changed: one per enabled endpoint that wants the event.
    static func enqueue(_ event: OrderEvent, rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        try await enqueue([(event, rowID)], on: connection, logger: logger)
    }

    /// As `enqueue(_:rowID:on:logger:)` for each of `events` (an event and its order's row), the
    /// endpoints read once for them all: a bulk create's (`OrdersPostgresStore.createOrders`).
    static func enqueue(_ events: [(event: OrderEvent, rowID: Int64)], on connection: PostgresConnection, logger: Logger) async throws {
        let typed = events.filter { WebhookOutbox.eventType(of: $0.event) != nil }
        guard !typed.isEmpty else { return }
        var endpoints: [WebhookEndpoint] = []
        // Prepared: every placing, create and status move reads them.
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: WebhookColumns.endpoint) FROM webhook_endpoints WHERE enabled ORDER BY id", on: connection, logger: logger)
        for row in rows { endpoints.append(try WebhookColumns.endpoint(from: PostgresOrderRow(row: row.makeRandomAccess()))) }
        guard !endpoints.isEmpty else { return }
        var wrote = false
        for (event, rowID) in typed {
            guard let type = WebhookOutbox.eventType(of: event) else { continue }
            let recipients = WebhookOutbox.recipients(of: type, among: endpoints)
            guard !recipients.isEmpty else { continue }
            var order: WebhookOrderSummary?
            let orderRows = try await connection.query(
                "SELECT \(unescaped: WebhookColumns.orderSummary) FROM orders WHERE id = \(rowID)", logger: logger)
            for try await row in orderRows {
                order = try WebhookColumns.orderSummary(rowID: rowID, from: PostgresOrderRow(row: row.makeRandomAccess()))
            }
            guard let order, let message = WebhookOutbox.message(for: event, order: order) else { continue }
            let at = event.at.timeIntervalSince1970
            for endpoint in recipients {
                try await connection.query(
                    """
                    INSERT INTO webhook_deliveries (endpoint_id, event_type, webhook_id, order_id, payload, created_at, next_attempt_at, state)
                    VALUES (\(endpoint.id), \(message.type.rawValue), \(message.webhookID), \(message.orderID), \(message.payload), \(at), \(at), 'pending')
                    """, logger: logger)
                wrote = true
            }
        }
        if wrote { WebhookOutbox.deliveriesWritten.signal() }
    }

    private func withConnection<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(WebhooksStoreError) -> T {
        let logger = self.logger
        do {
            return try await client.withConnection { connection in try await body(connection, logger) }
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func transaction<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(WebhooksStoreError) -> T {
        let logger = self.logger
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection, logger) }
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private static func endpoints(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [WebhookEndpoint] {
        var endpoints: [WebhookEndpoint] = []
        for try await row in try await connection.query(query, logger: logger) {
            endpoints.append(try WebhookColumns.endpoint(from: PostgresOrderRow(row: row.makeRandomAccess())))
        }
        return endpoints
    }

    private static func deliveries(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [WebhookDelivery] {
        var deliveries: [WebhookDelivery] = []
        for try await row in try await connection.query(query, logger: logger) {
            deliveries.append(try WebhookColumns.delivery(from: PostgresOrderRow(row: row.makeRandomAccess())))
        }
        return deliveries
    }

    public func addEndpoint(url: String, events: [WebhookEventType], secret: String, at: Date) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await withConnection("Cannot register a webhook endpoint") { connection, logger in
            let added = try await Self.endpoints(
                """
                INSERT INTO webhook_endpoints (url, events, secret, enabled, version, created_at)
                VALUES (\(url), \(WebhookOutbox.eventsText(events)), \(secret), TRUE, 1, \(at.timeIntervalSince1970))
                RETURNING \(unescaped: WebhookColumns.endpoint)
                """, on: connection, logger: logger)
            guard let endpoint = added.first else { throw WebhooksStoreError.unavailable("Cannot register a webhook endpoint") }
            return endpoint
        }
    }

    public func endpoints() async throws(WebhooksStoreError) -> [WebhookEndpoint] {
        try await withConnection("Cannot read the webhook endpoints") { connection, logger in
            try await Self.endpoints("SELECT \(unescaped: WebhookColumns.endpoint) FROM webhook_endpoints ORDER BY id", on: connection, logger: logger)
        }
    }

    public func endpoint(id: Int64) async throws(WebhooksStoreError) -> WebhookEndpoint? {
        try await withConnection("Cannot read a webhook endpoint") { connection, logger in
            try await Self.endpoints(
                "SELECT \(unescaped: WebhookColumns.endpoint) FROM webhook_endpoints WHERE id = \(id)", on: connection, logger: logger
            ).first
        }
    }

    public func setEnabled(id: Int64, _ enabled: Bool, expectedVersion: Int) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await transaction("Cannot change a webhook endpoint") { connection, logger in
            guard
                let stored = try await Self.endpoints(
                    "SELECT \(unescaped: WebhookColumns.endpoint) FROM webhook_endpoints WHERE id = \(id) FOR UPDATE", on: connection,
                    logger: logger
                ).first
            else { throw WebhooksStoreError.notFound }
            let endpoint = try WebhookEndpointWrites.enabled(stored, enabled, expectedVersion: expectedVersion)
            try await connection.query(
                "UPDATE webhook_endpoints SET enabled = \(endpoint.isEnabled), version = \(endpoint.version) WHERE id = \(id)", logger: logger)
            return endpoint
        }
    }

    public func deliveries(endpointID: Int64, limit: Int) async throws(WebhooksStoreError) -> [WebhookDelivery] {
        try await withConnection("Cannot read the webhook deliveries") { connection, logger in
            try await Self.deliveries(
                """
                SELECT \(unescaped: WebhookColumns.delivery) FROM webhook_deliveries WHERE endpoint_id = \(endpointID)
                ORDER BY id DESC LIMIT \(limit)
                """, on: connection, logger: logger)
        }
    }

    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws(WebhooksStoreError) -> [WebhookDispatch] {
        try await withConnection("Cannot claim webhook deliveries") { connection, logger in
            let at = now.timeIntervalSince1970
            let until = now.addingTimeInterval(lease).timeIntervalSince1970
            let rows = try await connection.query(
                """
                WITH due AS (
                    SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                    WHERE d.state = 'pending' AND d.next_attempt_at <= \(at) AND (d.claimed_until IS NULL OR d.claimed_until <= \(at))
                    AND e.enabled
                    ORDER BY d.next_attempt_at, d.id LIMIT \(limit)
                    FOR UPDATE OF d SKIP LOCKED
                )
                UPDATE webhook_deliveries d SET claimed_until = \(until) FROM due, webhook_endpoints e
                WHERE d.id = due.id AND e.id = d.endpoint_id
                RETURNING \(unescaped: WebhookColumns.deliveryInJoin), e.url, e.secret
                """, logger: logger)
            var claimed: [WebhookDispatch] = []
            for try await row in rows {
                let cells = row.makeRandomAccess()
                claimed.append(
                    WebhookDispatch(
                        delivery: try WebhookColumns.delivery(from: PostgresOrderRow(row: cells)),
                        url: try cells[WebhookColumns.deliveryCount].decode(String.self),
                        secret: try cells[WebhookColumns.deliveryCount + 1].decode(String.self)))
            }
            return claimed.sorted { ($0.delivery.nextAttemptAt ?? now, $0.delivery.id) < ($1.delivery.nextAttemptAt ?? now, $1.delivery.id) }
        }
    }

    public func recordAttempt(deliveryID: Int64, _ outcome: WebhookAttemptOutcome, at: Date) async throws(WebhooksStoreError) -> WebhookDelivery {
        try await transaction("Cannot record a webhook attempt") { connection, logger in
            guard
                let stored = try await Self.deliveries(
                    "SELECT \(unescaped: WebhookColumns.delivery) FROM webhook_deliveries WHERE id = \(deliveryID) FOR UPDATE",
                    on: connection, logger: logger
                ).first
            else { throw WebhooksStoreError.notFound }
            let delivery = WebhookAttempts.after(stored, outcome, at: at)
            try await connection.query(
                """
                UPDATE webhook_deliveries SET attempts = \(delivery.attempts),
                next_attempt_at = \(delivery.nextAttemptAt?.timeIntervalSince1970), last_status = \(delivery.lastStatus.map(Int64.init)),
                last_error = \(delivery.lastError), last_attempt_at = \(delivery.lastAttemptAt?.timeIntervalSince1970),
                state = \(delivery.state.rawValue), claimed_until = NULL WHERE id = \(deliveryID)
                """, logger: logger)
            return delivery
        }
    }
}
