import Foundation

/// What is wrong with a rate (`TaxRatesStoreError.invalid`), in the order a form shows its fields.
public enum TaxRateProblem: String, CaseIterable, Equatable, Sendable {
    /// Not the two upper-case letters of a US state, the District or a territory.
    case region
    /// Not 0–5 digits.
    case postalPrefix
    /// Not 0–100 % (0–1,000,000 ppm).
    case rate
    /// The last day is before the first.
    case effectiveTo
}

/// The write rules of the tax table, decided once, in plain Swift, for every store (memory,
/// SQLite, PostgreSQL; the contract is `TaxRatesStoreProtocol`'s), as `OrderWrites` does for
/// orders: each store reads, in the transaction that would write, the stored row (by id) and the
/// row holding the rate's place (region, prefix, first day), asks here, and executes the answer.
enum TaxRateWrites {
    /// The 50 states, the District of Columbia and the inhabited territories, as USPS writes them.
    static let regions: Set<String> = [
        "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY", "LA", "ME",
        "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND", "OH", "OK", "OR", "PA",
        "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC", "PR", "GU", "VI", "AS", "MP",
    ]
    static let longestPrefix = 5
    static let ratesPPM: ClosedRange<Int64> = 0...1_000_000

    /// What breaks the rules, in `TaxRateProblem`'s order; empty when the rate may be stored.
    static func problems(of rate: TaxRate) -> [TaxRateProblem] {
        var problems: [TaxRateProblem] = []
        if !regions.contains(rate.region) { problems.append(.region) }
        if rate.postalPrefix.count > longestPrefix || !rate.postalPrefix.allSatisfy({ $0.isASCII && $0.isNumber }) {
            problems.append(.postalPrefix)
        }
        if !ratesPPM.contains(rate.ratePPM) { problems.append(.rate) }
        if let last = rate.effectiveTo, last < rate.effectiveFrom { problems.append(.effectiveTo) }
        return problems
    }

    static func checkValid(_ rate: TaxRate) throws(TaxRatesStoreError) {
        let problems = problems(of: rate)
        guard problems.isEmpty else { throw .invalid(problems) }
    }

    /// What a create stores: the rate as given, version 1 (the store chooses its id). Refused when
    /// it breaks the rules, and when `atPlace` (the rate stored at its region, prefix and first day) exists.
    static func created(_ rate: TaxRate, atPlace: TaxRate?) throws(TaxRatesStoreError) -> TaxRate {
        try checkValid(rate)
        if let atPlace { throw .placeTaken(existing: atPlace) }
        var created = rate
        created.id = nil
        created.version = 1
        return created
    }

    /// What an update of `stored` to `rate` saves: the rate as edited, the stored id, one more
    /// version. Refused when the edit was made from another version than the stored one (checked
    /// first: a stale page gets the conflict), when it breaks the rules, and when another rate
    /// holds its place (`atPlace`).
    static func updated(_ rate: TaxRate, of stored: TaxRate, atPlace: TaxRate?) throws(TaxRatesStoreError) -> TaxRate {
        guard rate.version == stored.version else { throw .conflict(current: stored) }
        try checkValid(rate)
        if let atPlace, atPlace.id != stored.id { throw .placeTaken(existing: atPlace) }
        var saved = rate
        saved.id = stored.id
        saved.version = stored.version + 1
        return saved
    }

    /// What an import does with one row: `.add` it (version 1) when its place is free, `.replace`
    /// the rate there (its id, one more version) when it differs, nothing when it is the same.
    enum Imported: Equatable {
        case add(TaxRate)
        case replace(TaxRate)
        case same
    }

    static func imported(_ rate: TaxRate, atPlace: TaxRate?) throws(TaxRatesStoreError) -> Imported {
        try checkValid(rate)
        guard let atPlace else {
            var added = rate
            added.id = nil
            added.version = 1
            return .add(added)
        }
        var replaced = rate
        replaced.id = atPlace.id
        replaced.version = atPlace.version
        guard replaced != atPlace else { return .same }
        replaced.version += 1
        return .replace(replaced)
    }
}
