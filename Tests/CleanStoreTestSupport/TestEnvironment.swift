import Foundation
import HummingbirdBcrypt
import Hummingbird
import XCTest

@testable import CleanStore

/// Where the repository's `Views/` and `Public/` are, seen from this file.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath)  // Tests/CleanStoreTestSupport/TestEnvironment.swift
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let views = root.appendingPathComponent("Views").path
    static let publicDirectory = root.appendingPathComponent("Public").path
}

/// The fixed secret, clock and browser id of the tests: tokens and signed flashes are the same every
/// run (tokens are made at 6/29/07 06:00 UTC, the test clock, and good for 12 hours).
let testSecurity = RequestSecurity(
    secret: "test-secret-of-the-tests-32-bytes", newBrowserID: { testBrowserID }, now: { Seeds.june29 })
let testBrowserID = "test-browser-0123456789"
/// The session the test browser is signed in with (in every `makeTestEnvironment`, as `testAccount`).
let testSessionID = SessionID(bytes: Data(repeating: 7, count: 32))!
/// The account the test browser is signed in as: a supervisor (who may do everything) unless a test
/// says otherwise (`makeTestEnvironment(role:)`).
let testAccount = Account(
    username: "sam", displayName: "Sam Supervisor", role: .supervisor, passwordHash: testPasswordHash, createdAt: Seeds.june29)
/// The password of every test account, and its bcrypt hash at cost 4 (bcrypt's least: milliseconds).
let testPassword = "correct horse battery staple"
let testPasswordHash = try! Bcrypt.hash(testPassword, cost: 4)
/// The CSRF token of `testBrowserID` in `testSessionID`.
let testCSRFToken = CSRFMiddleware.token(for: testBrowserID, session: testSessionID, security: testSecurity)
/// The test browser, signed in as `testAccount`, as the route table hands it to a scene.
let testBrowser = Browser(
    id: testBrowserID, csrfToken: testCSRFToken, signedIn: SignedIn(name: testAccount.name, role: testAccount.role))
/// The `name=value` of the test browser's session cookie.
let testSessionCookie = "\(SessionMiddleware.cookieName)=\(testSessionID.text)"
/// The `name=value` pairs of the test browser's cookies: its CSRF cookie (its id, signed by the
/// server) and its session.
let testBrowserCookie =
    "\(CSRFMiddleware.cookieName)=\(CSRFMiddleware.cookieValue(for: testBrowserID, security: testSecurity)); \(testSessionCookie)"
/// The test browser's CSRF cookie alone: a browser that is not signed in.
let testSignedOutCookie = "\(CSRFMiddleware.cookieName)=\(CSRFMiddleware.cookieValue(for: testBrowserID, security: testSecurity))"
/// The CSRF token of the test browser when it is not signed in.
let testSignedOutCSRFToken = CSRFMiddleware.token(for: testBrowserID, session: nil, security: testSecurity)
/// The test browser with Sue signed in on it.
let testSignedInBrowser = Browser(
    id: testBrowserID, csrfToken: testCSRFToken, signedIn: SignedIn(name: AccountSeeds.sue.name, role: .supervisor))

/// A `Cookie` header carrying a signed flash for the test browser, as a router's redirect sets it.
func flashCookie(_ message: String) -> String {
    "\(Flash.cookieName)=\(Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: message))"
}

/// A `Cookie` header carrying a signed confirmation of a new order for the test browser, as the
/// create's redirect sets it.
func confirmationCookie(_ confirmation: Flash.Confirmation) -> String {
    "\(Flash.cookieName)=\(Flash(security: testSecurity, browserID: testBrowserID).cookieValue(for: confirmation))"
}

/// The one-time key every new-order form of the tests carries (`SceneEnvironment.newOrderKey`).
let testOrderKey = "test-order-key-0000001"

