import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class CreateOrderRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: CreateOrderRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = CreateOrderRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testRouteToShowOrderShouldRedirectToTheOrderPassingTheFlash() {
        // When
        let response = sut.routeToShowOrder(orderID: "7", flash: "Order 7 was updated.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/7")
        XCTAssertEqual(response.setCookieParts.first?.contains(flashCookie("Order 7 was updated.")), true)
    }

    func testTheFlashArrivesAsSentWhateverItsCharacters() {
        // Given
        let message = "Order 7 — “Amy’s” <order>; done=yes, 100%"
        let response = sut.routeToShowOrder(orderID: "7", flash: message)
        let cookie = response.setCookies[0].split(separator: ";")[0]

        // When
        let received = sut.flash?.message(in: makeRequest(path: "/orders", cookie: String(cookie)))

        // Then
        XCTAssertEqual(received, message)
    }

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = CreateOrderViewController(
            environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // Then
        let router = try XCTUnwrap(viewController.router as? CreateOrderRouter)
        let flash = try XCTUnwrap(router.flash)
        XCTAssertEqual(flash.cookieValue(for: "Order 1 was updated."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Order 1 was updated."))
    }
}
