import Foundation
import XCTest

@testable import CleanStore

/// A path's parameters are filled in from its pattern split once (`AppPath`).
final class AppPathTests: XCTestCase {
    func testAnOrdersAndALinesParametersAreFilledIn() {
        XCTAssertEqual(Paths.order("1042"), "/orders/1042")
        XCTAssertEqual(Paths.editOrder("1042"), "/orders/1042/edit")
        XCTAssertEqual(Paths.orderLinePrice("1042", key: "l7"), "/orders/1042/lines/l7/price")
        XCTAssertEqual(Paths.orderLineRemove("1042", key: "l12"), "/orders/1042/lines/l12/remove")
        XCTAssertEqual(Paths.mergePreview("5", key: "9"), "/customers/5/merge/9")
        XCTAssertEqual(Paths.accountTokenRevoke("amy", key: "t1"), "/accounts/amy/tokens/t1/revoke")
        // A pattern without `{key}` takes the id alone; one without `{id}` is itself.
        XCTAssertEqual(AppPath("/orders/{id}/notes")("7", key: "l1"), "/orders/7/notes")
        XCTAssertEqual(AppPath("/orders")("7", key: "l1"), "/orders")
        XCTAssertEqual(Paths.orders.description, "/orders")
    }

    /// A query's names and values are percent-encoded as a form's GET would, unreserved characters
    /// kept as they are without Foundation's pass: every ASCII character, alone and among others,
    /// and text beyond ASCII, encoded as Foundation encodes it.
    func testAQuerysItemsArePercentEncodedAsFoundationEncodesThem() {
        var allowed = CharacterSet.alphanumerics.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        allowed.insert(charactersIn: "-._~")
        func foundation(_ text: String) -> String { text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        var texts = (0..<128).map { String(UnicodeScalar(UInt8($0))) }
        texts += texts.map { "a\($0)Z9" }
        texts += ["", "José", "jos\u{0065}\u{0301}", "東京", "1183096800.0_1042", "-total", "2026-11-23", "a b+c&d=e", "~._-"]
        for text in texts {
            XCTAssertEqual(Paths.query([(name: text, value: text)]), "?\(foundation(text))=\(foundation(text))", "\(Array(text.utf8))")
        }
        XCTAssertEqual(Paths.orders([("q", "josé smith"), ("status", "paid")]), "/orders?q=jos%C3%A9%20smith&status=paid")
        XCTAssertEqual(Paths.orders([]), "/orders")
    }
}
