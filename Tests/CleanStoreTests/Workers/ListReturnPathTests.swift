import XCTest

@testable import CleanStore

/// The list an order page was opened from: the order list's own path only, same-site, never a link
/// elsewhere.
final class ListReturnPathTests: XCTestCase {
    func testTheOrderListAndItsQueryAreAList() {
        XCTAssertEqual(ListReturnPath.listQuery("/orders"), "")
        XCTAssertEqual(ListReturnPath.listQuery("/orders?status=packed"), "status=packed")
        XCTAssertEqual(ListReturnPath.listQuery("/orders?q=jane&sort=-total&after=d_1"), "q=jane&sort=-total&after=d_1")
    }

    func testAnythingElseIsNoList() {
        let refused = [
            nil, "", "//evil.com", "//evil.com/orders?status=packed", "https://evil.com/orders", "http:/orders", "/\\evil.com",
            "/orders\\..\\x", "/\\/evil.com", "/orders/../sign-out", "/orders/1", "/ordersx", "/orders.csv?status=new", "orders?status=new",
            "/orders?q=a b", "/orders?q=a\nLocation: x", "/orders?q=a\u{7F}", "/orders#top", "/orders?" + String(repeating: "q", count: 1_000),
            "javascript:alert(1)", " /orders",
        ]
        for from in refused {
            XCTAssertNil(ListReturnPath.listQuery(from), String(describing: from))
        }
    }

    func testALinkCarriesTheListEncodedAndNothingForAllOrders() {
        XCTAssertEqual(ListReturnPath.suffix("/orders?status=packed&q=jane"), "?from=%2Forders%3Fstatus%3Dpacked%26q%3Djane")
        XCTAssertEqual(ListReturnPath.suffix("/orders"), "")
        XCTAssertEqual(ListReturnPath.suffix(nil), "")
    }
}
