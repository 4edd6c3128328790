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
        sut.flash = Flash(security: testSecurity)
    }

    // MARK: Tests

    func testPassedMessageShouldBeReadFromTheRedirectsCookie() {
        // Given
        let request = makeRequest(path: "/orders", cookie: "other=1; " + flashCookie("Order 12 was created."))

        // When
        let message = sut.passedMessage(in: request)

        // Then
        XCTAssertEqual(message, "Order 12 was created.")
    }

    func testAForgedOrForeignMessageShouldBeIgnored() {
        let genuine = Flash(security: testSecurity).cookieValue(for: "Order 1 was created.")
        let forged = RequestSecurity.base64URL(Data("Your card was declined, call 555".utf8)) + "." + genuine.split(separator: ".")[1]
        let foreign = Flash(security: RequestSecurity(secret: "another secret")).cookieValue(for: "Order 1 was created.")
        for value in [forged, foreign, "Order%201%20was%20created", "a.b", "."] {
            XCTAssertNil(sut.passedMessage(in: makeRequest(path: "/orders", cookie: "\(Flash.cookieName)=\(value)")), value)
        }
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