/// A scene environment with everything fixed: memory store, clock at 6/29/07, UTC, test secret. The
/// history and the notes are `store`'s unless given (a store that keeps neither gets an empty one).
func makeTestEnvironment(
    store: any OrdersStoreProtocol = OrdersMemStore(),
    events: (any OrderEventsStoreProtocol)? = nil,
    notes: (any OrderNotesStoreProtocol)? = nil,
    pages: (any PageRendering)? = nil,
    now: Date = Seeds.june29,
    role: AccountRole = .supervisor,
    signIn: SignInServices? = nil
) async throws -> SceneEnvironment {
    let renderer: any PageRendering
    if let pages {
        renderer = pages
    } else {
        renderer = try await PageRenderer(directory: Repository.views)
    }
    var environment = SceneEnvironment(
        // A store that keeps no history or notes (a test's failing store) has none to show.
        // A memory store's history and notes are its database's.
        ordersStore: store,
        orderEvents: events ?? (store as? any OrderEventsStoreProtocol)
            ?? OrderEventsMemStore(database: (store as? OrdersMemStore)?.database ?? MemoryAppDatabase()),
        orderNotes: notes ?? (store as? any OrderNotesStoreProtocol)
            ?? OrderNotesMemStore(database: (store as? OrdersMemStore)?.database ?? MemoryAppDatabase()),
        pages: renderer,
        now: { now }, timeZone: TimeZone(identifier: "UTC")!, security: testSecurity,
        signIn: try await { if let signIn { return signIn } else { return try await makeTestSignIn(role: role, now: now) } }())
    environment.newOrderKey = { testOrderKey }
    environment.sampleCatalogPath = Repository.root.appendingPathComponent("deploy/sample-catalog.csv").path
    // API tokens beside the accounts they act for (one memory database, as `OrdersDatabase` opens them).
    if let accounts = environment.signIn.accounts as? AccountsMemStore {
        environment.apiTokens = APITokensMemStore(database: accounts.database)
    }
    return environment
}

/// Memory accounts and sessions where `testAccount` (with `role`) is signed in with `testSessionID`;
/// bcrypt at cost 4; new sessions numbered 1, 2, 3… (`AccountSeeds.sessionID`).
func makeTestSignIn(role: AccountRole = .supervisor, now: Date = Seeds.june29, setupToken: SetupToken? = nil) async throws -> SignInServices {
    let accounts = AccountsMemStore()
    var account = testAccount
    account.role = role
    _ = try await accounts.createAccount(account)
    let sessions = SessionsMemStore(accounts: accounts)
    _ = try await sessions.createSession(id: testSessionID, username: account.username, now: now)
    let counter = SessionCounter()
    return SignInServices(
        accounts: accounts, sessions: sessions, attempts: SignInAttemptsMemStore(), passwords: AccountSeeds.fastPasswords,
        newSessionID: { AccountSeeds.sessionID(counter.next()) }, setupToken: setupToken)
}

/// 1, 2, 3…: the bytes of the sessions a test signs in.
final class SessionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value: UInt8 = 0
    func next() -> UInt8 { lock.withLock { value += 1; return value } }
/// The test browser with Sue signed in on it.
let testSignedInBrowser = Browser(
    id: testBrowserID, csrfToken: testCSRFToken, signedIn: SignedIn(name: AccountSeeds.sue.name, role: .supervisor))
}

/// Records what a view controller asked to render, and renders a short, predictable text.
final class PageRendererSpy: PageRendering, @unchecked Sendable {
    struct Rendered {
        var template: String
        var context: Any
        var title: String
        var flash: String?
        var layout: PageLayout
    }

    private(set) var rendered: [Rendered] = []
    /// The browsers a layout was asked to say are signed in (`for(_:)`).
    private(set) var browsers: [Browser] = []

    func render(template: String, context: Any, title: String, flash: String?, layout: PageLayout) -> String {
        rendered.append(Rendered(template: template, context: context, title: title, flash: flash, layout: layout))
        return "<rendered \(template)>"
    }

    func `for`(_ browser: Browser) -> any PageRendering {
        browsers.append(browser)
        return self
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
