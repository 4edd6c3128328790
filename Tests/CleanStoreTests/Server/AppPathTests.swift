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
}
