import Foundation

/// The catalog's and the tax table's rows as the orders' and drafts' SQL stores read them inside
/// their own transactions (placing, an items change): a store takes its database, never another
/// store (`Sources/README.md`, "Adding a table"), so these read the `products` (v14 / 13) and
/// `tax_rates` (v15 / 14) tables directly, by position. The products' and tax rates' own stores
/// write them.
enum CatalogColumns {
    static let product = """
        id, sku, name, price_cents, taxable, track_stock, on_hand, committed, allow_backorder, active, version, created_at
        """

    static func product<Row: OrderRow>(from row: Row) throws -> Product {
        let stock = try row.bool(5)
            ? Product.Stock(onHand: try row.int64(6), committed: try row.int64(7), allowBackorder: try row.bool(8)) : nil
        return Product(
            id: try row.int64(0), sku: try row.text(1), name: try row.text(2), priceCents: try row.int64(3), taxable: try row.bool(4),
            stock: stock, active: try row.bool(9), version: try row.int(10), createdAt: Date(timeIntervalSince1970: try row.double(11)))
    }

    static let taxRate = "id, region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to, version"

    static func taxRate<Row: OrderRow>(from row: Row) throws -> TaxRate {
        guard let from = ShopDay(try row.text(6)) else { throw OrdersStoreError.cannotFetch("A tax rate's first day is no day") }
        return TaxRate(
            id: try row.int64(0), region: try row.text(1), postalPrefix: try row.text(2), ratePPM: try row.int64(3),
            collect: try row.bool(4), shippingTaxable: try row.bool(5), effectiveFrom: from,
            effectiveTo: try row.optionalText(7).flatMap(ShopDay.init), version: try row.int(8))
    }
}
