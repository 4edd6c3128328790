import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class CatalogCSVTests: XCTestCase {
    let header = "sku,name,price,taxable,track_stock,on_hand\n"

    func testQuotedFieldsHoldCommasQuotesAndLineBreaksAndCRLFEndsARecord() throws {
        let text = "\u{FEFF}a,\"b, \"\"c\"\"\",d\r\n\"multi\nline\",,\"\"\r\nlast,x,y"
        let records = try CatalogCSV.records(text)
        XCTAssertEqual(
            records,
            [
                CatalogCSV.Record(line: 1, fields: ["a", "b, \"c\"", "d"]),
                CatalogCSV.Record(line: 2, fields: ["multi\nline", "", ""]),
                CatalogCSV.Record(line: 4, fields: ["last", "x", "y"]),
            ])
    }

    func testEmptyLinesAreNoRecordsAndABadQuoteNamesItsLine() throws {
        XCTAssertEqual(try CatalogCSV.records("a,b\n\nc,d\n"), [.init(line: 1, fields: ["a", "b"]), .init(line: 3, fields: ["c", "d"])])
        XCTAssertThrowsError(try CatalogCSV.records("a,b\nc,\"d")) { error in
            XCTAssertEqual(error as? CatalogCSV.Problem, CatalogCSV.Problem(line: 2, message: "a quoted field is never closed"))
        }
        XCTAssertThrowsError(try CatalogCSV.records("a,b\nc,d\"e\"")) { error in
            XCTAssertEqual(error as? CatalogCSV.Problem, CatalogCSV.Problem(line: 2, message: "a quote inside a field that does not start with one"))
        }
        XCTAssertThrowsError(try CatalogCSV.records("\"a\"b,c")) { error in
            XCTAssertEqual(error as? CatalogCSV.Problem, CatalogCSV.Problem(line: 1, message: "a closing quote must end its field"))
        }
    }

    func testGoodRowsBecomeImportRows() throws {
        let rows = try CatalogCSV.rows(
            from: header + " mug-01 ,\"Mug, large\",\"$1,234.50\",TRUE,yes,5\ntea,Tea,4.5,false,no,\nspoon,Spoon,12,1,0,0\n")
        XCTAssertEqual(
            rows,
            [
                ProductImportRow(sku: "MUG-01", name: "Mug, large", priceCents: 123_450, taxable: true, trackStock: true, onHand: 5),
                ProductImportRow(sku: "TEA", name: "Tea", priceCents: 450, taxable: false, trackStock: false, onHand: 0),
                ProductImportRow(sku: "SPOON", name: "Spoon", priceCents: 1200, taxable: true, trackStock: false, onHand: 0),
            ])
        XCTAssertEqual(try CatalogCSV.rows(from: header), [], "a header alone: no products")
    }

    func testAWrongHeaderIsRefusedAlone() {
        for text in ["", "sku,name,price,taxable,track_stock\n", "SKU,name,price,taxable,track_stock,on_hand\nx,y,1,true,false,\n"] {
            XCTAssertThrowsError(try CatalogCSV.rows(from: text)) { error in
                XCTAssertEqual(
                    (error as? CatalogCSV.Refused)?.problems,
                    [CatalogCSV.Problem(line: 1, message: "the header must be exactly sku,name,price,taxable,track_stock,on_hand")], text)
            }
        }
    }

    func testEveryBadRowIsListedWithItsLineNumber() {
        let text = header + """
            MUG-01,Mug,12.505,true,true,5
            mug-01,Mug again,12,true,false,
            TEA,Tea,4,maybe,true,-3
            ,"",12,true,false,
            CUP,Cup 4111 1111 1111 1111,1,true,false,2
            "BAD SKU",Name\u{200B}x,1,true,false,0
            SHORT,row
            OK-1,Fine,1.00,true,false,0

            """
        XCTAssertThrowsError(try CatalogCSV.rows(from: text)) { error in
            XCTAssertEqual(
                (error as? CatalogCSV.Refused)?.problems.map(\.description),
                [
                    "line 2: the price \"12.505\" is not an amount like 12.50 or 1,234.50",
                    "line 4: taxable \"maybe\" is not true or false",
                    "line 4: on_hand \"-3\" is not a whole number from 0 to 9999999",
                    "line 5: the SKU is missing",
                    "line 5: the name is missing",
                    "line 6: the name holds what looks like a card number",
                    "line 6: on_hand is 2 but track_stock is false: leave it empty or 0",
                    "line 7: the SKU may hold only letters A–Z, digits and - _ . /",
                    "line 7: the name holds an invisible formatting character",
                    "line 8: 2 fields, 6 expected",
                ])
        }
        XCTAssertThrowsError(try CatalogCSV.rows(from: header + "A,a,1,true,false,\nb,b,1,true,false,\n a ,again,1,true,false,\n")) { error in
            XCTAssertEqual((error as? CatalogCSV.Refused)?.problems, [CatalogCSV.Problem(line: 4, message: "SKU A is on line 2 already")])
        }
    }
}
