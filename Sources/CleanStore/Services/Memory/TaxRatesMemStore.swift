import Foundation

/// The tax table in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`. Each
/// write is one transaction of the database, deciding through `TaxRateWrites`.
public final class TaxRatesMemStore: TaxRatesStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    /// A store on a database of its own (tests).
    public convenience init() {
        self.init(database: MemoryAppDatabase())
    }

    static func sorted(_ rates: [TaxRate]) -> [TaxRate] {
        rates.sorted {
            ($0.region, $0.postalPrefix, $0.effectiveFrom.text) < ($1.region, $1.postalPrefix, $1.effectiveFrom.text)
        }
    }

    static func atPlace(of rate: TaxRate, in rates: [TaxRate]) -> TaxRate? {
        rates.first { $0.region == rate.region && $0.postalPrefix == rate.postalPrefix && $0.effectiveFrom == rate.effectiveFrom }
    }

    public func fetchRates() async -> [TaxRate] {
        await database.read { Self.sorted($0.taxRates) }
    }

    public func fetchRates(region: String) async -> [TaxRate] {
        await database.read { Self.sorted($0.taxRates.filter { $0.region == region }) }
    }

    public func fetchRate(id: Int64) async -> TaxRate? {
        await database.read { $0.taxRates.first { $0.id == id } }
    }

    public func createRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        try await database.transaction { tables throws(TaxRatesStoreError) in
            var created = try TaxRateWrites.created(rate, atPlace: Self.atPlace(of: rate, in: tables.taxRates))
            tables.lastTaxRateID += 1
            created.id = tables.lastTaxRateID
            tables.taxRates.append(created)
            return created
        }
    }

    public func updateRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        guard let id = rate.id else { throw .notFound(id: 0) }
        return try await database.transaction { tables throws(TaxRatesStoreError) in
            guard let index = tables.taxRates.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let saved = try TaxRateWrites.updated(rate, of: tables.taxRates[index], atPlace: Self.atPlace(of: rate, in: tables.taxRates))
            tables.taxRates[index] = saved
            return saved
        }
    }

    /// Every row decided before any is written (a memory transaction cannot roll back): a refused
    /// row leaves the table as it was.
    public func importRates(_ rates: [TaxRate], by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> (added: Int, updated: Int) {
        try await database.transaction { tables throws(TaxRatesStoreError) in
            var table = tables.taxRates
            var lastID = tables.lastTaxRateID
            var counts = (added: 0, updated: 0)
            for rate in rates {
                switch try TaxRateWrites.imported(rate, atPlace: Self.atPlace(of: rate, in: table)) {
                case .add(var added):
                    lastID += 1
                    added.id = lastID
                    table.append(added)
                    counts.added += 1
                case .replace(let replaced):
                    guard let index = table.firstIndex(where: { $0.id == replaced.id }) else { continue }
                    table[index] = replaced
                    counts.updated += 1
                case .same:
                    break
                }
            }
            tables.taxRates = table
            tables.lastTaxRateID = lastID
            return counts
        }
    }
}
