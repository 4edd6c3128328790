import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EraseCustomerRouterTests: XCTestCase {
    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        let viewController = EraseCustomerViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)
        let router = try XCTUnwrap(viewController.router as? EraseCustomerRouter)
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testAnErasureGoesToTheCustomersPage() {
        let response = EraseCustomerRouter().routeToCustomer(id: 3, flash: "Personal data erased from this customer, 1 order and 0 drafts")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/customers/3")
    }
}
