import Hummingbird
import XCTest

@testable import CleanStore

final class ListOrdersRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListOrdersRouter()
    }

    // MARK: Tests

    func testPassedMessageShouldBeReadFromTheRedirectsCookie() {
        // Given
        let request = makeRequest(path: "/orders", cookie: "other=1; \(Flash.cookieName)=Order%2012%20was%20created%2E")

        // When
        let message = sut.passedMessage(in: request)

        // Then
        XCTAssertEqual(message, "Order 12 was created.")
    }

    func testPassedMessageShouldBeNilWithoutACookie() {
        XCTAssertNil(sut.passedMessage(in: makeRequest(path: "/orders")))
        XCTAssertNil(sut.passedMessage(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=")))
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

    func testDataStoreShouldBeTheInteractor() async throws {
        // Given
        let viewController = ListOrdersViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()))

        // Then
        let router = try XCTUnwrap(viewController.router as? ListOrdersRouter)
        XCTAssert(router.dataStore === viewController.interactor as? ListOrdersInteractor)
        XCTAssert(router.viewController === viewController)
    }
}
