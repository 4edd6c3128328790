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
        for text in ["2026-11-25", "2024-02-29", "2000-02-29", "1999-12-31", "2026-01-01"] {
            XCTAssertEqual(ShopDay(text)?.text, text)
        }
        for text in [
            "2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "2026-11-5", "26-11-25",
            "2026/11/25", "2026-11-25T00:00", " 2026-11-25", "2026-1-25", "２０２６-11-25", "2026-11-+5", "", "--",
        ] {
            XCTAssertNil(ShopDay(text), text)
        }
        XCTAssertLessThan(Self.day("2026-09-30"), Self.day("2026-10-01"))
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
            (1_000_000, "100%"), (86_250, "8.625%"), (100_000, "10%"), (5_001, "0.5001%"),
        ]
        for (ppm, text) in cases {
            let applied = TaxRate(region: "NY", ratePPM: ppm, effectiveFrom: Self.day("2020-01-01")).applied
            XCTAssertEqual(applied.percentText, text)
        }
    }
}
