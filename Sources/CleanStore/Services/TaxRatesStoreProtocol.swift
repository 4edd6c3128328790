import Foundation

/// Where the tax table lives. Every store (memory, SQLite, PostgreSQL) keeps the same contract,
/// checked by `TaxRatesStoreContractTests`:
/// - One rate per region, ZIP prefix and first day (`.placeTaken` otherwise).
/// - Writes are version-checked (`.conflict` with the rate as stored), and keep `TaxRateWrites`'
///   rules (`.invalid`): a state's two letters, a ZIP prefix of 0–5 digits, 0–100 %, from ≤ to.
/// - `importRates` adds or replaces by region, prefix and first day, all rows in one transaction.
/// - Orders keep the rate they were taxed with (`AppliedTax`): changing the table never re-prices one.
public protocol TaxRatesStoreProtocol: Sendable {
    /// Every rate, by region, prefix and first day.
    func fetchRates() async throws(TaxRatesStoreError) -> [TaxRate]
    /// The rates of one region (for `TaxRate.mostSpecific`).
    func fetchRates(region: String) async throws(TaxRatesStoreError) -> [TaxRate]
    func fetchRate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate?
    func createRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate
    func updateRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate
    func importRates(_ rates: [TaxRate], by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> (added: Int, updated: Int)
}

public enum TaxRatesStoreError: Error, Equatable, Sendable {
    case notFound(id: Int64)
    case placeTaken(existing: TaxRate)
    case conflict(current: TaxRate)
    /// The rate breaks `TaxRateWrites`' rules (each problem once, in `TaxRateProblem`'s order).
    case invalid([TaxRateProblem])
    case unavailable(String)

    static func from(_ error: any Error, doing what: String) -> TaxRatesStoreError {
        (error as? TaxRatesStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}
