import Foundation
import GRDB

/// The orders' notes in the SQLite database (deleted with their order: `ON DELETE CASCADE`).
public final class OrderNotesSQLiteStore: OrderNotesStoreProtocol {
    let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    public func addNote(orderID: String, text: String, forPacker: Bool, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        try database.checkFileIsTheOneOpened()
        let values = StatementArguments(OrderNoteColumns.values(orderID: rowID, text: text, forPacker: forPacker, by: by, at: at))
        let noteID: Int64?
        do {
            noteID = try await database.pool.write { db in
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM orders WHERE id = ?)", arguments: [rowID]) == true else {
                    return nil
                }
                try db.execute(sql: "INSERT INTO order_notes (\(OrderNoteColumns.written)) VALUES (?, ?, ?, ?, ?, ?)", arguments: values)
                return db.lastInsertedRowID
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot add a note to order \(orderID): \($0)") }
        }
        guard let noteID else { throw .notFound(id: orderID) }
        return OrderNote(id: String(noteID), orderID: orderID, text: text, by: by, at: at, forPacker: forPacker)
    }

    public func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] {
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        let notes: [OrderNote]?
        do {
            // One read: the order and its notes as of one moment.
            notes = try await database.read { db in
                // Cached statements: every order page reads them.
                guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM orders WHERE id = ?)"), arguments: [rowID]) == true
                else {
                    return nil
                }
                return try Self.notes(ofOrder: rowID, in: db)
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the notes of order \(orderID): \($0)") }
        }
        guard let notes else { throw .notFound(id: orderID) }
        return notes
    }

    /// The statement of `notes(ofOrder:in:)`, made once (the cache's key).
    static let notesOfOrder = "SELECT \(OrderNoteColumns.selected) FROM order_notes WHERE order_id = ? ORDER BY written_at DESC, id DESC"

    /// The notes of the order with `rowID`, newest first, in the read of `db` (this store's list and
    /// the order page's read, `OrdersSQLiteStore.fetchOrderPage`). A cached statement.
    static func notes(ofOrder rowID: Int64, in db: Database) throws -> [OrderNote] {
        let statement = try db.cachedStatement(sql: notesOfOrder)
        return try Array(Row.fetchCursor(statement, arguments: [rowID]).map { try OrderNoteColumns.note(from: SQLiteRow(row: $0)) })
    }
}
