import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderItemsRouterTests: XCTestCase {
    // MARK: Tests

    func testSetupGivesTheRouterTheFlashToPassOn() async throws {
        // Given
        let viewController = ChangeOrderItemsViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // When
        let router = try XCTUnwrap(viewController.router as? ChangeOrderItemsRouter)

        // Then
        let flash = try XCTUnwrap(router.flash, "The router passes flashes signed with the app's secret")
        XCTAssertEqual(flash.cookieValue(for: "Done."), Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: "Done."))
    }

    func testAfterTheItemsAreSavedTheRouterGoesBackToTheOrderPassingTheFlash() {
        // Given
        let router = ChangeOrderItemsRouter()
        let flash = Flash(security: testSecurity, browserID: testBrowserID)
        router.flash = flash

        // When
        let response = router.routeToShowOrder(orderID: "2", flash: "Items saved; tax re-computed: $7.32")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/2")
        let cookie = try? XCTUnwrap(response.headers[.setCookie])
        XCTAssert(cookie?.contains(flash.cookieValue(for: "Items saved; tax re-computed: $7.32")) == true, "\(cookie ?? "")")
    }

    func testARefusedFormIsTheOrdersPageWithTheFormAsTyped() async {
        // Given: the order's page scene, as the view controller's setup gives it
        let router = ChangeOrderItemsRouter()
        var asked: (String, ShowOrder.GetOrder.RefusedItems)?
        router.orderPage = { orderID, refused in
            asked = (orderID, refused)
            return Response(status: .unprocessableContent)
        }
        let refused = ShowOrder.GetOrder.RefusedItems(
            form: .quantities(.init(line: ["l1": .init(quantity: "0")], version: "2")), errors: [.init(field: "line-l1-quantity", problem: .quantity)])

        // When
        let response = await router.routeToShowOrder(orderID: "2", refused: refused)

        // Then
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertEqual(asked?.0, "2")
        XCTAssertEqual(asked?.1, refused)
    }
}
