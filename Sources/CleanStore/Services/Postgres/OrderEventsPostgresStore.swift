import Foundation
import Logging
import PostgresNIO

/// The orders' history in the PostgreSQL database: written by `OrdersPostgresStore` in each
/// change's own transaction (`insert(_:rowID:on:logger:)`), read here.
public final class OrderEventsPostgresStore: OrderEventsStoreProtocol {
    let database: PostgresAppDatabase

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    /// Writes `event` in the transaction of `connection`, and the webhook deliveries it makes (the
    /// outbox, `WebhooksPostgresStore.enqueue`): a failure rolls the change it records back.
    static func insert(_ event: OrderEvent, rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws {
        let values = try OrderEventColumns.values(of: event, rowID: rowID)
        var binds = PostgresBindings()
        try PostgresValues.append(values, to: &binds)
        let placeholders = PostgresValues.placeholders(binds.count)
        // Prepared (one text; the NULLs among the values part of its key): every placing, create
        // and status move writes one.
        _ = try await PostgresPreparedStatements.rows(
            PostgresQuery(unsafeSQL: "INSERT INTO order_events (\(OrderEventColumns.written)) VALUES (\(placeholders))", binds: binds),
            types: PostgresPreparedStatements.types(of: values), on: connection, logger: logger)
        try await WebhooksPostgresStore.enqueue(event, rowID: rowID, on: connection, logger: logger)
    }

    /// As `insert(_:rowID:on:logger:)` for each of `events` (an event and its order's row), in
    /// multi-row INSERTs (a bulk create's, `OrdersPostgresStore.createOrders`: one round trip for
    /// many events, not one each), then their webhook deliveries (`WebhooksPostgresStore.enqueue`).
    static func insert(_ events: [(event: OrderEvent, rowID: Int64)], on connection: PostgresConnection, logger: Logger) async throws {
        var values: [[OrderColumns.Value]] = []
        values.reserveCapacity(events.count)
        for (event, rowID) in events { values.append(try OrderEventColumns.values(of: event, rowID: rowID)) }
        try await PostgresValues.insertRows(values, into: "order_events (\(OrderEventColumns.written))", on: connection, logger: logger)
        try await WebhooksPostgresStore.enqueue(events, on: connection, logger: logger)
    }

    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        guard let rowID = OrderID.rowID(orderID) else { return [] }
        do {
            var events: [OrderEvent] = []
            let rows = try await database.client.query(
                """
                SELECT \(unescaped: OrderEventColumns.selected) FROM order_events WHERE order_id = \(rowID)
                ORDER BY happened_at DESC, id DESC
                """, logger: database.logger)
            for try await row in rows {
                events.append(try OrderEventColumns.event(from: PostgresOrderRow(row: row.makeRandomAccess())))
            }
            return events
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the history of order \(orderID): \(String(reflecting: $0))") }
        }
    }

    /// The history of the order with `rowID`, newest first, on `connection` (the order page's read,
    /// `OrdersPostgresStore.fetchOrderPage`): prepared once per connection.
    static func events(ofOrder rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> [OrderEvent] {
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: OrderEventColumns.selected) FROM order_events WHERE order_id = \(rowID) ORDER BY happened_at DESC, id DESC",
            on: connection, logger: logger)
        return try rows.map { try OrderEventColumns.event(from: PostgresOrderRow(row: $0.makeRandomAccess())) }
    }
}
