import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SetUpRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: SetUpRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = SetUpRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
        sut.security = testSecurity
    }

    // MARK: Tests

    func testRouteToListOrdersShouldRedirectSignedInWithTheFlash() {
        // When
        let response = sut.routeToListOrders(session: AccountSeeds.sessionID(1), flash: "Your supervisor account sue is ready")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders")
        XCTAssertEqual(
            Set(response.setCookieParts),
            [
                [flashCookie("Your supervisor account sue is ready"), "Path=/", "SameSite=Lax", "HttpOnly"],
                ["\(SessionMiddleware.cookieName)=\(AccountSeeds.sessionID(1).text)", "Path=/", "SameSite=Lax", "HttpOnly"],
            ])
    }

    func testRouteToSignInShouldRedirectWithTheFlashAndNoSession() {
        // When
        let response = sut.routeToSignIn(flash: "A supervisor account was made meanwhile")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/sign-in")
        XCTAssertEqual(response.setCookieParts, [[flashCookie("A supervisor account was made meanwhile"), "Path=/", "SameSite=Lax", "HttpOnly"]])
    }
}
