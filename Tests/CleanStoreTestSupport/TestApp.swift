import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import CleanStore

/// The whole app, in process, over a memory store with a fixed clock, as HTTP tests drive it.
struct TestApp {
    let store: any OrdersStoreProtocol
    var environment: SceneEnvironment
    /// Where the app logs; by default only errors, to the console.
    var logger: Logger

    /// The test browser is signed in as `testAccount` with `role`.
    init(
        orders: [Order] = [], store: (any OrdersStoreProtocol)? = nil, logger: Logger? = nil, role: AccountRole = .supervisor,
        signIn: SignInServices? = nil
    ) async throws {
        self.store = store ?? OrdersMemStore(orders: orders)
        environment = try await makeTestEnvironment(store: self.store, role: role, signIn: signIn)
        self.logger = logger ?? {
            var logger = Logger(label: "cleanstore-test")
            logger.logLevel = .error
            return logger
        }()
    }

    /// An order saved through the store as `fields` describe it (`Seeds.order(from:)`), with its
    /// "created" event by `testAccount` at the test clock's 6/29/07: for a test that needs an order
    /// to exist (a new order is taken as a draft, `DraftsHTTPTests`, `PlaceDraftHTTPTests`).
    @discardableResult
    func seedOrder(_ fields: CreateOrder.OrderFormFields = Seeds.validFormFields) async throws -> Order {
        let order = try XCTUnwrap(Seeds.order(from: fields), "A form the rules refuse makes no order")
        return try await store.createOrder(orderToCreate: order, by: testAccount.name, at: Seeds.june29)
    }

    func test<Value: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        let app = Application(
            router: buildRouter(environment: environment, publicDirectory: Repository.publicDirectory),
            logger: logger)
        return try await app.test(.router, body)
    }
}

extension TestClientProtocol {
    /// Posts a web form (`application/x-www-form-urlencoded`) as the test browser does: with its
    /// CSRF cookie and the form's `_csrf` token, unless `csrf` is false.
    /// Signed in as `testAccount` unless `signedIn` is false (then with the browser's signed-out token).
    func post(_ uri: String, form: String, cookie: String? = nil, csrf: Bool = true, signedIn: Bool = true) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
        var body = form
        var cookies = cookie.map { [$0] } ?? []
        if csrf {
            cookies.append(signedIn ? testBrowserCookie : testSignedOutCookie)
            body += (body.isEmpty ? "" : "&") + "\(CSRFMiddleware.fieldName)=\(signedIn ? testCSRFToken : testSignedOutCSRFToken)"
        } else if signedIn {
            cookies.append(testSessionCookie)
        }
        if !cookies.isEmpty { headers[.cookie] = cookies.joined(separator: "; ") }
        return try await execute(uri: uri, method: .post, headers: headers, body: ByteBuffer(string: body))
    }

    /// GETs a page as the test browser does: with its CSRF cookie (it has one since its first page),
    /// unless `browser` is false (a browser with no CSRF cookie yet), and signed in as `testAccount`
    /// unless `signedIn` is false.
    func get(_ uri: String, cookie: String? = nil, browser: Bool = true, signedIn: Bool = true) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        var cookies = cookie.map { [$0] } ?? []
        switch (browser, signedIn) {
        case (true, true): cookies.append(testBrowserCookie)
        case (true, false): cookies.append(testSignedOutCookie)
        case (false, true): cookies.append(testSessionCookie)
        case (false, false): break
        }
        if !cookies.isEmpty { headers[.cookie] = cookies.joined(separator: "; ") }
        return try await execute(uri: uri, method: .get, headers: headers)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The `name=value` of the response's first `Set-Cookie`, to send back as a browser would.
    var cookieToSendBack: String? {
        headers[.setCookie].map { String($0.split(separator: ";")[0]) }
    }
}
