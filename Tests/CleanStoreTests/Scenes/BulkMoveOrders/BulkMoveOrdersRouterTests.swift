import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class BulkMoveOrdersRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = BulkMoveOrdersViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? BulkMoveOrdersRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testRouteToBatchIsASeeOtherToItsPage() {
        let response = BulkMoveOrdersRouter().routeToBatch(id: "12")
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/bulk/12")
    }

    func testRouteToListOrdersShowsTheListWithTheProblem() async throws {
        let pages = PageRendererSpy()
        let viewController = BulkMoveOrdersViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let router = try XCTUnwrap(viewController.router as? BulkMoveOrdersRouter)
        let response = await router.routeToListOrders(
            list: BulkMoveOrders.ListQuery(filters: OrdersFilterParameters(status: "packed")), problem: "Select the orders")
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(pages.rendered.last?.template, "ListOrders/list")
        let list = try XCTUnwrap(pages.rendered.last?.context as? ListOrders.FetchOrders.ViewModel)
        XCTAssertEqual((list.bulk ?? list.bulkProblem)?.errors.map(\.message), ["Select the orders"])
    }
}
