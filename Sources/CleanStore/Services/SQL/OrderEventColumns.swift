import Foundation

/// The `order_events` table as both SQL stores write and read it. An update's changes are one JSON
/// array (`[{"field":…,"old":…,"new":…}]`): an event is written once and read whole, never queried
/// by field. A status change's from, to and reason are columns of their own (NULL for every other
/// event), the statuses by their raw values, the bulk move's batch when it was one (`status_batch`). No foreign key to `orders`: the history outlives the
/// order.
enum OrderEventColumns {
    static let selected = "order_id, kind, happened_at, by_username, by_display_name, changes, status_from, status_to, status_reason, status_batch"
    static let written = selected

    /// The values of `written` for `event`, in order.
    static func values(of event: OrderEvent, rowID: Int64) throws -> [OrderColumns.Value] {
        let changes = String(decoding: try encoder.encode(event.changes), as: UTF8.self)
        return [
            .integer(Int(rowID)), .text(event.kind.rawValue), .real(event.at.timeIntervalSince1970),
            event.by.map { .text($0.username) } ?? .null, event.by.map { .text($0.displayName) } ?? .null, .text(changes),
            event.statusChange.map { .text($0.from.rawValue) } ?? .null, event.statusChange.map { .text($0.to.rawValue) } ?? .null,
            event.statusChange?.reason.map { .text($0) } ?? .null, event.statusChange?.batch.map { .text($0) } ?? .null,
        ]
    }

    /// The event in a row of `selected`.
    static func event<Row: OrderRow>(from row: Row) throws -> OrderEvent {
        let kind = try row.text(1)
        guard let known = OrderEvent.Kind(rawValue: kind) else {
            throw OrdersStoreError.cannotFetch("Unknown kind of order event: \(kind)")
        }
        var statusChange: OrderEvent.StatusChange?
        if let from = try row.optionalText(6), let to = try row.optionalText(7) {
            statusChange = OrderEvent.StatusChange(
                from: try OrderColumns.status(from), to: try OrderColumns.status(to), reason: try row.optionalText(8),
                batch: try row.optionalText(9))
        }
        return OrderEvent(
            orderID: String(try row.int64(0)), kind: known, by: try OrderColumns.accountName(row, 3),
            at: Date(timeIntervalSince1970: try row.double(2)),
            changes: try JSONDecoder().decode([OrderChange].self, from: Data(try row.text(5).utf8)),
            statusChange: statusChange)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
