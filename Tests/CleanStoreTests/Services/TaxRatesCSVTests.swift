import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `CSVRows` (RFC 4180), `TaxRate.ppm(fromPercent:)` and `TaxRatesCSV`: a tax table file is taken
/// whole or refused with every bad line.
final class TaxRatesCSVTests: XCTestCase {
    static let header = "region,postal_prefix,rate,collect,shipping_taxable,effective_from\n"

    // MARK: CSVRows

    func testRecordsKeepQuotedCommasLineBreaksAndQuotesAndTheirLines() throws {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\n\n,,\n\"\",last"
        let records = try CSVRows.records(text)
        XCTAssertEqual(
            records,
            [
                CSVRows.Record(line: 1, fields: ["a", "b", "c"]),
                CSVRows.Record(line: 2, fields: ["x, y", "say \"hi\"", "two\nlines"]),
                CSVRows.Record(line: 5, fields: ["", "", ""]),
                CSVRows.Record(line: 6, fields: ["", "last"]),
            ])
    }

    func testAMisquotedRecordIsRefusedWithItsLine() {
        XCTAssertThrowsError(try CSVRows.records("a\n\"open,b\nc")) { XCTAssertEqual($0 as? CSVRows.Failure, .unclosedQuote(line: 2)) }
        XCTAssertThrowsError(try CSVRows.records("a\nb\n\"x\"y,z")) { XCTAssertEqual($0 as? CSVRows.Failure, .textAfterQuote(line: 3)) }
        XCTAssertThrowsError(try CSVRows.records("a\nb\"c")) { XCTAssertEqual($0 as? CSVRows.Failure, .strayQuote(line: 2)) }
    }

    // MARK: Percentages

    func testAPercentageIsExactPartsPerMillion() {
        let accepted: [(String, Int64)] = [
            ("8.875", 88_750), ("8.875%", 88_750), (" 4 ", 40_000), ("0", 0), ("100", 1_000_000), ("100.0000", 1_000_000),
            ("7.25", 72_500), ("6.5", 65_000), ("0.0001", 1), ("10.1", 101_000), ("008.625", 86_250), ("99.9999", 999_999),
        ]
        for (text, ppm) in accepted {
            XCTAssertEqual(TaxRate.ppm(fromPercent: text), ppm, text)
        }
        for text in [
            "", "%", "-1", "+1", "8.87501", "100.0001", "101", "1e1", "8,875", ".5", "8.", "8..5", "8.8.5", "eight", "8 %", "8%%", "٨",
            "1000", "0x10", "nan",
        ] {
            XCTAssertNil(TaxRate.ppm(fromPercent: text), text)
        }
    }

    // MARK: Files

    func testTheSampleTableIsAValidFile() throws {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("deploy/sample-tax-rates.csv"), encoding: .utf8)
        let rates = try TaxRatesCSV.rates(from: text).get()
        XCTAssertEqual(rates.count, 12)
        let day = ShopDay("2020-01-01")!
        XCTAssertEqual(rates[1], TaxRate(region: "NY", postalPrefix: "100", ratePPM: 88_750, collect: true, shippingTaxable: true, effectiveFrom: day))
        XCTAssertEqual(rates.last, TaxRate(region: "OR", ratePPM: 0, collect: false, shippingTaxable: false, effectiveFrom: day))
        XCTAssertEqual(Set(rates.map(\.region)), ["NY", "CA", "TX", "WA", "OR"])
        // NYC is taxed at 8.875 %, the rest of New York at 4 %
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "10458", on: ShopDay("2026-11-25")!)?.ratePPM, 88_750)
        XCTAssertEqual(TaxRate.mostSpecific(in: rates, region: "NY", postalCode: "14850", on: ShopDay("2026-11-25")!)?.ratePPM, 40_000)
    }

    func testEveryBadRowIsNamedByItsLineWithEveryProblem() {
        let text = Self.header + """
            NY,,4,true,true,2020-01-01
            ny,1000000,8.875.5,yes,TRUE,2020-02-30
            TX,,6.25,true,true,2020-01-01
            CA,9a,7.25,true,false
            "OR",,0,false,false,2020-01-01
            NY,,4.5,true,true,2020-01-01
            XX,,101,true,true,2026-01-01

            WA,,6.5,true,true,2020-01-01,extra
            """
        guard case .failure(let refused) = TaxRatesCSV.rates(from: text) else { return XCTFail("a bad file was taken") }
        XCTAssertEqual(
            refused.problems.map(\.description),
            [
                "line 3: region \"ny\" is not the two capital letters of a US state or territory; postal_prefix \"1000000\" is not 0 to 5 digits; "
                    + "rate \"8.875.5\" is not a percentage from 0 to 100 with at most 4 decimals; collect \"yes\" is not true or false; "
                    + "shipping_taxable \"TRUE\" is not true or false; effective_from \"2020-02-30\" is not a day written YYYY-MM-DD",
                "line 5: 5 fields, not 6",
                "line 7: the same region, prefix and first day as line 2",
                "line 8: region \"XX\" is not the two capital letters of a US state or territory; "
                    + "rate \"101\" is not a percentage from 0 to 100 with at most 4 decimals",
                "line 10: 7 fields, not 6",
            ])
    }

    func testTheHeaderMustBeExactlyTheOne() {
        for text in [
            "", "region,postal_prefix,rate,collect,shipping_taxable\n", "Region,postal_prefix,rate,collect,shipping_taxable,effective_from\n",
            "region,postal_prefix,rate,collect,effective_from,shipping_taxable\n", "NY,,4,true,true,2020-01-01\n",
        ] {
            guard case .failure(let refused) = TaxRatesCSV.rates(from: text) else { XCTFail(text); continue }
            XCTAssertEqual(
                refused.problems,
                [TaxRatesCSV.Problem(line: 1, message: "the first line must be exactly region,postal_prefix,rate,collect,shipping_taxable,effective_from")],
                text)
        }
        // A header alone is an empty table; CRLF and a spreadsheet's byte order mark are read
        XCTAssertEqual(try TaxRatesCSV.rates(from: Self.header).get(), [])
        let crlf = "\u{FEFF}" + Self.header.replacingOccurrences(of: "\n", with: "\r\n") + "OR,,0,false,false,2020-01-01\r\n"
        XCTAssertEqual(try TaxRatesCSV.rates(from: crlf).get().map(\.region), ["OR"])
    }

    func testAControlCharacterInAFieldIsShownEscaped() {
        guard case .failure(let refused) = TaxRatesCSV.rates(from: Self.header + "N\u{1B}[31m,,4,true,true,2020-01-01\n") else {
            return XCTFail("taken")
        }
        XCTAssertEqual(refused.problems.first?.message, "region \"N\\u{1B}[31m\" is not the two capital letters of a US state or territory")
    }
}
