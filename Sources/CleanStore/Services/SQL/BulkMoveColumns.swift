import Foundation

/// The `bulk_batches` and `bulk_moves` tables as both SQL stores write and read them. A move's
/// outcome is a word (`outcome`), with the status it found (`status`: the one it could not leave, or
/// the one someone moved it to) and who changed it (`changed_by_…`), NULL where the outcome has none.
/// No foreign key from a move to `orders`: the batch outlives an order deleted since.
enum BulkMoveColumns {
    static let batchSelected = "id, batch_key, action, carrier, by_username, by_display_name, happened_at, selected"
    static let batchWritten = "batch_key, action, carrier, by_username, by_display_name, happened_at, selected"
    static let moveSelected = "order_id, customer, outcome, status, changed_by_username, changed_by_display_name"
    static let moveWritten = "batch_id, position, " + moveSelected

    /// The values of `batchWritten` for `batch`, in order.
    static func values(of batch: BulkBatch) -> [OrderColumns.Value] {
        [
            .text(batch.key), .text(batch.action.rawValue), batch.carrier.map { .text($0) } ?? .null,
            batch.by.map { .text($0.username) } ?? .null, batch.by.map { .text($0.displayName) } ?? .null,
            .real(batch.at.timeIntervalSince1970), .integer(batch.selected),
        ]
    }

    /// The values of `moveSelected` for `move` (the batch and position are the store's).
    static func values(of move: BulkBatch.Move, orderRowID: Int64) -> [OrderColumns.Value] {
        let (outcome, status, by): (String, OrderStatus?, AccountName?) =
            switch move.outcome {
            case .moved: ("moved", nil, nil)
            case .alreadyThere: ("already_there", nil, nil)
            case .notAllowed(let from): ("not_allowed", from, nil)
            case .changed(let by, let now): ("changed", now, by)
            case .deleted: ("deleted", nil, nil)
            case .failed: ("failed", nil, nil)
            }
        return [
            .integer(Int(orderRowID)), .text(move.customer), .text(outcome), status.map { .text($0.rawValue) } ?? .null,
            by.map { .text($0.username) } ?? .null, by.map { .text($0.displayName) } ?? .null,
        ]
    }

    /// The batch in a row of `batchSelected` (its moves none: read apart).
    static func batch<Row: OrderRow>(from row: Row) throws -> BulkBatch {
        let action = try row.text(2)
        guard let known = OrderStatus.Action(rawValue: action) else {
            throw OrdersStoreError.cannotFetch("Unknown action of a bulk move: \(action)")
        }
        return BulkBatch(
            id: String(try row.int64(0)), key: try row.text(1), action: known, carrier: try row.optionalText(3),
            by: try OrderColumns.accountName(row, 4), at: Date(timeIntervalSince1970: try row.double(6)), selected: try row.int(7))
    }

    /// The move in a row of `moveSelected`.
    static func move<Row: OrderRow>(from row: Row) throws -> BulkBatch.Move {
        let status = try row.optionalText(3).map { raw throws in try OrderColumns.status(raw) }
        let outcome: BulkBatch.Outcome
        switch (try row.text(2), status) {
        case ("moved", _): outcome = .moved
        case ("already_there", _): outcome = .alreadyThere
        case ("not_allowed", .some(let from)): outcome = .notAllowed(from: from)
        case ("changed", .some(let now)): outcome = .changed(by: try OrderColumns.accountName(row, 4), now: now)
        case ("deleted", _): outcome = .deleted
        case ("failed", _): outcome = .failed
        case (let word, _): throw OrdersStoreError.cannotFetch("Unknown outcome of a bulk move: \(word)")
        }
        return BulkBatch.Move(orderID: String(try row.int64(0)), customer: try row.text(1), outcome: outcome)
    }
}
