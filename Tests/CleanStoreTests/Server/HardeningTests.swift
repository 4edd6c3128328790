import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import Logging
import XCTest

@testable import CleanStore

/// Forged posts, security headers, cookies and logs.
final class HardeningTests: XCTestCase {
    // MARK: CSRF

    func testAPostWithoutAValidTokenIs403AndChangesNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        let otherBrowser = "other-browser-0123456789"
        let otherToken = testSecurity.sign(otherBrowser, for: CSRFMiddleware.purpose)
        let foreignToken = RequestSecurity(secret: "another secret").sign(testBrowserID, for: CSRFMiddleware.purpose)
        let body = Seeds.formBody(Seeds.validFormFields)
        let cases: [(String, String?, String)] = [
            ("no cookie, no token", nil, body),
            ("cookie, no token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body),
            ("token, no cookie", nil, body + "&_csrf=\(testCSRFToken)"),
            ("another browser's token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body + "&_csrf=\(otherToken)"),
            ("token of another secret", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body + "&_csrf=\(foreignToken)"),
            ("garbage token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body + "&_csrf=%21%21"),
            ("empty token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body + "&_csrf="),
        ]
        try await app.test { client in
            let postRoutes = Routes.table(environment: app.environment).filter { $0.method == .post }
            XCTAssertEqual(postRoutes.map(\.path.description), ["/orders", "/orders/{id}", "/orders/{id}/delete"])
            for uri in ["/orders", "/orders/1", "/orders/1/delete"] {
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
                ("cookie, no token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)", body),
                ("cookie, another secret's token", "\(CSRFMiddleware.cookieName)=\(testBrowserID)",
                 body + "&_csrf=" + RequestSecurity(secret: "another secret").sign(testBrowserID, for: CSRFMiddleware.purpose)),
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
            let form = try await client.get("/orders/new")
            XCTAssertEqual(
                form.headers[values: .setCookie].map { Set($0.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }) },
                [["\(CSRFMiddleware.cookieName)=\(testBrowserID)", "Path=/", "HttpOnly", "SameSite=Lax"]])
            XCTAssert(form.text.contains(#"<input type="hidden" name="_csrf" value="\#(testCSRFToken)" />"#))

            // A browser that has its cookie keeps it
            let again = try await client.get("/orders/new", cookie: "\(CSRFMiddleware.cookieName)=\(testBrowserID)")
            XCTAssertNil(again.headers[.setCookie])
        }
    }

    func testCookiesAreSecureWhenConfigured() async throws {
        var app = try await TestApp()
        app.environment.security.secureCookies = true
        try await app.test { client in
            let form = try await client.get("/orders/new")
            XCTAssert(form.headers[values: .setCookie].allSatisfy { $0.contains("Secure") })
            let created = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(created.status, .seeOther)
            XCTAssert(created.headers[values: .setCookie].allSatisfy { $0.contains("Secure") && $0.contains("HttpOnly") })
        }
    }

    // MARK: Headers

    func testEveryHTMLResponseCarriesTheSecurityHeaders() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var responses = [
                try await client.get("/orders"), try await client.get("/orders/1"), try await client.get("/orders/new"),
                try await client.get("/orders/1/edit"), try await client.get("/orders/9"),
                try await client.execute(uri: "/orders", method: .delete),
                try await client.post("/orders", form: "", csrf: false),
                try await client.post("/orders", form: "firstName="),
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

    func testLogsNeverHoldACardNumberOrSecurityCode() async throws {
        let capture = LogCapture()
        let app = try await TestApp(logger: capture.logger(level: .trace))
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.paymentMethodCreditCardNumber = "5555 5555 5555 4444"
            fields.paymentMethodCVV = "987"
            let created = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(created.status, .seeOther)
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
        XCTAssert(logs.contains("/orders/1"), "The requests were logged: \(logs)")
        XCTAssert(logs.contains("hb.request.id"), "With their request ids")
        for secret in ["5555555555554444", "5555 5555 5555 4444", "5555%205555", "4111111111111111", "4111-1111",
                       "987", "6543", "paymentMethod"] {
            XCTAssertFalse(logs.contains(secret), "The logs contain \(secret)")
        }
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
