import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderStatusRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderStatusRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ChangeOrderStatusRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testRouteToShowOrderShouldRedirectToTheOrderPassingTheFlash() {
        // When
        let response = sut.routeToShowOrder(id: "7", flash: "Order 7 marked as paid.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/7")
        XCTAssertEqual(response.setCookieParts.first?.contains(flashCookie("Order 7 marked as paid.")), true)
    }

    func testRouteToShowOrderWithoutAFlashShouldStillRedirectToTheOrder() {
        // Given: a router the view controller gave no flash
        sut.flash = nil

        // When
        let response = sut.routeToShowOrder(id: "7", flash: "Order 7 marked as paid.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/7")
        XCTAssertEqual(response.setCookieParts, [])
    }
}
