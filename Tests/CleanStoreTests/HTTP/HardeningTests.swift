import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Forged posts, security headers, cookies and logs.
final class HardeningTests: XCTestCase {
    // MARK: CSRF

    func testAPostWithoutAValidTokenIs403AndChangesNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        let otherBrowser = "other-browser-0123456789"
        let otherToken = CSRFMiddleware.token(for: otherBrowser, session: testSessionID, security: testSecurity)
        let foreignToken = CSRFMiddleware.token(for: testBrowserID, session: testSessionID, security: RequestSecurity(secret: "another secret, also 32 bytes long", now: { Seeds.june29 }))
        let body = Seeds.formBody(Seeds.validFormFields)
        let cases: [(String, String?, String)] = [
            ("no cookie, no token", nil, body),
            ("cookie, no token", testBrowserCookie, body),
            ("token, no cookie", nil, body + "&_csrf=\(testCSRFToken)"),
            ("another browser's token", testBrowserCookie, body + "&_csrf=\(otherToken)"),
            ("token of another secret", testBrowserCookie, body + "&_csrf=\(foreignToken)"),
            ("garbage token", testBrowserCookie, body + "&_csrf=%21%21"),
            ("empty token", testBrowserCookie, body + "&_csrf="),
        ]
        try await app.test { client in
            let postRoutes = Routes.table(environment: app.environment).filter { $0.method == .post }
            XCTAssertEqual(
                postRoutes.map(\.path.description),
                [
                    "/sign-in", "/sign-out", "/setup", "/orders/views", "/orders/views/{id}", "/orders", "/orders/{id}", "/orders/{id}/delete", "/orders/{id}/status", "/orders/{id}/undo", "/orders/{id}/tracking",
                    "/orders/bulk", "/orders/{id}/notes", "/drafts", "/orders/{id}/new-draft", "/orders/{id}/repeat", "/drafts/{id}/customer", "/drafts/{id}/caller", "/drafts/{id}/delivery", "/drafts/{id}/lines", "/drafts/{id}/lines/quantities",
                    "/drafts/{id}/lines/price", "/drafts/{id}/lines/remove", "/drafts/{id}/prices", "/drafts/{id}/place",
                    "/orders/{id}/lines", "/orders/{id}/lines/quantities", "/orders/{id}/lines/{key}/price", "/orders/{id}/lines/{key}/remove",
                    "/tax-rates/new", "/tax-rates/{id}/edit", "/products/new", "/products/{id}/edit", "/products/{id}/archive",
                    "/products/{id}/restore", "/customers/new", "/customers/{id}/edit", "/customers/{id}/merge/{key}", "/customers/{id}/erase",
                    "/account/tokens", "/account/tokens/{id}/revoke", "/accounts/{id}/tokens", "/accounts/{id}/tokens/{key}/revoke", "/accounts/new", "/accounts/{id}/role",
                    "/accounts/{id}/disable", "/accounts/{id}/enable", "/accounts/{id}/reset-password", "/set-password",
                    "/webhooks", "/webhooks/{id}/enabled",
                ])
            for uri in postRoutes.map({ $0.path("1") }) {
                for (name, cookie, form) in cases {
                    let response = try await client.post(uri, form: form, cookie: cookie, csrf: false)
                    XCTAssertEqual(response.status, .forbidden, "\(uri): \(name)")
                    XCTAssert(response.text.contains("<h1>This form has expired</h1>"), name)
                }
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy], "Nothing was created or changed")
    }

    func testTheTokenIsCheckedBeforeAnyOfTheFormIsDecoded() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        // 8,000 fields (~60 KiB), one of them repeated and one badly encoded: decoded, this body
        // would be a 400; without a valid token it is never decoded at all.
        let fields = (0..<8_000).map { "\(String($0, radix: 36))=x" } + ["1=again", "bad=%zz"]
        let body = fields.joined(separator: "&")
        XCTAssertLessThan(body.utf8.count, 64 * 1024)
        try await app.test { client in
            let cases: [(String, String?, String)] = [
                ("no cookie, no token", nil, body),
                ("cookie, no token", testBrowserCookie, body),
                ("cookie, another secret's token", testBrowserCookie,
                 body + "&_csrf=" + CSRFMiddleware.token(for: testBrowserID, session: testSessionID, security: RequestSecurity(secret: "another secret, also 32 bytes long", now: { Seeds.june29 }))),
            ]
            for (name, cookie, form) in cases {
                let response = try await client.post("/orders", form: form, cookie: cookie, csrf: false)
                XCTAssertEqual(response.status, .forbidden, name)
            }
            // With its token the same body is read, and refused as no form
            let decoded = try await client.post("/orders", form: body)
            XCTAssertEqual(decoded.status, .badRequest)
            // A token given twice is no form either
            let twice = try await client.post("/orders", form: "_csrf=\(testCSRFToken)&firstName=Amy")
            XCTAssertEqual(twice.status, .badRequest)
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy], "Nothing was created or changed")
    }

    func testTextThatShowsOtherThanItIsStoredIsRefusedWithAClearMessage() async throws {
        let app = try await TestApp()
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.firstName = "Bob \u{202E}ecilA"
            fields.shipmentAddressStreet1 = "Z" + String(repeating: "\u{301}", count: 5_000)  // one character, 10 KB
            fields.shipmentAddressCity = "4111\u{200B}1111\u{200B}1111\u{200B}1111"
            let response = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssert(response.text.contains("First name must not include hidden formatting characters, such as text direction marks"))
            XCTAssert(response.text.contains("Street line 1 of the shipment address must be 100 characters or fewer"))
            XCTAssert(response.text.contains("City of the shipment address must not include a card number"))
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [])
    }

    func testAFormPageGivesTheBrowserItsCookieAndTheFormItsToken() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let form = try await client.get("/drafts", browser: false)
            XCTAssertEqual(
                form.headers[values: .setCookie].map { Set($0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }) },
                [[testSignedOutCookie, "Path=/", "HttpOnly", "SameSite=Lax"]])
            XCTAssert(form.text.contains(#"<input type="hidden" name="_csrf" value="\#(testCSRFToken)" />"#))

            // A browser that has its cookie keeps it
            let again = try await client.get("/drafts")
            XCTAssertNil(again.headers[.setCookie])
        }
    }

    func testOnlyABrowserIDTheServerIssuedVouchesForAToken() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        // An id the client chose, with the token that id would have: without the server's signature
        // on the id, the cookie counts for nothing.
        let chosen = "chosen-by-the-client-0123"
        let chosenToken = CSRFMiddleware.token(for: chosen, session: testSessionID, security: testSecurity)
        let forgedSignature = CSRFMiddleware.cookieValue(for: chosen, security: RequestSecurity(secret: "another secret, also 32 bytes long"))
        try await app.test { client in
            for cookie in ["\(CSRFMiddleware.cookieName)=\(chosen)", "\(CSRFMiddleware.cookieName)=\(forgedSignature)",
                           "\(CSRFMiddleware.cookieName)=\(chosen).", "\(CSRFMiddleware.cookieName)=\(testBrowserID)"] {
                let response = try await client.post(
                    "/orders", form: Seeds.formBody(Seeds.validFormFields) + "&_csrf=\(chosenToken)", cookie: cookie, csrf: false)
                XCTAssertEqual(response.status, .forbidden, cookie)
                let page = try await client.get("/drafts", cookie: cookie, browser: false)
                XCTAssertEqual(page.headers[values: .setCookie].count, 1, "\(cookie): the browser gets an id of the server's")
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy])
    }

    func testATokenIsGoodFor12Hours() async throws {
        // Given: the app's clock 11 hours 59 minutes, then 12 hours and a second, after the token was made
        for (elapsed, status) in [(12 * 3600 - 60.0, HTTPResponse.Status.seeOther), (12 * 3600 + 1, .forbidden)] {
            var app = try await TestApp()
            app.environment.security.now = { Seeds.june29.addingTimeInterval(elapsed) }
            try await app.test { client in
                // When
                let response = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))

                // Then
                XCTAssertEqual(response.status, status, "\(elapsed) s")
            }
        }
    }

    func testSecretsShorterThan32BytesAreRefusedAndFilesAndTheEnvironmentAreRead() throws {
        let long = String(repeating: "s", count: 32)
        XCTAssertThrowsError(try RequestSecurity.secret(option: "k9", file: nil, environment: [:])) { error in
            XCTAssertEqual("\(error)", "The secret is 2 bytes long; it must be at least 32 (make one with: openssl rand -base64 32)")
        }
        XCTAssertThrowsError(try RequestSecurity.secret(option: nil, file: nil, environment: ["CLEANSTORE_SECRET": "short"]))
        XCTAssertEqual(try RequestSecurity.secret(option: long, file: nil, environment: [:]), long)
        XCTAssertEqual(try RequestSecurity.secret(option: nil, file: nil, environment: ["CLEANSTORE_SECRET": long]), long)
        XCTAssertNil(try RequestSecurity.secret(option: nil, file: nil, environment: [:]))

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try "\(long)\n".write(to: file, atomically: true, encoding: .utf8)
        XCTAssertEqual(try RequestSecurity.secret(option: nil, file: file.path, environment: ["CLEANSTORE_SECRET": "x"]), long)
        XCTAssertThrowsError(try RequestSecurity.secret(option: nil, file: file.path + "-missing", environment: [:])) { error in
            XCTAssertEqual("\(error)", "Cannot read the secret file \(file.path)-missing")
        }
    }

    func testCookiesAreSecureWhenConfigured() async throws {
        var app = try await TestApp()
        app.environment.security.secureCookies = true
        try await app.test { client in
            let form = try await client.get("/drafts", cookie: "__Host-" + testSessionCookie, browser: false, signedIn: false)
            XCTAssertEqual(form.headers[values: .setCookie].count, 1)
            XCTAssert(form.headers[values: .setCookie].allSatisfy { $0.contains("Secure") && $0.hasPrefix("__Host-cleanstore_csrf=") })
            // The browser sends them back under their __Host- names
            let created = try await client.post(
                "/orders", form: Seeds.formBody(Seeds.validFormFields) + "&_csrf=\(testCSRFToken)",
                cookie: "__Host-\(testSignedOutCookie); __Host-\(testSessionCookie)", csrf: false, signedIn: false)
            XCTAssertEqual(created.status, .seeOther)
            XCTAssertEqual(created.headers[values: .setCookie].count, 1)
            XCTAssert(created.headers[values: .setCookie].allSatisfy {
                $0.hasPrefix("__Host-cleanstore_flash=") && $0.contains("Secure") && $0.contains("HttpOnly")
            })
            // Under its plain name the cookie is no cookie of this server's
            let plain = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(plain.status, .forbidden)
        }
    }

    // MARK: Headers

    func testEveryHTMLResponseCarriesTheSecurityHeaders() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var responses = [
                try await client.get("/orders"), try await client.get("/orders/1"), try await client.get("/drafts"),
                try await client.get("/orders/1/edit"), try await client.get("/orders/9"),
                try await client.execute(uri: "/orders", method: .delete),
                try await client.post("/orders", form: "", csrf: false),
                try await client.post("/orders", form: "firstName=Amy"),
            ]
            responses.append(try await client.post("/orders", form: "x=%zz"))
            for response in responses {
                XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8")
                XCTAssertEqual(
                    response.headers[.contentSecurityPolicy],
                    "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'")
                XCTAssertEqual(response.headers[.xContentTypeOptions], "nosniff")
                XCTAssertEqual(response.headers[.init("Referrer-Policy")!], "same-origin")
                XCTAssertEqual(response.headers[.cacheControl], "no-store", "\(response.status)")
                XCTAssertFalse(response.text.contains("<script>"), "No inline script")
                XCTAssertFalse(response.text.contains("style="), "No inline style")
            }
            let css = try await client.get("/css/app.css")
            XCTAssertEqual(css.headers[.xContentTypeOptions], "nosniff")
            XCTAssertEqual(css.headers[.cacheControl], "public, max-age=3600")
        }
    }

    // MARK: Logs

    func testLogsNeverHoldACardNumberOrSecurityCodeInEitherFormat() async throws {
        for format in ["text", "json"] {
            let capture = LogCapture()
            let app = try await TestApp(logger: format == "json" ? capture.jsonLogger(level: .trace) : capture.logger(level: .trace))
            try await app.seedOrder()
            try await app.test { client in
                // The old one-page form, card and all: kept as a draft, its card never read
                var fields = Seeds.validFormFields
                fields.paymentMethodCreditCardNumber = "5555 5555 5555 4444"
                fields.paymentMethodCVV = "987"
                let kept = try await client.post("/orders", form: Seeds.formBody(fields))
                XCTAssertEqual(kept.status, .seeOther)
                fields.paymentMethodCreditCardNumber = "4111-1111-1111-1111"
                fields.paymentMethodCVV = "6543"
                let updated = try await client.post("/orders/1", form: Seeds.formBody(fields))
                XCTAssertEqual(updated.status, .seeOther)
                fields.paymentMethodExpirationDate = "13/99"
                let refused = try await client.post("/orders/1", form: Seeds.formBody(fields))
                XCTAssertEqual(refused.status, .unprocessableContent)
                _ = try await client.get("/orders/1")
                _ = try await client.get("/orders/1/edit")
            }
            let logs = capture.text
            XCTAssert(logs.contains("/orders/1"), "\(format): the requests were logged: \(logs)")
            XCTAssert(logs.contains("hb.request.id"), "\(format): with their request ids")
            for secret in ["5555555555554444", "5555 5555 5555 4444", "5555%205555", "4111111111111111", "4111-1111", "paymentMethod"] {
                XCTAssertFalse(logs.contains(secret), "\(format): the logs contain \(secret)")
            }
            // The security codes as values of their own: not inside a random request id (hex) or a
            // duration (`0.987`), where three digits turn up by chance.
            for code in ["987", "6543"] {
                let alone = try NSRegularExpression(pattern: "(?<![0-9a-f.])\(code)(?![0-9])")
                let found = alone.firstMatch(in: logs, range: NSRange(logs.startIndex..., in: logs))
                XCTAssertNil(found, "\(format): the logs contain \(code)")
            }
        }
    }

    func testEveryRequestIsLoggedOnceWhenAnsweredWithItsRouteStatusAndDuration() async throws {
        let capture = LogCapture()
        let app = try await TestApp(orders: [Seeds.Orders.amy], logger: capture.jsonLogger(level: .info))
        try await app.test { client in
            _ = try await client.get("/orders/1?x=secret-query")
            _ = try await client.get("/nowhere")
        }
        let lines = capture.text.split(separator: "\n").compactMap { line in
            try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
        }
        XCTAssertEqual(lines.count, capture.text.split(separator: "\n").count, "Every line is one JSON object")
        let requests = lines.filter { $0["message"] as? String == "Request" }
        XCTAssertEqual(requests.count, 2)
        let shown = try XCTUnwrap(requests.first)
        XCTAssertEqual(shown["method"] as? String, "GET")
        XCTAssertEqual(shown["path"] as? String, "/orders/1", "The path, never the query")
        XCTAssertEqual(shown["route"] as? String, "/orders/{id}")
        XCTAssertEqual(shown["status"] as? String, "200")
        XCTAssertEqual(shown["level"] as? String, "info")
        XCTAssertNotNil(Double(shown["duration_ms"] as? String ?? ""))
        XCTAssertNotNil(shown["hb.request.id"])
        XCTAssertNotNil(shown["time"] as? String)
        XCTAssertEqual(requests.last?["status"] as? String, "404")
        XCTAssertFalse(capture.text.contains("secret-query"))
    }

    /// A store whose every call fails as a full disk does.
    struct FullDiskStore: OrdersStoreProtocol {
        let failure = "SQLite error 13: database or disk is full"
        func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage { throw .cannotFetch(failure) }
        func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int { throw .cannotFetch(failure) }
        func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { throw .cannotFetch(failure) }
        func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            throw .cannotCreate(failure)
        }
        func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate(failure)
        }
        func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order { throw .cannotDelete(failure) }
        func changeStatus(
            id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate(failure)
        }
        func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate(failure)
        }
        func decideCancellation(
            id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate(failure)
        }
        func changeTracking(
            id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate(failure)
        }
        func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .unavailable(failure)
        }
        func checkHealth() async throws(OrdersStoreError) { throw .unavailable(failure) }
    }

    func testStoreFailuresAreLoggedAsErrorsWithTheRequestID() async throws {
        let capture = LogCapture()
        let app = try await TestApp(store: FullDiskStore(), logger: capture.logger(level: .info))
        try await app.test { client in
            let list = try await client.get("/orders")
            XCTAssertEqual(list.status, .serviceUnavailable)
            let shown = try await client.get("/orders/1")
            XCTAssertEqual(shown.status, .serviceUnavailable)
            let edit = try await client.get("/orders/1/edit")
            XCTAssertEqual(edit.status, .serviceUnavailable, "Not 404: the order may well be there")
            let deleted = try await client.post("/orders/1/delete", form: "")
            XCTAssertEqual(deleted.status, .serviceUnavailable)
        }
        let failures = capture.text.split(separator: "\n").filter { $0.contains("Store failed") }
        // The list's tab counts and its page of orders each say so (the tabs first: one line, the first count).
        XCTAssertEqual(failures.count, 5, capture.text)
        XCTAssert(failures.allSatisfy { $0.contains("error") && $0.contains("hb.request.id=") && $0.contains("disk is full") })
        XCTAssertFalse(capture.text.contains("4111"), "Never the card")
    }

    func testRefusedRequestsAreLoggedWithTheirRequestID() async throws {
        let capture = LogCapture()
        let app = try await TestApp(logger: capture.logger(level: .info))
        try await app.test { client in
            _ = try await client.get("/orders/404")
            _ = try await client.post("/orders", form: "", csrf: false)
        }
        let refusals = capture.text.split(separator: "\n").filter { $0.contains("Request refused") }
        XCTAssertEqual(refusals.count, 1, "The 403 (the 404 is a scene's answer, logged as a request)")
        XCTAssert(refusals.allSatisfy { $0.contains("hb.request.id=") && $0.contains("status=403") })
    }
}
