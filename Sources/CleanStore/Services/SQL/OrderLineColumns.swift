import Foundation

/// The `order_lines` and `draft_lines` tables as both SQL stores read and write them: the same
/// columns, in the same order, read by position (as `OrderColumns`). A draft's lines have no tax
/// share and commit no stock (`draft_lines` has neither column).
enum OrderLineColumns {
    /// The columns both tables share, after the owner's id.
    static let shared = "line_key, position, product_id, sku, name, catalog_price_cents, unit_price_cents, price_reason, quantity, taxable"
    /// An order's line: the shared columns, its tax share and the stock it committed.
    static let ofOrder = shared + ", tax_cents, stock_committed"
    static let ofDraft = shared

    /// The values of `line`, the `position`th of its order or draft, in `ofOrder`'s (or, without
    /// the last two, `ofDraft`'s) order.
    static func values(of line: OrderLine, position: Int, ofOrder: Bool) -> [OrderColumns.Value] {
        let values: [OrderColumns.Value] = [
            .text(line.key), .integer(position), line.productID.map { .integer(Int($0)) } ?? .null, .text(line.sku), .text(line.name),
            .integer(Int(line.catalogPriceCents)), .integer(Int(line.unitPriceCents)), line.priceReason.map { .text($0) } ?? .null,
            .integer(line.quantity), .bool(line.taxable),
        ]
        return ofOrder ? values + [.integer(Int(line.taxCents)), .integer(Int(line.stockCommitted))] : values
    }

    /// The line in a row of `ofOrder` (or `ofDraft`) columns starting at `index`.
    static func line<Row: OrderRow>(from row: Row, at index: Int = 0, ofOrder: Bool) throws -> OrderLine {
        var line = OrderLine(
            key: try row.text(index), productID: try row.optionalInt64(index + 2), sku: try row.text(index + 3),
            name: try row.text(index + 4), catalogPriceCents: try row.int64(index + 5), unitPriceCents: try row.int64(index + 6),
            priceReason: try row.optionalText(index + 7), quantity: try row.int(index + 8), taxable: try row.bool(index + 9))
        if ofOrder {
            line.taxCents = try row.int64(index + 10)
            line.stockCommitted = try row.int64(index + 11)
        }
        return line
    }

    /// The conditional update that moves a product's stock by `committed` and `onHand`, with its
    /// arguments, in `dialect`'s placeholders: more committed only while the product's stock is
    /// tracked and enough is available (or backorders are allowed), so that no row matched is a
    /// shortage; a release or a shipment never takes `committed` below 0. One statement, never
    /// read-then-write: two placings of the last unit cannot both commit it.
    static func stockMove(_ move: OrderLineWrites.StockMove, postgres: Bool) -> (sql: String, arguments: [OrderColumns.Value]) {
        let (greatest, tracked, backorder) = postgres ? ("GREATEST", "track_stock", "allow_backorder") : ("max", "track_stock = 1", "allow_backorder = 1")
        let p = postgres ? ["$1", "$2", "$3"] : ["?1", "?2", "?3"]
        let sql = """
            UPDATE products SET committed = \(greatest)(committed + \(p[0]), 0), on_hand = on_hand + \(p[1])
            WHERE id = \(p[2]) AND (\(p[0]) <= 0 OR (\(tracked) AND (\(backorder) OR on_hand - committed >= \(p[0]))))
            """
        return (sql, [.integer(Int(move.committed)), .integer(Int(move.onHand)), .integer(Int(move.productID))])
    }

    /// Why an items change is refused when `product`'s conditional update matched no row (another
    /// placing took the stock since it was read).
    static func shortageReason(_ product: Product?) -> String {
        "Not enough \(product?.sku ?? "of an item") in stock"
    }
}
