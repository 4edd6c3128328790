import Foundation
import Logging

/// The bulk moves' batches, as the scene uses them (`BulkMovesStoreProtocol`): begun once per key,
/// each order's outcome recorded as it is known, read again for the result page. A store that fails
/// is logged here. Not final: tests subclass it into a spy.
class BulkMoveOrdersWorker {
    let store: any BulkMovesStoreProtocol
    let logger: Logger
    let now: @Sendable () -> Date

    init(store: any BulkMovesStoreProtocol, logger: Logger = Logger(label: "cleanstore"), now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.logger = logger
        self.now = now
    }

    /// Begins a batch of `selected` orders moved by `action` under `key`, by `by`, now.
    func begin(key: String, action: OrderStatus.Action, carrier: String?, selected: Int, by: AccountName?) async throws(OrdersStoreError)
        -> BulkMoveWrites.Begun
    {
        try await logged {  () async throws(OrdersStoreError) in
            try await store.begin(BulkBatch(key: key, action: action, carrier: carrier, by: by, at: now(), selected: selected))
        }
    }

    func record(_ move: BulkBatch.Move, inBatch id: String) async throws(OrdersStoreError) {
        try await logged { () async throws(OrdersStoreError) in try await store.record(move, inBatch: id) }
    }

    func fetchBatch(id: String) async throws(OrdersStoreError) -> BulkBatch? {
        try await logged { () async throws(OrdersStoreError) in try await store.fetchBatch(id: id) }
    }

    private func logged<T>(_ call: () async throws(OrdersStoreError) -> T) async throws(OrdersStoreError) -> T {
        do {
            return try await call()
        } catch {
            if case .notFound = error {} else { logger.error("Bulk moves' store failed", metadata: ["error": "\(error)"]) }
            throw error
        }
    }
}
