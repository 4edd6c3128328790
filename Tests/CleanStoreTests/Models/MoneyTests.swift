import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `Money`: the one format a clerk types becomes cents exactly; anything else is refused, never
/// guessed; cents become the text a clerk reads.
final class MoneyTests: XCTestCase {
    func testTheFormatsAClerkTypesAreCentsExactly() {
        let accepted: [(String, Int64)] = [
            ("12", 1200), ("12.5", 1250), ("12.50", 1250), ("1,234.50", 123_450), ("$12", 1200), ("$1,234.5", 123_450),
            ("  12.05 ", 1205), ("0", 0), ("0.01", 1), ("$0.99", 99), ("1,000,000", 100_000_000),
            ("9,999,999.99", Money.largestTypedCents), ("9999999.99", Money.largestTypedCents), ("007", 700),
        ]
        for (text, cents) in accepted {
            XCTAssertEqual(Money.cents(from: text), cents, text)
        }
    }

    func testEveryOtherFormatIsRefusedNotGuessed() {
        let refused = [
            "12.505", "1,23", "-3", "1e3", "12.", ".5", "", " ", "$", "$-3", "+3", "3-", "12,5", "1,2345", "12345,678",
            ",123", "1,,234", "1,234,", "12.5.0", "12 .50", "$ 12", "12$", "USD 12", "12.5a", "0x10", "١٢", "１２",
            "12.٥", "1_000", "NaN", "inf",
            // overflow: a cent above the largest, and numbers no Int64 holds
            "10,000,000.00", "10000000", "99999999999", "9223372036854775808", "99999999999999999999999",
        ]
        for text in refused {
            XCTAssertNil(Money.cents(from: text), "\(text) is refused")
        }
    }

    func testCentsAreWrittenAsAClerkReadsThemAndAsAFieldHoldsThem() {
        let cases: [(Int64, String, String)] = [
            (0, "$0.00", "0.00"), (5, "$0.05", "0.05"), (86, "$0.86", "0.86"), (1250, "$12.50", "12.50"),
            (123_450, "$1,234.50", "1234.50"), (100_000_000, "$1,000,000.00", "1000000.00"), (-86, "-$0.86", "-0.86"),
            (Money.largestTypedCents, "$9,999,999.99", "9999999.99"),
        ]
        for (cents, text, plain) in cases {
            XCTAssertEqual(Money.text(cents: cents), text)
            XCTAssertEqual(Money.plainText(cents: cents), plain)
            if cents >= 0 {
                XCTAssertEqual(Money.cents(from: text), cents, "\(text) reads back")
                XCTAssertEqual(Money.cents(from: plain), cents, "\(plain) reads back")
            }
        }
    }

    /// The edges of the digit writer: no dollars, one digit of cents, exact thousands (where a comma
    /// falls), negatives, and the largest and smallest `Int64` (whose magnitude no `Int64` holds).
    func testEveryAmountIsWrittenWhateverItsDigits() {
        let cases: [(Int64, String, String)] = [
            (0, "$0.00", "0.00"), (5, "$0.05", "0.05"), (-5, "-$0.05", "-0.05"), (10, "$0.10", "0.10"), (99, "$0.99", "0.99"),
            (100, "$1.00", "1.00"), (-100, "-$1.00", "-1.00"), (99_999, "$999.99", "999.99"), (100_000, "$1,000.00", "1000.00"),
            (-100_000, "-$1,000.00", "-1000.00"), (100_000_000, "$1,000,000.00", "1000000.00"),
            (-100_000_000, "-$1,000,000.00", "-1000000.00"), (123_456_789_012, "$1,234,567,890.12", "1234567890.12"),
            (Int64.max, "$92,233,720,368,547,758.07", "92233720368547758.07"),
            (Int64.min, "-$92,233,720,368,547,758.08", "-92233720368547758.08"),
        ]
        for (cents, text, plain) in cases {
            XCTAssertEqual(Money.text(cents: cents), text, "\(cents)")
            XCTAssertEqual(Money.plainText(cents: cents), plain, "\(cents)")
        }
        // Against a second way of writing them (integer division and interpolation) across the range.
        var cents: Int64 = -1_000_003
        while cents < 1_000_003_000 {
            let dollars = String(cents.magnitude / 100)
            let fraction = cents.magnitude % 100
            let plain = (cents < 0 ? "-" : "") + dollars + "." + (fraction < 10 ? "0" : "") + String(fraction)
            XCTAssertEqual(Money.plainText(cents: cents), plain)
            XCTAssertEqual(Money.text(cents: cents).filter { $0 != "," && $0 != "$" }, plain)
            cents += cents < 0 ? 9_973 : cents / 7 + 1
        }
    }
}
