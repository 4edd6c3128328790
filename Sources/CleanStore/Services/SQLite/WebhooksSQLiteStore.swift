import Foundation
import GRDB

/// Webhook endpoints and their deliveries in the SQLite database (`webhook_endpoints`,
/// `webhook_deliveries`, migration "v32: webhooks"). Deliveries are written by `enqueue`, called by
/// `OrderEventsSQLiteStore.insert` in the change's transaction. SQLite writes one transaction at a
/// time: a claim reads and marks its rows with nothing in between.
public final class WebhooksSQLiteStore: WebhooksStoreProtocol {
    private let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    static func endpoint(_ row: Row) throws -> WebhookEndpoint { try WebhookColumns.endpoint(from: SQLiteRow(row: row)) }
    static func delivery(_ row: Row) throws -> WebhookDelivery { try WebhookColumns.delivery(from: SQLiteRow(row: row)) }

    /// Writes the deliveries `event` makes (`WebhookOutbox`), in the transaction of `db` that wrote
    /// the order `rowID` as changed: one per enabled endpoint that wants the event.
    static func enqueue(_ event: OrderEvent, rowID: Int64, into db: Database) throws {
        guard let type = WebhookOutbox.eventType(of: event) else { return }
        let endpoints = try Row.fetchAll(db.cachedStatement(sql: "SELECT \(WebhookColumns.endpoint) FROM webhook_endpoints WHERE enabled = 1 ORDER BY id"))
            .map(endpoint)
        let recipients = WebhookOutbox.recipients(of: type, among: endpoints)
        guard !recipients.isEmpty,
            let row = try Row.fetchOne(db, sql: "SELECT \(WebhookColumns.orderSummary) FROM orders WHERE id = ?", arguments: [rowID]),
            let order = try WebhookColumns.orderSummary(rowID: rowID, from: SQLiteRow(row: row))
        else { return }
        guard let message = WebhookOutbox.message(for: event, order: order) else { return }
        for endpoint in recipients {
            try db.execute(
                sql: """
                    INSERT INTO webhook_deliveries (endpoint_id, event_type, webhook_id, order_id, payload, created_at, next_attempt_at, state)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'pending')
                    """,
                arguments: [
                    endpoint.id, message.type.rawValue, message.webhookID, message.orderID, message.payload, event.at.timeIntervalSince1970,
                    event.at.timeIntervalSince1970,
                ])
        }
        WebhookOutbox.deliveriesWritten.signal()
    }

    private func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(WebhooksStoreError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(WebhooksStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    public func addEndpoint(url: String, events: [WebhookEventType], secret: String, at: Date) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await write("Cannot register a webhook endpoint") { db in
            try db.execute(
                sql: "INSERT INTO webhook_endpoints (url, events, secret, enabled, version, created_at) VALUES (?, ?, ?, 1, 1, ?)",
                arguments: [url, WebhookOutbox.eventsText(events), secret, at.timeIntervalSince1970])
            return WebhookEndpoint(
                id: db.lastInsertedRowID, url: url, events: WebhookOutbox.events(from: WebhookOutbox.eventsText(events)), secret: secret,
                createdAt: Date(timeIntervalSince1970: at.timeIntervalSince1970))
        }
    }

    public func endpoints() async throws(WebhooksStoreError) -> [WebhookEndpoint] {
        try await read("Cannot read the webhook endpoints") { db in
            try Row.fetchAll(db, sql: "SELECT \(WebhookColumns.endpoint) FROM webhook_endpoints ORDER BY id").map(Self.endpoint)
        }
    }

    public func endpoint(id: Int64) async throws(WebhooksStoreError) -> WebhookEndpoint? {
        try await read("Cannot read a webhook endpoint") { db in
            try Row.fetchOne(db, sql: "SELECT \(WebhookColumns.endpoint) FROM webhook_endpoints WHERE id = ?", arguments: [id]).map(Self.endpoint)
        }
    }

    public func setEnabled(id: Int64, _ enabled: Bool, expectedVersion: Int) async throws(WebhooksStoreError) -> WebhookEndpoint {
        try await write("Cannot change a webhook endpoint") { db in
            guard let stored = try Row.fetchOne(db, sql: "SELECT \(WebhookColumns.endpoint) FROM webhook_endpoints WHERE id = ?", arguments: [id])
                .map(Self.endpoint)
            else { throw WebhooksStoreError.notFound }
            let endpoint = try WebhookEndpointWrites.enabled(stored, enabled, expectedVersion: expectedVersion)
            try db.execute(
                sql: "UPDATE webhook_endpoints SET enabled = ?, version = ? WHERE id = ? AND version = ?",
                arguments: [endpoint.isEnabled, endpoint.version, id, stored.version])
            return endpoint
        }
    }

    public func deliveries(endpointID: Int64, limit: Int) async throws(WebhooksStoreError) -> [WebhookDelivery] {
        try await read("Cannot read the webhook deliveries") { db in
            try Row.fetchAll(
                db, sql: "SELECT \(WebhookColumns.delivery) FROM webhook_deliveries WHERE endpoint_id = ? ORDER BY id DESC LIMIT ?",
                arguments: [endpointID, limit]
            ).map(Self.delivery)
        }
    }

    public func claimDue(now: Date, lease: TimeInterval, limit: Int) async throws(WebhooksStoreError) -> [WebhookDispatch] {
        try await write("Cannot claim webhook deliveries") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT \(WebhookColumns.deliveryInJoin), e.url, e.secret FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
                    WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND (d.claimed_until IS NULL OR d.claimed_until <= ?)
                    AND e.enabled = 1 ORDER BY d.next_attempt_at, d.id LIMIT ?
                    """,
                arguments: [now.timeIntervalSince1970, now.timeIntervalSince1970, limit])
            var claimed: [WebhookDispatch] = []
            for row in rows {
                let delivery = try Self.delivery(row)
                try db.execute(
                    sql: "UPDATE webhook_deliveries SET claimed_until = ? WHERE id = ?",
                    arguments: [now.addingTimeInterval(lease).timeIntervalSince1970, delivery.id])
                claimed.append(WebhookDispatch(delivery: delivery, url: row[13], secret: row[14]))
            }
            return claimed
        }
    }

    public func recordAttempt(deliveryID: Int64, _ outcome: WebhookAttemptOutcome, at: Date) async throws(WebhooksStoreError) -> WebhookDelivery {
        try await write("Cannot record a webhook attempt") { db in
            guard let row = try Row.fetchOne(
                db, sql: "SELECT \(WebhookColumns.delivery) FROM webhook_deliveries WHERE id = ?", arguments: [deliveryID])
            else { throw WebhooksStoreError.notFound }
            let delivery = WebhookAttempts.after(try Self.delivery(row), outcome, at: at)
            try db.execute(
                sql: """
                    UPDATE webhook_deliveries SET attempts = ?, next_attempt_at = ?, last_status = ?, last_error = ?,
                    last_attempt_at = ?, state = ?, claimed_until = NULL WHERE id = ?
                    """,
                arguments: [
                    delivery.attempts, delivery.nextAttemptAt?.timeIntervalSince1970, delivery.lastStatus, delivery.lastError,
                    delivery.lastAttemptAt?.timeIntervalSince1970, delivery.state.rawValue, deliveryID,
                ])
            return delivery
        }
    }
}
