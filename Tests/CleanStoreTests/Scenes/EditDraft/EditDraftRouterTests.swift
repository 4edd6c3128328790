import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditDraftRouterTests: XCTestCase {
    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = EditDraftViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? EditDraftRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testASavedSectionGoesBackToTheDraftWithItsFlash() {
        // Given
        let router = EditDraftRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)

        // When
        let response = router.routeToDraft(ref: "D-ABCDEF", flash: "Caller saved.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/drafts/D-ABCDEF")
        XCTAssertNotNil(response.headers[.setCookie], "The flash travels in a signed cookie")
    }

    func testARepeatedOrdersDraftGoesToItsPageNamingTheOrderWithItsFlash() {
        let router = EditDraftRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)

        let response = router.routeToRepeatedDraft(ref: "D-ABCDEF", orderID: "1042", flash: "Order D-ABCDEF started from order 1042.")

        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/drafts/D-ABCDEF?repeated=1042")
        XCTAssertNotNil(response.headers[.setCookie], "The flash travels in a signed cookie")
    }

    func testANewDraftGoesToItsPageWithNoFlash() {
        let router = EditDraftRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)

        let response = router.routeToDraft(ref: "D-ABCDEF", flash: nil)

        XCTAssertEqual(response.headers[.location], "/drafts/D-ABCDEF")
        XCTAssertNil(response.headers[.setCookie])
    }
}
