import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class MergeCustomersRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = MergeCustomersViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? MergeCustomersRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }
}

extension MergeCustomersRouterTests {
    func testAMergeGoesToTheSurvivorsPage() {
        let router = MergeCustomersRouter()
        let response = router.routeToSurvivor(id: 3, flash: "Jane Doe (customer 4) was merged into Jane Doe, with their orders")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/customers/3")
    }
}
