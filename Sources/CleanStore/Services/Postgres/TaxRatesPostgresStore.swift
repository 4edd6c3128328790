import Foundation
import Logging
import PostgresNIO

/// The tax table in the PostgreSQL database (`tax_rates`, migration 14). Each write is one
/// transaction: the row it changes is read `FOR UPDATE`, the row at the rate's place is read,
/// `TaxRateWrites` decides, and the decision is executed; the unique index on the place
/// (region, prefix, first day) is the second lock, for a rate added by another instance meanwhile.
public final class TaxRatesPostgresStore: TaxRatesStoreProtocol {
    let database: PostgresAppDatabase

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    private var logger: Logger { database.logger }

    typealias RateRow = (Int64, String, String, Int64, Bool, Bool, String, String?, Int)

    private static func rates(_ query: PostgresQuery, on connection: PostgresConnection, logger: Logger) async throws -> [TaxRate] {
        var rates: [TaxRate] = []
        for try await row in try await connection.query(query, logger: logger).decode(RateRow.self) {
            rates.append(try rate(row))
        }
        return rates
    }

    private func rates(_ what: String, _ query: PostgresQuery) async throws(TaxRatesStoreError) -> [TaxRate] {
        do {
            var rates: [TaxRate] = []
            for try await row in try await database.client.query(query, logger: logger).decode(RateRow.self) {
                rates.append(try Self.rate(row))
            }
            return rates
        } catch {
            throw .from(error, doing: what)
        }
    }

    private static func rate(_ row: RateRow) throws(TaxRatesStoreError) -> TaxRate {
        try TaxRateColumns.rate(
            id: row.0, region: row.1, postalPrefix: row.2, ratePPM: row.3, collect: row.4, shippingTaxable: row.5,
            effectiveFrom: row.6, effectiveTo: row.7, version: row.8)
    }

    public func fetchRates() async throws(TaxRatesStoreError) -> [TaxRate] {
        // COLLATE "C": by code point, as the other stores sort, whatever the database's locale.
        try await rates(
            "Cannot list the tax rates",
            """
            SELECT \(unescaped: TaxRateColumns.selected) FROM tax_rates
            ORDER BY region COLLATE "C", postal_prefix COLLATE "C", effective_from COLLATE "C"
            """)
    }

    public func fetchRates(region: String) async throws(TaxRatesStoreError) -> [TaxRate] {
        try await rates(
            "Cannot list the tax rates of \(region)",
            """
            SELECT \(unescaped: TaxRateColumns.selected) FROM tax_rates WHERE region = \(region)
            ORDER BY postal_prefix COLLATE "C", effective_from COLLATE "C"
            """)
    }

    public func fetchRate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate? {
        try await rates("Cannot fetch tax rate \(id)", "SELECT \(unescaped: TaxRateColumns.selected) FROM tax_rates WHERE id = \(id)").first
    }

    private static func atPlaceQuery(of rate: TaxRate, lock: Bool) -> PostgresQuery {
        """
        SELECT \(unescaped: TaxRateColumns.selected) FROM tax_rates
        WHERE region = \(rate.region) AND postal_prefix = \(rate.postalPrefix) AND effective_from = \(rate.effectiveFrom.text)
        \(unescaped: lock ? "FOR UPDATE" : "")
        """
    }

