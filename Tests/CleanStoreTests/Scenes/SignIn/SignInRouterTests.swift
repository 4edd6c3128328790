import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SignInRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: SignInRouter!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        sut = SignInRouter()
        sut.flash = Flash(security: testSecurity, browserID: testBrowserID)
        pagesSpy = PageRendererSpy()
        sut.environment = try await makeTestEnvironment(store: OrdersMemStore(orders: [Seeds.Orders.amy, Seeds.Orders.bob]), pages: pagesSpy)
        sut.browser = Browser(id: testBrowserID, csrfToken: testSignedOutCSRFToken)
    }

    // MARK: Test data

    static let clerk = SignedIn(name: AccountSeeds.amy.name, role: .clerk)
    static let newSession = AccountSeeds.sessionID(1)
    /// What the new session's cookie is set with: `HttpOnly; SameSite=Lax; Path=/`.
    static let sessionCookie: Set<String> = ["\(SessionMiddleware.cookieName)=\(newSession.text)", "HttpOnly", "SameSite=Lax", "Path=/"]

    /// The order form Amy typed (without the card number and security code, as a draft keeps it).
    static func draft(action: String) -> OrderDraft {
        OrderDraft(action: action, postedBody: Seeds.formBody(Seeds.validFormFields))
    }

    // MARK: Tests

    func testRouteAfterSigningInShouldRedirectToTheDestinationWithTheSessionCookie() async {
        // When
        let response = await sut.routeAfterSigningIn(Self.clerk, session: Self.newSession, to: .init(path: "/orders/2/edit", draft: nil))

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/2/edit")
        XCTAssertEqual(response.setCookieParts, [Self.sessionCookie])
    }

    /// The order form the CreateOrder scene rendered.
    var renderedForm: CreateOrderViewController.FormPage? {
        pagesSpy.rendered.last?.context as? CreateOrderViewController.FormPage
    }

    func testRouteAfterSigningInWithTheOldOrderFormShouldKeepItAsADraftForTheNewSession() async throws {
        // When: the old one-page form, posted signed out
        let response = await sut.routeAfterSigningIn(Self.clerk, session: Self.newSession, to: .init(path: "/orders", draft: Self.draft(action: "/orders")))

        // Then: a draft made by the clerk who signed in, with what the form carried (never the card)
        XCTAssertEqual(response.status, .seeOther)
        let location = try XCTUnwrap(response.headers[.location])
        XCTAssert(location.hasPrefix("/drafts/D-"), location)
        XCTAssert(response.setCookieParts.contains(Self.sessionCookie), "\(response.setCookieParts)")
        let environment = try XCTUnwrap(sut.environment)
        let draft = try await environment.drafts.fetchDraft(ref: String(location.dropFirst("/drafts/".count)))
        XCTAssertEqual(draft?.createdBy, Self.clerk.name)
        XCTAssertEqual(draft?.contact.email, "amy.apple@clean-swift.com", "As typed")
        XCTAssertEqual(draft?.shipmentAddress.city, "Cupertino")
    }

    func testRouteAfterSigningInWithAnEditsDraftShouldRenderTheEditForm() async throws {
        // When
        let response = await sut.routeAfterSigningIn(
            Self.clerk, session: Self.newSession, to: .init(path: "/orders/2", draft: Self.draft(action: "/orders/2")))

        // Then
        XCTAssertEqual(response.status, .ok)
        let page = try XCTUnwrap(renderedForm)
        XCTAssertEqual(page.form.heading, "Edit order 2")
        XCTAssertEqual(page.form.action, "/orders/2")
        XCTAssertEqual(page.form.version, "1", "The version the form was opened at")
    }

    func testRouteToDestinationShouldRedirect() {
        // When
        let response = sut.routeToDestination(path: "/orders/7")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders/7")
        XCTAssertEqual(response.setCookies, [])
    }

    func testRouteToSignInAfterSigningOutShouldRemoveTheSessionCookieAndPassTheFlash() {
        // When
        let response = sut.routeToSignInAfterSigningOut(flash: "You have signed out.")

        // Then
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/sign-in")
        XCTAssertEqual(
            Set(response.setCookieParts),
            [
                [flashCookie("You have signed out."), "Path=/", "SameSite=Lax", "HttpOnly"],
                ["\(SessionMiddleware.cookieName)=", "Path=/", "SameSite=Lax", "Max-Age=0", "HttpOnly"],
            ])
    }
}
