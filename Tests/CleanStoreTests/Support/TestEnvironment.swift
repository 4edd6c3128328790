import Foundation
import Hummingbird
import XCTest

@testable import CleanStore

/// Where the repository's `Views/` and `Public/` are, seen from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let views = root.appendingPathComponent("Views").path
    static let publicDirectory = root.appendingPathComponent("Public").path
}

/// The fixed secret, clock and browser id of the tests: tokens and signed flashes are the same every
/// run (tokens are made at 6/29/07 06:00 UTC, the test clock, and good for 12 hours).
let testSecurity = RequestSecurity(
    secret: "test-secret-of-the-tests-32-bytes", newBrowserID: { testBrowserID }, now: { Seeds.june29 })
let testBrowserID = "test-browser-0123456789"
/// The CSRF token of `testBrowserID`.
let testCSRFToken = CSRFMiddleware.token(for: testBrowserID, security: testSecurity)
/// The test browser, as the route table hands it to a scene.
let testBrowser = Browser(id: testBrowserID, csrfToken: testCSRFToken)
/// The test browser with Sue signed in on it (as the sign-in work will hand it to scenes).
let testSignedInBrowser = Browser(
    id: testBrowserID, csrfToken: testCSRFToken, signedIn: SignedIn(name: AccountSeeds.sue.name, role: .supervisor))
/// The `name=value` of the test browser's CSRF cookie (its id, signed by the server).
let testBrowserCookie = "\(CSRFMiddleware.cookieName)=\(CSRFMiddleware.cookieValue(for: testBrowserID, security: testSecurity))"

/// A `Cookie` header carrying a signed flash for the test browser, as a router's redirect sets it.
func flashCookie(_ message: String) -> String {
    "\(Flash.cookieName)=\(Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: message))"
}

/// A scene environment with everything fixed: memory store, clock at 6/29/07, UTC, test secret.
func makeTestEnvironment(
    store: any OrdersStoreProtocol = OrdersMemStore(),
    events: (any OrderEventsStoreProtocol)? = nil,
    pages: (any PageRendering)? = nil,
    now: Date = Seeds.june29
) async throws -> SceneEnvironment {
    let renderer: any PageRendering
    if let pages {
        renderer = pages
    } else {
        renderer = try await PageRenderer(directory: Repository.views)
    }
    return SceneEnvironment(
        // A store that keeps no history (a test's failing store) has none to show.
        ordersStore: store, orderEvents: events ?? (store as? any OrderEventsStoreProtocol) ?? OrdersMemStore(), pages: renderer, now: { now }, timeZone: TimeZone(identifier: "UTC")!, security: testSecurity)
}

/// Records what a view controller asked to render, and renders a short, predictable text.
final class PageRendererSpy: PageRendering, @unchecked Sendable {
    struct Rendered {
        var template: String
        var context: Any
        var title: String
        var flash: String?
    }

    private(set) var rendered: [Rendered] = []

    func render(template: String, context: Any, title: String, flash: String?) -> String {
        rendered.append(Rendered(template: template, context: context, title: title, flash: flash))
        return "<rendered \(template)>"
    }
}

extension Response {
    /// The `Set-Cookie` header values of this response.
    var setCookies: [String] {
        headers[values: .setCookie]
    }

    /// Each `Set-Cookie` as its parts (`name=value`, then attributes), whose order HTTP leaves open.
    var setCookieParts: [Set<String>] {
        setCookies.map { Set($0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }) }
    }
}

/// A Hummingbird request, as the router hands it to a view controller.
func makeRequest(path: String, method: HTTPRequest.Method = .get, cookie: String? = nil) -> Request {
    var head = HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path)
    if let cookie { head.headerFields[.cookie] = cookie }
    return Request(head: head, body: RequestBody(buffer: ByteBuffer()))
}

/// What every router that receives a flash does once its page has shown it: expire the cookie.
func assertAcknowledgingTheFlashExpiresItsCookie(
    _ router: some FlashReceiving, file: StaticString = #filePath, line: UInt = #line
) {
    // Given
    var response = Response.html("<p>page</p>")

    // When
    router.acknowledgeFlash(on: &response)

    // Then
    XCTAssertEqual(
        response.setCookieParts, [["\(Flash.cookieName)=", "Path=/", "SameSite=Lax", "Max-Age=0", "HttpOnly"]],
        file: file, line: line)
}
