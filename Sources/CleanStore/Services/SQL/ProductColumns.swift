import Foundation

/// The `products` and `product_events` tables (SQLite v14, PostgreSQL 13) as both SQL stores read
/// them. Booleans are selected as integers (`CAST(… AS INTEGER)`: SQLite keeps 0 and 1, PostgreSQL
/// booleans), so one mapping reads both; each store writes in its own dialect. An event's changes
/// are one JSON array, as an order event's (`OrderEventColumns`).
enum ProductColumns {
    static let selected = """
        id, sku, name, price_cents, CAST(taxable AS INTEGER), CAST(track_stock AS INTEGER), on_hand, committed, \
        CAST(allow_backorder AS INTEGER), CAST(active AS INTEGER), version, created_at, created_by_username, \
        created_by_display_name, updated_at, updated_by_username, updated_by_display_name
        """

    /// The product in a row of `selected`.
    static func product<Row: OrderRow>(from row: Row) throws -> Product {
        let stock: Product.Stock? =
            try row.int(5) != 0
            ? Product.Stock(onHand: try row.int64(6), committed: try row.int64(7), allowBackorder: try row.int(8) != 0) : nil
        return Product(
            id: try row.int64(0), sku: try row.text(1), name: try row.text(2), priceCents: try row.int64(3),
            taxable: try row.int(4) != 0, stock: stock, active: try row.int(9) != 0, version: try row.int(10),
            createdAt: Date(timeIntervalSince1970: try row.double(11)), createdBy: try OrderColumns.accountName(row, 12),
            updatedAt: try row.optionalDouble(14).map(Date.init(timeIntervalSince1970:)),
            updatedBy: try OrderColumns.accountName(row, 15))
    }

    static let eventSelected = "product_id, kind, happened_at, by_username, by_display_name, changes"
    static let eventWritten = eventSelected

    /// The JSON of an event's changes.
    static func changesJSON(_ event: ProductEvent) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(event.changes), as: UTF8.self)
    }

    /// The event in a row of `eventSelected`.
    static func event<Row: OrderRow>(from row: Row) throws -> ProductEvent {
        let kind = try row.text(1)
        guard let known = ProductEvent.Kind(rawValue: kind) else {
            throw ProductsStoreError.unavailable("Unknown kind of product event: \(kind)")
        }
        return ProductEvent(
            productID: try row.int64(0), kind: known, by: try OrderColumns.accountName(row, 3),
            at: Date(timeIntervalSince1970: try row.double(2)),
            changes: try JSONDecoder().decode([OrderChange].self, from: Data(try row.text(5).utf8)))
    }

    /// `search_text` matching every word (`ProductSearch`): `instr` in SQLite, `strpos` in
    /// PostgreSQL (a plain substring, so no `LIKE` wildcard needs escaping); `placeholder` gives
    /// the n-th parameter's text.
    static func searchCondition(words: Int, function: String, placeholder: (Int) -> String) -> String {
        (0..<words).map { "\(function)(search_text, \(placeholder($0))) > 0" }.joined(separator: " AND ")
    }
}
