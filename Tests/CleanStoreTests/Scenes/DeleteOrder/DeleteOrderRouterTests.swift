import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class DeleteOrderRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = DeleteOrderRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testRouteToListOrdersShouldRedirectToTheListPassingTheFlash() {
        // When
        let response = sut.routeToListOrders(flash: "Order 7 was deleted.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders")
        XCTAssertEqual(response.setCookieParts.first?.contains(flashCookie("Order 7 was deleted.")), true)
    }
}
