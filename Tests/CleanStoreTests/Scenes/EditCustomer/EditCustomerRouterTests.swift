import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditCustomerRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = EditCustomerViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? EditCustomerRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testASaveGoesToTheCustomersPage() {
        let router = EditCustomerRouter()
        let response = router.routeToCustomer(id: 3, flash: "Customer changed: Jane Doe.")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/customers/3")
    }
}
