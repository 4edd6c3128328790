import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `ShopDay`, `TaxRate.mostSpecific` and `AppliedTax.percentText`: which rate an address is taxed
/// at on a day, and how it reads.
final class TaxRateTests: XCTestCase {
    static func day(_ text: String) -> ShopDay { ShopDay(text)! }

    static func rate(_ region: String, _ prefix: String = "", ppm: Int64, from: String = "2020-01-01", to: String? = nil) -> TaxRate {
        TaxRate(region: region, postalPrefix: prefix, ratePPM: ppm, effectiveFrom: day(from), effectiveTo: to.map(day))
    }

    func testADayIsARealDayWrittenYYYYMMDD() {
        for text in ["2026-11-25", "2024-02-29", "2000-02-29", "1999-12-31", "2026-01-01", "1600-02-29", "2400-02-29", "9999-12-31", "1582-10-15"] {
            XCTAssertEqual(ShopDay(text)?.text, text)
        }
        for text in [
            "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "2026-11-5", "26-11-25",
            "2026/11/25", "2026-11-25T00:00", " 2026-11-25", "2026-1-25", "２０２６-11-25", "2026-11-+5", "", "--",
            "2100-02-29", "1700-02-29", "2026-06-31", "2026-09-31", "2026-02-30", "2026-01-32",
        ] {
            XCTAssertNil(ShopDay(text), text)
        }
        XCTAssertLessThan(Self.day("2026-09-30"), Self.day("2026-10-01"))
    }

    /// A day of 1600–9999 is checked by the Gregorian rule, not the calendar (issue 31): the two
    /// agree on every day of years around each leap rule, and in 1600 itself.
    func testADaysCheckAgreesWithTheCalendarEveryDayOfTheYearsAroundTheLeapRules() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for year in [1600, 1700, 1899, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999] {
            for month in 0...13 {
                for day in 0...32 {
                    let text = String(format: "%04d-%02d-%02d", year, month, day)
                    let date = calendar.date(from: DateComponents(year: year, month: month, day: day))
                    let real = date.map { calendar.component(.day, from: $0) == day && calendar.component(.month, from: $0) == month } ?? false
                    XCTAssertEqual(ShopDay(text) != nil, real, text)
                }
            }
        }
    }

    /// The shop's day of a moment by arithmetic (issue 31) is the calendar's, in zones behind,
    /// ahead of and at UTC, over two centuries at steps that land on every hour and minute.
    func testTheShopsDayIsTheCalendarsInEveryZoneOverTwoCenturies() {
        for zone in ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Kiritimati", "America/St_Johns"] {
            let timeZone = TimeZone(identifier: zone)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            var seconds: Double = -2_208_000_000  // 1900-01-12
            while seconds < 4_102_444_800 {  // 2100-01-01
                let date = Date(timeIntervalSince1970: seconds)
                let parts = calendar.dateComponents([.year, .month, .day], from: date)
                let expected = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
                XCTAssertEqual(ShopDay(date, in: timeZone).text, expected, "\(zone) \(seconds)")
                seconds += 1_987_261.5  // 23 days, 12 minutes and 1.5 seconds
            }
        }
        // Outside the arithmetic's years, the calendar itself.
        XCTAssertEqual(ShopDay(Date(timeIntervalSince1970: -2_300_000_000), in: TimeZone(identifier: "UTC")!).text, "1897-02-11")
    }

    func testTheDayIsTheShopsDayNotUTCs() {
        // 2026-11-25 03:30 UTC is still the 24th in New York
        let instant = Date(timeIntervalSince1970: 1_795_577_400)
        XCTAssertEqual(ShopDay(instant, in: TimeZone(identifier: "UTC")!).text, "2026-11-25")
        XCTAssertEqual(ShopDay(instant, in: TimeZone(identifier: "America/New_York")!).text, "2026-11-24")
    }

    func testTheLongestZIPPrefixWinsThenTheState() {
        let rates = [
            Self.rate("NY", ppm: 40_000), Self.rate("NY", "1", ppm: 50_000), Self.rate("NY", "100", ppm: 88_750),
            Self.rate("NY", "10001", ppm: 90_000), Self.rate("NJ", "100", ppm: 66_250),
        ]
        let today = Self.day("2026-11-25")
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "10001", on: today)?.ratePPM, 90_000)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "10001-2345", on: today)?.ratePPM, 90_000)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "10002", on: today)?.ratePPM, 88_750)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "14850", on: today)?.ratePPM, 50_000)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "06390", on: today)?.ratePPM, 40_000)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "ny", postalCode: "10002", on: today)?.ratePPM, 88_750, "any case")
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NJ", postalCode: "07001", on: today), nil, "no NJ state rate")
    }

    func testOnlyARateInForceThatDayAppliesTheLatestFirst() {
        let rates = [
            Self.rate("CA", ppm: 72_500, from: "2020-01-01", to: "2026-06-30"),
            Self.rate("CA", ppm: 75_000, from: "2026-07-01"),
            Self.rate("CA", "9", ppm: 80_000, from: "2027-01-01"),
            Self.rate("CA", "94", ppm: 86_250, from: "2020-01-01", to: "2020-12-31"),
        ]
        func rate(on text: String) -> Int64? {
            TaxRate.mostSpecific(in: rates, region: "CA", postalCode: "94105", on: Self.day(text))?.ratePPM
        }
        XCTAssertEqual(rate(on: "2019-12-31"), nil, "before any")
        XCTAssertEqual(rate(on: "2020-12-31"), 86_250, "its last day is in force")
        XCTAssertEqual(rate(on: "2021-01-01"), 72_500)
        XCTAssertEqual(rate(on: "2026-06-30"), 72_500)
        XCTAssertEqual(rate(on: "2026-07-01"), 75_000)
        XCTAssertEqual(rate(on: "2027-01-01"), 80_000, "a prefix from its first day")

        // Two open-ended state rates: the later first day wins from then on
        let overlapping = [Self.rate("TX", ppm: 62_500, from: "2020-01-01"), Self.rate("TX", ppm: 63_000, from: "2026-01-01")]
        XCTAssertEqual(TaxRate.mostSpecific(in: overlapping, region: "TX", postalCode: "73301", on: Self.day("2025-12-31"))?.ratePPM, 62_500)
        XCTAssertEqual(TaxRate.mostSpecific(in: overlapping, region: "TX", postalCode: "73301", on: Self.day("2026-01-01"))?.ratePPM, 63_000)
    }

    func testNoRateIsNilNeverZero() {
        XCTAssertNil(TaxRate.mostSpecific(in: [], region: "OR", postalCode: "97201", on: Self.day("2026-11-25")))
        XCTAssertNil(TaxRate.mostSpecific(in: [Self.rate("WA", "98", ppm: 65_000)], region: "WA", postalCode: "99201", on: Self.day("2026-11-25")))
    }

    func testAPercentageReadsWithoutTrailingZeros() {
        let cases: [(Int64, String)] = [
            (88_750, "8.875%"), (40_000, "4%"), (72_500, "7.25%"), (62_500, "6.25%"), (0, "0%"), (1, "0.0001%"),
            (1_000_000, "100%"), (86_250, "8.625%"), (100_000, "10%"), (5_001, "0.5001%"), (60_250, "6.025%"), (5, "0.0005%"),
            (10_010, "1.001%"), (123_400, "12.34%"),
        ]
        for (ppm, text) in cases {
            let applied = TaxRate(region: "NY", ratePPM: ppm, effectiveFrom: Self.day("2020-01-01")).applied
            XCTAssertEqual(applied.percentText, text)
        }
    }
}