    public func createRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        let what = "Cannot add a tax rate for \(rate.region)"
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                let logger = self.logger
                let atPlace = try await Self.rates(Self.atPlaceQuery(of: rate, lock: false), on: connection, logger: logger).first
                var created = try TaxRateWrites.created(rate, atPlace: atPlace)
                guard let id = try await Self.insert(created, by: by, at: at, on: connection, logger: logger) else {
                    // Another transaction added one there since (the insert waited for it to commit).
                    let taken = try await Self.rates(Self.atPlaceQuery(of: rate, lock: false), on: connection, logger: logger).first
                    throw taken.map { TaxRatesStoreError.placeTaken(existing: $0) } ?? .unavailable("\(what): its place is locked")
                }
                created.id = id
                return created
            }
        } catch {
            throw Self.unwrapped(error, doing: what)
        }
    }

    public func updateRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate {
        guard let id = rate.id else { throw .notFound(id: 0) }
        let what = "Cannot change tax rate \(id)"
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                let logger = self.logger
                // The row stays locked until the transaction ends: the decision holds for the update.
                let select: PostgresQuery = "SELECT \(unescaped: TaxRateColumns.selected) FROM tax_rates WHERE id = \(id) FOR UPDATE"
                guard let stored = try await Self.rates(select, on: connection, logger: logger).first else {
                    throw TaxRatesStoreError.notFound(id: id)
                }
                let atPlace = try await Self.rates(Self.atPlaceQuery(of: rate, lock: false), on: connection, logger: logger).first
                let saved = try TaxRateWrites.updated(rate, of: stored, atPlace: atPlace)
                try await Self.update(saved, from: stored.version, by: by, at: at, on: connection, logger: logger)
                return saved
            }
        } catch {
            let failure = Self.unwrapped(error, doing: what)
            // A rate another instance added at this place after it was read: the unique index refused.
            if Self.isUniqueViolation(error), let taken = try? await rates(what, Self.atPlaceQuery(of: rate, lock: false)).first {
                throw .placeTaken(existing: taken)
            }
            throw failure
        }
    }

    /// One transaction for the whole file: a refused row rolls every row back.
    public func importRates(_ rates: [TaxRate], by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> (added: Int, updated: Int) {
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                let logger = self.logger
                var counts = (added: 0, updated: 0)
                for rate in rates {
                    let atPlace = try await Self.rates(Self.atPlaceQuery(of: rate, lock: true), on: connection, logger: logger).first
                    switch try TaxRateWrites.imported(rate, atPlace: atPlace) {
                    case .add(let added):
                        guard try await Self.insert(added, by: by, at: at, on: connection, logger: logger) != nil else {
                            throw TaxRatesStoreError.unavailable("Tax rate for \(rate.region) \(rate.postalPrefix) added meanwhile")
                        }
                        counts.added += 1
                    case .replace(let replaced):
                        try await Self.update(replaced, from: replaced.version - 1, by: by, at: at, on: connection, logger: logger)
                        counts.updated += 1
                    case .same:
                        break
                    }
                }
                return counts
            }
        } catch {
            throw Self.unwrapped(error, doing: "Cannot import \(rates.count) tax rates")
        }
    }

    /// The new row's id; nil when a rate holds its place already.
    private static func insert(_ rate: TaxRate, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        let rows = try await connection.query(
            """
            INSERT INTO tax_rates (region, postal_prefix, rate_ppm, collect, shipping_taxable, effective_from, effective_to, version,
                updated_at, updated_by_username, updated_by_display_name)
            VALUES (\(rate.region), \(rate.postalPrefix), \(rate.ratePPM), \(rate.collect), \(rate.shippingTaxable),
                \(rate.effectiveFrom.text), \(rate.effectiveTo?.text), \(rate.version), \(at.timeIntervalSince1970), \(by?.username),
                \(by?.displayName))
            ON CONFLICT (region, postal_prefix, effective_from) DO NOTHING RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        return id
    }

    /// Writes `rate` over its row if that row is still at `version` (the second lock).
    private static func update(_ rate: TaxRate, from version: Int, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger) async throws {
        guard let id = rate.id else { throw TaxRatesStoreError.notFound(id: 0) }
        let rows = try await connection.query(
            """
            UPDATE tax_rates SET region = \(rate.region), postal_prefix = \(rate.postalPrefix), rate_ppm = \(rate.ratePPM),
                collect = \(rate.collect), shipping_taxable = \(rate.shippingTaxable), effective_from = \(rate.effectiveFrom.text),
                effective_to = \(rate.effectiveTo?.text), version = \(rate.version), updated_at = \(at.timeIntervalSince1970),
                updated_by_username = \(by?.username), updated_by_display_name = \(by?.displayName)
            WHERE id = \(id) AND version = \(version) RETURNING id
            """, logger: logger)
        var updated = false
        for try await _ in rows { updated = true }
        guard updated else { throw TaxRatesStoreError.unavailable("Tax rate \(id) changed under its transaction") }
    }

    /// A store error thrown inside a transaction (a `TaxRateWrites` refusal) comes out as it was.
    private static func unwrapped(_ error: any Error, doing what: String) -> TaxRatesStoreError {
        if let error = error as? PostgresTransactionError, let inner = error.closureError {
            return .from(inner, doing: what)
        }
        return .from(error, doing: what)
    }

    private static func isUniqueViolation(_ error: any Error) -> Bool {
        let inner = (error as? PostgresTransactionError)?.closureError ?? error
        return (inner as? PSQLError)?.serverInfo?[.sqlState] == PostgresError.Code.uniqueViolation.raw
    }
}
