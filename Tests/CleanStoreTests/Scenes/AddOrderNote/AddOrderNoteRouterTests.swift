import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class AddOrderNoteRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = AddOrderNoteRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
    }

    // MARK: Tests

    func testRouteToShowOrderShouldRedirectToTheOrderPassingTheFlash() {
        // When
        let response = sut.routeToShowOrder(orderID: "1042", flash: "Note added.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/1042")
        XCTAssertEqual(response.setCookieParts.first?.contains(flashCookie("Note added.")), true)
    }

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = AddOrderNoteViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? AddOrderNoteRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }
}
