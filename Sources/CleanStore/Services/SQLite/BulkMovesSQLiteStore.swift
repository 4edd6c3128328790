import Foundation
import GRDB

/// The bulk moves' batches in the SQLite database (`bulk_batches`, `bulk_moves`: "v29: bulk moves").
public final class BulkMovesSQLiteStore: BulkMovesStoreProtocol {
    let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    public func begin(_ batch: BulkBatch) async throws(OrdersStoreError) -> BulkMoveWrites.Begun {
        try database.checkFileIsTheOneOpened()
        let values = StatementArguments(BulkMoveColumns.values(of: batch))
        let key = batch.key
        do {
            // One write transaction: SQLite has one writer, so two begins of one key are one after the other.
            return try await database.pool.write { db in
                if let existing = try Self.batch(db, where: "batch_key = ?", [key]) { return .existing(existing) }
                try db.execute(
                    sql: "INSERT INTO bulk_batches (\(BulkMoveColumns.batchWritten)) VALUES (?, ?, ?, ?, ?, ?, ?)", arguments: values)
                var begun = batch
                begun.id = String(db.lastInsertedRowID)
                begun.moves = []
                return .begun(begun)
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot begin a bulk move: \($0)") }
        }
    }

    public func record(_ move: BulkBatch.Move, inBatch id: String) async throws(OrdersStoreError) {
        guard let batchID = OrderID.rowID(id) else { throw .notFound(id: id) }
        guard let orderID = OrderID.rowID(move.orderID) else { throw .cannotCreate("A bulk move names no order: \(move.orderID)") }
        try database.checkFileIsTheOneOpened()
        let values = BulkMoveColumns.values(of: move, orderRowID: orderID)
        do {
            try await database.pool.write { db in
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM bulk_batches WHERE id = ?)", arguments: [batchID]) == true
                else { throw OrdersStoreError.notFound(id: id) }
                let recorded = try Self.moves(db, batchID: batchID)
                guard BulkMoveWrites.keeps(move, after: recorded) else { return }
                try db.execute(
                    sql: "INSERT INTO bulk_moves (\(BulkMoveColumns.moveWritten)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: StatementArguments([.integer(Int(batchID)), .integer(recorded.count)] + values))
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot record a move of bulk move \(id): \($0)") }
        }
    }

    public func fetchBatch(id: String) async throws(OrdersStoreError) -> BulkBatch? {
        guard let batchID = OrderID.rowID(id) else { return nil }
        do {
            return try await database.read { db in try Self.batch(db, where: "id = ?", [batchID]) }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch bulk move \(id): \($0)") }
        }
    }

    /// The batch a condition finds, with its moves.
    private static func batch(_ db: Database, where condition: String, _ arguments: StatementArguments) throws -> BulkBatch? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(BulkMoveColumns.batchSelected) FROM bulk_batches WHERE \(condition)", arguments: arguments)
        else { return nil }
        var batch = try BulkMoveColumns.batch(from: SQLiteRow(row: row))
        batch.moves = try moves(db, batchID: row[0])
        return batch
    }

    private static func moves(_ db: Database, batchID: Int64) throws -> [BulkBatch.Move] {
        try Row.fetchAll(
            db, sql: "SELECT \(BulkMoveColumns.moveSelected) FROM bulk_moves WHERE batch_id = ? ORDER BY position", arguments: [batchID]
        ).map { try BulkMoveColumns.move(from: SQLiteRow(row: $0)) }
    }
}
