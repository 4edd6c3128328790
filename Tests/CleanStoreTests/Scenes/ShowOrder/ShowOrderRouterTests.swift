import Hummingbird
import XCTest

@testable import CleanStore

final class ShowOrderRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderRouter()
        sut.flash = Flash(security: testSecurity)
    }

    // MARK: Tests

    func testPassedMessageShouldBeReadFromTheRedirectsCookie() {
        let request = makeRequest(path: "/orders/3", cookie: flashCookie("Order 3 was updated."))
        XCTAssertEqual(sut.passedMessage(in: request), "Order 3 was updated.")
    }

    func testAcknowledgePassedMessageShouldExpireTheCookie() {
        // Given
        var response = Response.html("<p>page</p>")

        // When
        sut.acknowledgePassedMessage(on: &response)

        // Then
        XCTAssertEqual(
            response.setCookieParts, [["\(Flash.cookieName)=", "Path=/", "SameSite=Lax", "Max-Age=0", "HttpOnly"]])
    }

    func testDataStoreShouldHoldTheOrderShown() async throws {
        // Given
        let environment = try await makeTestEnvironment(
            store: OrdersMemStore(orders: [Seeds.Orders.amy]), pages: PageRendererSpy())
        let viewController = ShowOrderViewController(environment: environment)

        // When
        _ = await viewController.showOrder(id: "1", request: makeRequest(path: "/orders/1"))

        // Then
        let router = try XCTUnwrap(viewController.router as? ShowOrderRouter)
        XCTAssertEqual(router.dataStore?.order?.email, Seeds.Orders.amy.email)
    }
}
