import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditSavedViewsRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = EditSavedViewsViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? EditSavedViewsRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testRouteToRedirectsWith303PassingTheFlash() {
        // Given
        let router = EditSavedViewsRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)

        // When
        let response = router.routeTo("/orders/views", flash: "“Packed” deleted")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/views")
        XCTAssertTrue(response.setCookies.contains { $0.hasPrefix("\(Flash.cookieName)=") }, "\(response.setCookies)")
    }
}
