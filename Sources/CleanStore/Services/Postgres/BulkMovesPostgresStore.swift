import Foundation
import Logging
import PostgresNIO

/// The bulk moves' batches in the PostgreSQL database (`bulk_batches`, `bulk_moves`: migration 28):
/// every instance sees the same, so a form replayed through another instance finds its batch.
public final class BulkMovesPostgresStore: BulkMovesStoreProtocol {
    let database: PostgresAppDatabase

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    public func begin(_ batch: BulkBatch) async throws(OrdersStoreError) -> BulkMoveWrites.Begun {
        do {
            var binds = PostgresBindings()
            try PostgresValues.append(BulkMoveColumns.values(of: batch), to: &binds)
            // The key's unique index decides between two begins at once: one inserts, the other
            // finds no row returned and reads the batch the first one began.
            let insert = PostgresQuery(
                unsafeSQL: """
                    INSERT INTO bulk_batches (\(BulkMoveColumns.batchWritten)) VALUES ($1, $2, $3, $4, $5, $6, $7)
                    ON CONFLICT (batch_key) DO NOTHING RETURNING id
                    """, binds: binds)
            let logger = database.logger
            return try await database.client.withTransaction(logger: logger) { connection in
                var id: Int64?
                for try await inserted in try await connection.query(insert, logger: logger).decode(Int64.self) { id = inserted }
                if let id {
                    var begun = batch
                    begun.id = String(id)
                    begun.moves = []
                    return .begun(begun)
                }
                let select: PostgresQuery = "SELECT \(unescaped: BulkMoveColumns.batchSelected) FROM bulk_batches WHERE batch_key = \(batch.key)"
                guard let existing = try await Self.batch(select, on: connection, logger: logger) else {
                    throw OrdersStoreError.cannotCreate("A bulk move's key is taken by no batch")
                }
                return .existing(existing)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot begin a bulk move: \(String(reflecting: $0))") }
        }
    }

    public func record(_ move: BulkBatch.Move, inBatch id: String) async throws(OrdersStoreError) {
        guard let batchID = OrderID.rowID(id) else { throw .notFound(id: id) }
        guard let orderID = OrderID.rowID(move.orderID) else { throw .cannotCreate("A bulk move names no order: \(move.orderID)") }
        do {
            let logger = database.logger
            try await database.client.withTransaction(logger: logger) { connection in
                // The batch's row is locked until the move is in: two records of one batch are one after the other.
                var found = false
                for try await _ in try await connection.query("SELECT id FROM bulk_batches WHERE id = \(batchID) FOR UPDATE", logger: logger) {
                    found = true
                }
                guard found else { throw OrdersStoreError.notFound(id: id) }
                let recorded = try await Self.moves(batchID, on: connection, logger: logger)
                guard BulkMoveWrites.keeps(move, after: recorded) else { return }
                var binds = PostgresBindings()
                try PostgresValues.append(
                    [.integer(Int(batchID)), .integer(recorded.count)] + BulkMoveColumns.values(of: move, orderRowID: orderID), to: &binds)
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO bulk_moves (\(BulkMoveColumns.moveWritten)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                        binds: binds), logger: logger)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot record a move of bulk move \(id): \(String(reflecting: $0))") }
        }
    }

    public func fetchBatch(id: String) async throws(OrdersStoreError) -> BulkBatch? {
        guard let batchID = OrderID.rowID(id) else { return nil }
        do {
            let logger = database.logger
            return try await database.client.withConnection { connection in
                try await Self.batch(
                    "SELECT \(unescaped: BulkMoveColumns.batchSelected) FROM bulk_batches WHERE id = \(batchID)", on: connection, logger: logger)
            }
        } catch {
            throw .from(unwrapping: error) { .cannotFetch("Cannot fetch bulk move \(id): \(String(reflecting: $0))") }
        }
    }

    /// The batch `select` finds, with its moves.
    private static func batch(_ select: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> BulkBatch? {
        var found: BulkBatch?
        for try await row in try await connection.query(select, logger: logger) {
            found = try BulkMoveColumns.batch(from: PostgresOrderRow(row: row.makeRandomAccess()))
        }
        guard var batch = found, let id = batch.id.flatMap(OrderID.rowID) else { return nil }
        batch.moves = try await moves(id, on: connection, logger: logger)
        return batch
    }

    private static func moves(_ batchID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> [BulkBatch.Move] {
        var moves: [BulkBatch.Move] = []
        let rows = try await connection.query(
            "SELECT \(unescaped: BulkMoveColumns.moveSelected) FROM bulk_moves WHERE batch_id = \(batchID) ORDER BY position", logger: logger)
        for try await row in rows {
            moves.append(try BulkMoveColumns.move(from: PostgresOrderRow(row: row.makeRandomAccess())))
        }
        return moves
    }
}
