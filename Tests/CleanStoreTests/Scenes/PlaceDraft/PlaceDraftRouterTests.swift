import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PlaceDraftRouterTests: XCTestCase {
    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        let viewController = PlaceDraftViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)
        let router = try XCTUnwrap(viewController.router as? PlaceDraftRouter)
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testAPlacedOrderGoesToItsPageWhichConfirmsIt() {
        let router = PlaceDraftRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)
        let response = router.routeToShowPlacedOrder(orderID: "3", note: nil)
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/3")
        XCTAssertEqual(response.headers[.setCookie].map { String($0.split(separator: ";")[0]) }, confirmationCookie(Flash.Confirmation(orderID: "3")))
    }

    func testADecidedPriceGoesBackToTheCheckPage() {
        XCTAssertEqual(PlaceDraftRouter().routeToCheck(ref: "D-ABCDEF").headers[.location], "/drafts/D-ABCDEF/check")
    }
}
