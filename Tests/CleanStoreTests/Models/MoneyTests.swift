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
}
