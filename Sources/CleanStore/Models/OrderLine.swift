import Foundation

/// One line of a draft or an order: what was ordered, at what price. It keeps the SKU, name and
/// catalog price the product had when the line was added (a later change to the catalog never
/// rewrites it); a price typed instead of the catalog's needs a reason, and both prices are kept.
/// Changing the quantity never changes the price.
public struct OrderLine: Equatable, Sendable {
    /// The line's name in forms, `l7`: letters first, so that Hummingbird's form decoder reads
    /// `line[l7][quantity]` as a key, never as an array index (hummingbird issue 545). Unique
    /// within its draft or order, never reused there.
    public var key: String
    /// The catalog's product (nil if it is gone from the catalog: a line is never lost with it).
    public var productID: Int64?
    public var sku: String
    public var name: String
    /// The catalog's price when the line was added.
    public var catalogPriceCents: Int64
    /// The price charged: the catalog's, or one typed with `priceReason`.
    public var unitPriceCents: Int64
    /// Why `unitPriceCents` is not the catalog's (nil when it is).
    public var priceReason: String?
    public var quantity: Int
    public var taxable: Bool
    /// The line's share of the order's tax (`TaxCalculation`): 0 until priced at placing.
    public var taxCents: Int64
    /// What placing committed of the product's stock for this line (0 when its stock is not
    /// tracked, and on drafts): shipping takes it off hand, cancelling releases it.
    public var stockCommitted: Int64 = 0

    public static let quantities = 1...9_999
    public static let mostLines = 100

    public init(
        key: String, productID: Int64?, sku: String, name: String, catalogPriceCents: Int64, unitPriceCents: Int64? = nil,
        priceReason: String? = nil, quantity: Int, taxable: Bool, taxCents: Int64 = 0
    ) {
        self.key = key
        self.productID = productID
        self.sku = sku
        self.name = name
        self.catalogPriceCents = catalogPriceCents
        self.unitPriceCents = unitPriceCents ?? catalogPriceCents
        self.priceReason = priceReason
        self.quantity = quantity
        self.taxable = taxable
        self.taxCents = taxCents
    }

    /// Unit price × quantity.
    public var amountCents: Int64 { unitPriceCents * Int64(quantity) }

    /// The key of the `number`th line of a draft or order: `l1`, `l2`, …
    public static func key(number: Int) -> String { "l\(number)" }
}

/// What an order or a draft adds up to, in cents: lines, shipping, tax, total, and the rate.
public struct OrderTotals: Equatable, Sendable {
    public var subtotalCents: Int64
    public var shippingCents: Int64
    public var taxCents: Int64
    /// The rate the tax was computed with (nil: no rate known yet, or an order keyed before lines).
    public var tax: AppliedTax?
    public var totalCents: Int64 { subtotalCents + shippingCents + taxCents }

    public init(subtotalCents: Int64, shippingCents: Int64, taxCents: Int64, tax: AppliedTax?) {
        self.subtotalCents = subtotalCents
        self.shippingCents = shippingCents
        self.taxCents = taxCents
        self.tax = tax
    }

    /// The totals of `lines` shipped at `shippingCents` and taxed at `tax` (untaxed when nil),
    /// with each line's share of the tax written into it.
    public static func priced(lines: inout [OrderLine], shippingCents: Int64, tax: AppliedTax?) -> OrderTotals {
        let subtotal = lines.reduce(0) { $0 + $1.amountCents }
        guard let tax else {
            for index in lines.indices { lines[index].taxCents = 0 }
            return OrderTotals(subtotalCents: subtotal, shippingCents: shippingCents, taxCents: 0, tax: nil)
        }
        let result = TaxCalculation.compute(
            lines: lines.map { ($0.amountCents, $0.taxable) }, shippingCents: shippingCents, tax: tax)
        for index in lines.indices { lines[index].taxCents = result.lineTaxCents[index] }
        return OrderTotals(subtotalCents: subtotal, shippingCents: shippingCents, taxCents: result.taxCents, tax: tax)
    }
}
