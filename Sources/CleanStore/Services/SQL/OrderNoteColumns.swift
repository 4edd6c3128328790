import Foundation

/// The `order_notes` table as both SQL stores write and read it. Its foreign key deletes an order's
/// notes with the order.
enum OrderNoteColumns {
    static let selected = "id, order_id, text, written_at, by_username, by_display_name, for_packer"
    static let written = "order_id, text, written_at, by_username, by_display_name, for_packer"

    /// The values of `written` for a note of the order `rowID`, in order.
    static func values(orderID rowID: Int64, text: String, forPacker: Bool = false, by: AccountName?, at: Date) -> [OrderColumns.Value] {
        [
            .integer(Int(rowID)), .text(text), .real(at.timeIntervalSince1970),
            by.map { .text($0.username) } ?? .null, by.map { .text($0.displayName) } ?? .null, .bool(forPacker),
        ]
    }

    /// The note in a row whose values are the `selected` columns from `index` on.
    static func note<Row: OrderRow>(from row: Row, at index: Int = 0) throws -> OrderNote {
        OrderNote(
            id: String(try row.int64(index)), orderID: String(try row.int64(index + 1)), text: try row.text(index + 2),
            by: try OrderColumns.accountName(row, index + 4), at: Date(timeIntervalSince1970: try row.double(index + 3)),
            forPacker: try row.bool(index + 6))
    }
}
