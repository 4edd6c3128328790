import Foundation
import GRDB

/// The tax table in the SQLite database (`tax_rates`, migration v15). Each write is one write
/// transaction (SQLite's writes are one at a time): the rows it concerns are read, `TaxRateWrites`
/// decides, and the decision is executed; the unique index on the place is the second lock.
public final class TaxRatesSQLiteStore: TaxRatesStoreProtocol {
    let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    static func rate(_ row: Row) throws -> TaxRate {
        try TaxRateColumns.rate(
            id: row[0], region: row[1], postalPrefix: row[2], ratePPM: row[3], collect: row[4], shippingTaxable: row[5],
            effectiveFrom: row[6], effectiveTo: row[7], version: row[8])
    }

    private func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(TaxRatesStoreError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(TaxRatesStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    public func fetchRates() async throws(TaxRatesStoreError) -> [TaxRate] {
        try await read("Cannot list the tax rates") { db in
            try Row.fetchAll(db, sql: "SELECT \(TaxRateColumns.selected) FROM tax_rates ORDER BY \(TaxRateColumns.order)").map(Self.rate)
        }
    }

    public func fetchRates(region: String) async throws(TaxRatesStoreError) -> [TaxRate] {
        try await read("Cannot list the tax rates of \(region)") { db in
            try Row.fetchAll(
                db.cachedStatement(sql: "SELECT \(TaxRateColumns.selected) FROM tax_rates WHERE region = ? ORDER BY \(TaxRateColumns.order)"),
                arguments: [region]
            ).map(Self.rate)
        }
    }

    public func fetchRate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate? {
        try await read("Cannot fetch tax rate \(id)") { db in try Self.fetch(id: id, in: db) }
    }

    static func fetch(id: Int64, in db: Database) throws -> TaxRate? {
        try Row.fetchOne(db, sql: "SELECT \(TaxRateColumns.selected) FROM tax_rates WHERE id = ?", arguments: [id]).map(rate)
    }

    static func atPlace(of rate: TaxRate, in db: Database) throws -> TaxRate? {
        try Row.fetchOne(
            db, sql: "SELECT \(TaxRateColumns.selected) FROM tax_rates WHERE region = ? AND postal_prefix = ? AND effective_from = ?",
            arguments: [rate.region, rate.postalPrefix, rate.effectiveFrom.text]
        ).map(Self.rate)
    }

    public func createRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        try await write("Cannot add a tax rate for \(rate.region)") { db in
            var created = try TaxRateWrites.created(rate, atPlace: try Self.atPlace(of: rate, in: db))
            created.id = try Self.insert(created, by: by, at: at, into: db)
            return created
        }
    }

    public func updateRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        guard let id = rate.id else { throw .notFound(id: 0) }
        return try await write("Cannot change tax rate \(id)") { db in
            guard let stored = try Self.fetch(id: id, in: db) else { throw TaxRatesStoreError.notFound(id: id) }
            let saved = try TaxRateWrites.updated(rate, of: stored, atPlace: try Self.atPlace(of: rate, in: db))
            try Self.update(saved, from: stored.version, by: by, at: at, in: db)
            return saved
        }
    }

    /// One write transaction for the whole file: a refused row rolls every row back.
    public func importRates(_ rates: [TaxRate], by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> (added: Int, updated: Int) {
        try await write("Cannot import \(rates.count) tax rates") { db in
            var counts = (added: 0, updated: 0)
            for rate in rates {
                switch try TaxRateWrites.imported(rate, atPlace: try Self.atPlace(of: rate, in: db)) {
                case .add(let added):
                    _ = try Self.insert(added, by: by, at: at, into: db)
                    counts.added += 1
                case .replace(let replaced):
                    try Self.update(replaced, from: replaced.version - 1, by: by, at: at, in: db)
                    counts.updated += 1
                case .same:
                    break
                }
            }
            return counts
        }
    }

    private static func values(_ rate: TaxRate, by: AccountName?, at: Date) -> [any DatabaseValueConvertible & Sendable] {
        [
            rate.region, rate.postalPrefix, rate.ratePPM, rate.collect, rate.shippingTaxable, rate.effectiveFrom.text,
            rate.effectiveTo?.text, rate.version, at.timeIntervalSince1970, by?.username, by?.displayName,
        ]
    }

    private static let written = """
        region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to, version, updated_at,
        updated_by_username, updated_by_display_name
        """

    private static func insert(_ rate: TaxRate, by: AccountName?, at: Date, into db: Database) throws -> Int64 {
        try db.execute(
            sql: "INSERT INTO tax_rates (\(written)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: StatementArguments(values(rate, by: by, at: at)))
        return db.lastInsertedRowID
    }

    /// Writes `rate` over its row if that row is still at `version` (the second lock).
    private static func update(_ rate: TaxRate, from version: Int, by: AccountName?, at: Date, in db: Database) throws {
        guard let id = rate.id else { throw TaxRatesStoreError.notFound(id: 0) }
        try db.execute(
            sql: """
                UPDATE tax_rates SET region = ?, postal_prefix = ?, rate_ppm = ?, collect = ?, shipping_taxable = ?,
                    effective_from = ?, effective_to = ?, version = ?, updated_at = ?, updated_by_username = ?,
                    updated_by_display_name = ?
                WHERE id = ? AND version = ?
                """,
            arguments: StatementArguments(values(rate, by: by, at: at) + [id, version]))
        guard db.changesCount == 1 else {
            throw TaxRatesStoreError.unavailable("Tax rate \(id) changed under its write transaction")
        }
    }
}
