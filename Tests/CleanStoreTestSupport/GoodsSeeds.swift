import Foundation

@testable import CleanStore

/// Orders of goods for the pages after placing: Bob's order shipped to New York with two lines,
/// priced and taxed as placing prices them (`OrderTotals.priced`), and the catalog and tax table
/// it was placed from, for seeding `MemoryAppDatabase.Tables.products` and `.taxRates`.
enum GoodsSeeds {
    /// New York's 8.875 %, in force since 2007.
    static let newYork = TaxRate(id: 1, region: "NY", ratePPM: 88_750, effectiveFrom: ShopDay("2007-01-01")!)

    static let widget = Product(id: 1, sku: "WID-1", name: "Blue widget", priceCents: 1_250, createdAt: Seeds.june29)
    static let gadget = Product(
        id: 2, sku: "GAD-2", name: "Gadget & case", priceCents: 4_999, stock: Product.Stock(onHand: 10, committed: 1),
        createdAt: Seeds.june29)
    /// Sold untaxed (a book).
    static let book = Product(id: 3, sku: "BK-3", name: "Handbook", priceCents: 2_000, taxable: false, createdAt: Seeds.june29)

    /// A line of `product` as an order keeps it (`key` `l<number>`).
    static func line(_ product: Product, number: Int, quantity: Int, priceCents: Int64? = nil, reason: String? = nil) -> OrderLine {
        OrderLine(
            key: OrderLine.key(number: number), productID: product.id, sku: product.sku, name: product.name,
            catalogPriceCents: product.priceCents, unitPriceCents: priceCents, priceReason: reason, quantity: quantity,
            taxable: product.taxable)
    }

    /// Bob's order (Two-Day, $9.99 shipping) shipped to New York: 3 × WID-1 at $12.50 and 1 × GAD-2
    /// typed at $45.00 ("Damaged box"), taxed at 8.875 %: subtotal $82.50, tax $7.32, total $99.81.
    static var order: Order {
        var order = Seeds.Orders.bob
        order.shipmentAddress = Address(street1: "3 Ship Street", street2: "", city: "New York", state: "NY", zip: "10001")
        order.lines = [
            line(widget, number: 1, quantity: 3),
            line(gadget, number: 2, quantity: 1, priceCents: 4_500, reason: "Damaged box"),
        ]
        order.lines[1].stockCommitted = 1
        order.nextLineNumber = 3
        order.itemsRecorded = true
        order.totals = OrderTotals.priced(
            lines: &order.lines, shippingCents: OrderTotal.shippingCents(for: order.shipmentMethod.speed), tax: newYork.applied)
        return order
    }

    /// A memory database holding `orders`, with the catalog and New York's rate.
    static func database(orders: [Order]) async -> MemoryAppDatabase {
        let database = MemoryAppDatabase(orders: orders)
        await database.transaction { tables in
            for product in [widget, gadget, book] { tables.products[product.id!] = product }
            tables.taxRates = [newYork]
        }
        return database
    }
}
