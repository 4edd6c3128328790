import Foundation
import GRDB

/// The orders' history in the SQLite database: written by `OrdersSQLiteStore` in each change's
/// own transaction (`insert(_:rowID:into:)`), read here.
public final class OrderEventsSQLiteStore: OrderEventsStoreProtocol {
    let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    /// Writes `event` in the transaction of `db`, and the webhook deliveries it makes (the outbox,
    /// `WebhooksSQLiteStore.enqueue`): a failure rolls the change it records back.
    static func insert(_ event: OrderEvent, rowID: Int64, into db: Database) throws {
        let values = try OrderEventColumns.values(of: event, rowID: rowID)
        try db.cachedStatement(
            sql: "INSERT INTO order_events (\(OrderEventColumns.written)) VALUES (?\(String(repeating: ", ?", count: values.count - 1)))"
        ).execute(arguments: StatementArguments(values))
        try WebhooksSQLiteStore.enqueue(event, rowID: rowID, into: db)
    }

    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        guard let rowID = OrderID.rowID(orderID) else { return [] }
        do {
            return try await database.read { db in try Self.events(ofOrder: rowID, in: db) }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the history of order \(orderID): \($0)") }
        }
    }

    /// The statement of `events(ofOrder:in:)`, made once (the cache's key).
    static let eventsOfOrder = "SELECT \(OrderEventColumns.selected) FROM order_events WHERE order_id = ? ORDER BY happened_at DESC, id DESC"

    /// The history of the order with `rowID`, newest first, in the read of `db` (this store's read
    /// and the order page's, `OrdersSQLiteStore.fetchOrderPage`). Cached: every order page reads it
    /// (its timeline).
    static func events(ofOrder rowID: Int64, in db: Database) throws -> [OrderEvent] {
        let statement = try db.cachedStatement(sql: eventsOfOrder)
        return try Array(Row.fetchCursor(statement, arguments: [rowID]).map { try OrderEventColumns.event(from: SQLiteRow(row: $0)) })
    }
}
