import Foundation

/// The columns of `tax_rates` (SQLite v15, PostgreSQL 14) both SQL stores read and write, and a
/// rate made from a row's values, whichever dialect read them.
enum TaxRateColumns {
    /// Read in this order by `rate(…)`.
    static let selected = "id, region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to, version"

    /// A rate from a row's values; `.unavailable` for a day that is no day (a row written by hand).
    static func rate(
        id: Int64, region: String, postalPrefix: String, ratePPM: Int64, collect: Bool, shippingTaxable: Bool, effectiveFrom: String,
        effectiveTo: String?, version: Int
    ) throws(TaxRatesStoreError) -> TaxRate {
        guard let from = ShopDay(effectiveFrom) else { throw .unavailable("Tax rate \(id) has no first day: \(effectiveFrom)") }
        var to: ShopDay?
        if let effectiveTo {
            guard let last = ShopDay(effectiveTo) else { throw .unavailable("Tax rate \(id) has no last day: \(effectiveTo)") }
            to = last
        }
        return TaxRate(
            id: id, region: region, postalPrefix: postalPrefix, ratePPM: ratePPM, collect: collect, shippingTaxable: shippingTaxable,
            effectiveFrom: from, effectiveTo: to, version: version)
    }

    /// The order every list of rates is in: by region, prefix and first day (by code point).
    static let order = "region, postal_prefix, effective_from"
}
