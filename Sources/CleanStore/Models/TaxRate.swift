import Foundation

/// A day of the calendar, `2026-11-25`: when a tax rate is in force. Kept as its ISO text, which
/// sorts as the days do (and is what the SQL columns hold).
public struct ShopDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let text: String

    /// nil unless `text` is a real day written `YYYY-MM-DD`.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        // Years well after the Gregorian calendar's start (Foundation's calendar switches from the
        // Julian in 1582) by the Gregorian rule itself, as the calendar answers there; a tax rate's
        // days are read on every draft and check page (issue 31). Others ask the calendar.
        if (1600...9999).contains(year) {
            guard (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
            self.text = text
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
            calendar.component(.day, from: date) == day, calendar.component(.month, from: date) == month
        else { return nil }
        self.text = text
    }

    /// The day `date` falls on in `timeZone` (the shop's).
    public init(_ date: Date, in timeZone: TimeZone) {
        // In 1900–9999 by integer arithmetic on the Gregorian calendar (`OrderDisplayFormatter.civil`),
        // as the list's dates are: `Calendar.dateComponents` and `String(format:)` were 2 % of a
        // check page (issue 31). Outside those years, the calendar.
        let seconds = date.timeIntervalSince1970
        if seconds.isFinite, seconds > Self.earliestArithmetic, seconds < Self.latestArithmetic {
            let local = Int(seconds.rounded(.down)) + timeZone.secondsFromGMT(for: date)
            let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
            let (year, month, day) = OrderDisplayFormatter.civil(fromDays: days)
            text = "\(year)-" + OrderDisplayFormatter.twoDigits(month) + "-" + OrderDisplayFormatter.twoDigits(day)
            return
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        text = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// 1900-01-02 and 9999-12-30 UTC, in seconds since 1970: the years the arithmetic is used for.
    private static let earliestArithmetic: Double = -2_208_902_400
    private static let latestArithmetic: Double = 253_402_128_000

    /// The Gregorian calendar's days in `month` of `year`.
    private static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public static func < (lhs: ShopDay, rhs: ShopDay) -> Bool { lhs.text < rhs.text }
    public var description: String { text }
}

/// One line of the US tax table: what is collected where, from when.
public struct TaxRate: Equatable, Sendable {
    /// Chosen by the store; nil before.
    public var id: Int64?
    /// The state, two upper-case letters (`NY`).
    public var region: String
    /// "" for the whole state; else the leading digits of the ZIP codes it covers (`100`, `10001`).
    public var postalPrefix: String
    /// The rate in parts per million: 8.875 % is exactly 88,750.
    public var ratePPM: Int64
    /// false: no tax is collected here, on purpose (not the same as no rate at all).
    public var collect: Bool
    /// Whether shipping is taxed with the goods.
    public var shippingTaxable: Bool
    public var effectiveFrom: ShopDay
    /// The last day it is in force; nil while it has no end.
    public var effectiveTo: ShopDay?
    public var version: Int

    public init(
        id: Int64? = nil, region: String, postalPrefix: String = "", ratePPM: Int64, collect: Bool = true,
        shippingTaxable: Bool = false, effectiveFrom: ShopDay, effectiveTo: ShopDay? = nil, version: Int = 1
    ) {
        self.id = id
        self.region = region
        self.postalPrefix = postalPrefix
        self.ratePPM = ratePPM
        self.collect = collect
        self.shippingTaxable = shippingTaxable
        self.effectiveFrom = effectiveFrom
        self.effectiveTo = effectiveTo
        self.version = version
    }

    public func isInForce(on day: ShopDay) -> Bool {
        effectiveFrom <= day && (effectiveTo.map { day <= $0 } ?? true)
    }

    /// The rate that applies to an address in `region` with ZIP `postalCode` on `day`: of the rates
    /// in force that day for the region whose prefix starts the ZIP, the longest prefix (the
    /// state's own, "", last); among equals, the latest `effectiveFrom`. nil when none applies:
    /// placing is refused ("No tax rate for OR"), never taxed at 0 silently.
    public static func mostSpecific(in rates: [TaxRate], region: String, postalCode: String, on day: ShopDay) -> TaxRate? {
        let zip = postalCode.prefix { $0 != "-" }
        return rates
            .filter { $0.region == region.uppercased() && zip.hasPrefix($0.postalPrefix) && $0.isInForce(on: day) }
            .max { ($0.postalPrefix.count, $0.effectiveFrom) < ($1.postalPrefix.count, $1.effectiveFrom) }
    }

    /// What an order keeps of the rate it was taxed with.
    public var applied: AppliedTax {
        AppliedTax(region: region, postalPrefix: postalPrefix, ratePPM: collect ? ratePPM : 0, collect: collect, shippingTaxable: shippingTaxable)
    }
}

/// The rate an order was taxed with, stored with the order so that a later change of the table
/// never re-prices it.
public struct AppliedTax: Equatable, Sendable {
    public var region: String
    public var postalPrefix: String
    /// 0 when `collect` is false.
    public var ratePPM: Int64
    public var collect: Bool
    public var shippingTaxable: Bool

    public init(region: String, postalPrefix: String, ratePPM: Int64, collect: Bool, shippingTaxable: Bool) {
        self.region = region
        self.postalPrefix = postalPrefix
        self.ratePPM = ratePPM
        self.collect = collect
        self.shippingTaxable = shippingTaxable
    }

    /// `8.875%` (no trailing zeros), `0%` when not collected.
    public var percentText: String {
        // The four decimals by integer arithmetic (`String(format:)` was 1 % of an order page, which
        // says its tax's rate: issue 31); a negative rate, which no rule lets in, as before.
        if ratePPM >= 0 {
            let whole = ratePPM / 10_000
            var fraction = ratePPM % 10_000
            guard fraction > 0 else { return "\(whole)%" }
            var decimals = 4
            while fraction % 10 == 0 {
                fraction /= 10
                decimals -= 1
            }
            let digits = String(fraction)
            return "\(whole)." + String(repeating: "0", count: decimals - digits.count) + digits + "%"
        }
        let whole = ratePPM / 10_000
        var fraction = String(format: "%04lld", ratePPM % 10_000)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return fraction.isEmpty ? "\(whole)%" : "\(whole).\(fraction)%"
    }
}

/// Invoice-basis tax, one rate per order: the tax is the taxable base (taxable lines, plus
/// shipping when the rate taxes it) × the rate, rounded half-up once; then it is shared out to
/// the taxable parts by largest remainder, so that lines, shipping and the order add up to the cent.
public enum TaxCalculation {
    public struct Result: Equatable, Sendable {
        /// Each line's share, in the order given (0 for an untaxed line).
        public var lineTaxCents: [Int64]
        public var shippingTaxCents: Int64
        public var taxCents: Int64
    }

    /// `lines`: each line's amount (unit price × quantity) and whether it is taxable.
    public static func compute(lines: [(amountCents: Int64, taxable: Bool)], shippingCents: Int64, tax: AppliedTax) -> Result {
        var parts = lines.map { $0.taxable ? $0.amountCents : 0 }
        parts.append(tax.shippingTaxable ? shippingCents : 0)
        guard tax.collect, tax.ratePPM > 0 else {
            return Result(lineTaxCents: lines.map { _ in 0 }, shippingTaxCents: 0, taxCents: 0)
        }
        let base = parts.reduce(0, +)
        let whole = scaled(base, by: tax.ratePPM)
        let total = whole.cents + (whole.millionths >= 500_000 ? 1 : 0)
        // Each part's exact share is part × rate / 1e6: its floor, and its remainder to rank by.
        let exact = parts.map { scaled($0, by: tax.ratePPM) }
        var shares = exact.map(\.cents)
        let remainders = exact.map(\.millionths)
        var left = total - shares.reduce(0, +)
        // Largest remainder first; among equals, the earlier part (a stable, documented tie-break).
        for index in remainders.indices.sorted(by: { (remainders[$0], -$0) > (remainders[$1], -$1) }) where left > 0 {
            guard parts[index] > 0 else { continue }
            shares[index] += 1
            left -= 1
        }
        return Result(lineTaxCents: Array(shares.dropLast()), shippingTaxCents: shares.last ?? 0, taxCents: total)
    }

    /// `cents × ratePPM / 1,000,000` as whole cents and the millionths of a cent left over,
    /// multiplied in 128 bits: a line of $9,999,999.99 × 9,999 is about 10¹³ cents, which times a
    /// rate in ppm (up to 10⁶) is past `Int64` and would trap (crash the server) in 64 bits.
    /// (`Int128` needs macOS 15; `Package.swift` supports macOS 14, so the full-width pair.)
    static func scaled(_ cents: Int64, by ratePPM: Int64) -> (cents: Int64, millionths: Int64) {
        let (quotient, remainder) = Int64(1_000_000).dividingFullWidth(cents.multipliedFullWidth(by: ratePPM))
        return (quotient, remainder)
    }
}
