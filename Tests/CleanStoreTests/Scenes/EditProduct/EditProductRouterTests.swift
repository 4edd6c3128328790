import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditProductRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = EditProductViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? EditProductRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }
}

extension EditProductRouterTests {
    func testASaveGoesToTheProductsPage() {
        let router = EditProductRouter()
        let response = router.routeToProduct(id: 3, flash: "Product changed.")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/products/3")
    }
}
