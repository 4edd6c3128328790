import Foundation

/// The bulk moves' batches in memory, on a `MemoryAppDatabase` beside the orders they moved.
public final class BulkMovesMemStore: BulkMovesStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    public func begin(_ batch: BulkBatch) async -> BulkMoveWrites.Begun {
        await database.transaction { tables in
            if let existing = tables.bulkBatches.values.first(where: { $0.key == batch.key }) { return .existing(existing) }
            tables.lastBulkBatchID += 1
            var begun = batch
            begun.id = String(tables.lastBulkBatchID)
            begun.moves = []
            tables.bulkBatches[tables.lastBulkBatchID] = begun
            return .begun(begun)
        }
    }

    public func record(_ move: BulkBatch.Move, inBatch id: String) async throws(OrdersStoreError) {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let rowID = OrderID.rowID(id), var batch = tables.bulkBatches[rowID] else { throw .notFound(id: id) }
            guard BulkMoveWrites.keeps(move, after: batch.moves) else { return }
            batch.moves.append(move)
            tables.bulkBatches[rowID] = batch
        }
    }

    public func fetchBatch(id: String) async -> BulkBatch? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        return await database.read { $0.bulkBatches[rowID] }
    }
}
