import Foundation
import Logging

/// The tax table as the scenes use it: the rate an address is taxed at on a day (the most
/// specific in force, `TaxRate.mostSpecific`), and the table itself for the page that shows and
/// changes it. Store failures are timed and logged as `OrderNotesWorker`'s are. Not final: tests
/// subclass it into a spy.
class TaxRatesWorker {
    let taxRatesStore: any TaxRatesStoreProtocol
    let logger: Logger
    /// The clock: when a rate is changed.
    let now: @Sendable () -> Date

    init(
        taxRatesStore: any TaxRatesStoreProtocol, logger: Logger = Logger(label: "cleanstore"),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.taxRatesStore = taxRatesStore
        self.logger = logger
        self.now = now
    }

    /// The rate `address` is taxed at on `day`: of its state's rates, the most specific in force;
    /// nil when none applies (placing is then refused, never taxed at 0).
    func rate(for address: Address, on day: ShopDay) async throws(TaxRatesStoreError) -> TaxRate? {
        let region = address.state.trimmingCharacters(in: .whitespaces).uppercased()
        let rates = try await measured("fetch_tax_rates") { () async throws(TaxRatesStoreError) in
            try await taxRatesStore.fetchRates(region: region)
        }
        return TaxRate.mostSpecific(in: rates, region: region, postalCode: address.zip.trimmingCharacters(in: .whitespaces), on: day)
    }

    func rates() async throws(TaxRatesStoreError) -> [TaxRate] {
        try await measured("fetch_tax_rates") { () async throws(TaxRatesStoreError) in try await taxRatesStore.fetchRates() }
    }

    func rate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate? {
        try await measured("fetch_tax_rate") { () async throws(TaxRatesStoreError) in try await taxRatesStore.fetchRate(id: id) }
    }

    func createRate(_ rate: TaxRate, by: AccountName?) async throws(TaxRatesStoreError) -> TaxRate {
        try await measured("create_tax_rate") { () async throws(TaxRatesStoreError) in
            try await taxRatesStore.createRate(rate, by: by, at: now())
        }
    }

    func updateRate(_ rate: TaxRate, by: AccountName?) async throws(TaxRatesStoreError) -> TaxRate {
        try await measured("update_tax_rate") { () async throws(TaxRatesStoreError) in
            try await taxRatesStore.updateRate(rate, by: by, at: now())
        }
    }

    /// A store call, timed; a failure of the store itself is logged at error level (a refusal of
    /// the rules, a conflict or an unknown rate is an answer, not a failure).
    private func measured<T>(_ operation: String, _ call: () async throws(TaxRatesStoreError) -> T) async throws(TaxRatesStoreError) -> T {
        let start = ContinuousClock.now
        AppMetrics.storeCallStarted()
        defer { AppMetrics.storeCallEnded() }
        do {
            let value = try await call()
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: false)
            return value
        } catch {
            var failed = false
            if case .unavailable = error { failed = true }
            if failed { logger.error("Store failed", metadata: ["error": "\(error)"]) }
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: failed)
            throw error
        }
    }
}
