import Foundation
import Logging
import PostgresNIO

/// The orders' notes in the PostgreSQL database (deleted with their order: `ON DELETE CASCADE`).
public final class OrderNotesPostgresStore: OrderNotesStoreProtocol {
    let database: PostgresAppDatabase

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    public func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        let noteID: Int64?
        do {
            var binds = PostgresBindings()
            try PostgresValues.append(OrderNoteColumns.values(orderID: rowID, text: text, forPacker: forPacker, by: by, at: at), to: &binds)
            let insert = PostgresQuery(
                unsafeSQL: "INSERT INTO order_notes (\(OrderNoteColumns.written)) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id", binds: binds)
            let logger = database.logger
            noteID = try await database.client.withTransaction(logger: logger) { connection in
                // The order is locked against a delete (not against updates) until the note is in.
                let order = try await connection.query("SELECT id FROM orders WHERE id = \(rowID) FOR KEY SHARE", logger: logger)
                var found = false
                for try await _ in order { found = true }
                guard found else { return nil }
                var noteID: Int64?
                for try await id in try await connection.query(insert, logger: logger).decode(Int64.self) {
                    noteID = id
                }
                return noteID
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot add a note to order \(orderID): \(String(reflecting: $0))") }
        }
        guard let noteID else { throw .notFound(id: orderID) }
        return OrderNote(id: String(noteID), orderID: orderID, text: text, by: by, at: at, forPacker: forPacker)
    }

    public func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] {
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        do {
            // One statement, one snapshot: no row when there is no such order, one row with no note
            // when it has none.
            let rows = try await database.client.query(
                """
                SELECT n.id, n.order_id, n.text, n.written_at, n.by_username, n.by_display_name, n.for_packer
                FROM orders o LEFT JOIN order_notes n ON n.order_id = o.id WHERE o.id = \(rowID)
                ORDER BY n.written_at DESC, n.id DESC
                """, logger: database.logger)
            var found = false
            var notes: [OrderNote] = []
            for try await row in rows {
                found = true
                let random = row.makeRandomAccess()
                guard random[0].bytes != nil else { continue }
                notes.append(try OrderNoteColumns.note(from: PostgresOrderRow(row: random)))
            }
            guard found else { throw OrdersStoreError.notFound(id: orderID) }
            return notes
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the notes of order \(orderID): \(String(reflecting: $0))") }
        }
    }

    /// The notes of the order with `rowID`, newest first, on `connection` (the order page's read,
    /// `OrdersPostgresStore.fetchOrderPage`, which has read the order): prepared once per connection.
    static func notes(ofOrder rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> [OrderNote] {
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: OrderNoteColumns.selected) FROM order_notes WHERE order_id = \(rowID) ORDER BY written_at DESC, id DESC",
            on: connection, logger: logger)
        return try rows.map { try OrderNoteColumns.note(from: PostgresOrderRow(row: $0.makeRandomAccess())) }
    }
}
