import Foundation

/// The bulk moves' batches (`BulkBatch`), in the orders database. Every store keeps the same
/// contract, checked by one suite (`BulkMovesStoreContractTests`), its rules decided by
/// `BulkMoveWrites`:
/// - `begin` keeps a new batch (its moves none yet) under its key and answers it with its id (ids
///   grow); a key begun already, by anyone, is `.existing` with that batch as stored, and nothing
///   is written (a replayed form moves nothing more; two at once: one begins);
/// - `record` adds one order's outcome to a batch, after those recorded before; a second outcome for
///   the same order in the same batch is ignored (the first stands); `.notFound` for no such batch;
/// - `fetchBatch` reads a batch with its moves in the order recorded; nil for an id never used.
public protocol BulkMovesStoreProtocol: Sendable {
    func begin(_ batch: BulkBatch) async throws(OrdersStoreError) -> BulkMoveWrites.Begun
    func record(_ move: BulkBatch.Move, inBatch id: String) async throws(OrdersStoreError)
    func fetchBatch(id: String) async throws(OrdersStoreError) -> BulkBatch?
}

/// The rules of a bulk move, decided once in plain Swift: what every store keeps, and what became
/// of an order from what its store answered.
public enum BulkMoveWrites {
    /// At most one page of the list (`ListOrdersInteractor.pageSize`) per action.
    public static let maximumOrders = 50

    /// What `begin` did.
    public enum Begun: Equatable, Sendable {
        /// A new batch, as stored (with its id).
        case begun(BulkBatch)
        /// The key was begun already: that batch, as stored now; nothing was written.
        case existing(BulkBatch)
    }

    /// Whether `move` is kept after `recorded` (the batch's moves so far): one outcome per order,
    /// the first.
    public static func keeps(_ move: BulkBatch.Move, after recorded: [BulkBatch.Move]) -> Bool {
        !recorded.contains { $0.orderID == move.orderID }
    }

    /// The move to `action`'s status that an order's store answered `result` to: moved, or why
    /// not. A conflict that finds the order at the status already is done (a second click, another
    /// clerk's batch); another conflict says who changed it; a read-only order or a status the
    /// rules do not lead from is not allowed; an order gone is deleted; anything else failed.
    public static func outcome(of result: Result<Order, OrdersStoreError>, to action: OrderStatus.Action) -> BulkBatch.Outcome {
        switch result {
        case .success:
            return .moved
        case .failure(.conflict(let current)):
            return current.status == action.status ? .alreadyThere : .changed(by: current.updatedBy, now: current.status)
        case .failure(.statusNotAllowed(let current, _)), .failure(.readOnly(let current)):
            return current.status == action.status ? .alreadyThere : .notAllowed(from: current.status)
        case .failure(.notFound):
            return .deleted
        case .failure:
            return .failed
        }
    }
}
