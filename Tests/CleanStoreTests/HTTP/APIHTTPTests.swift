import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import HTTPTypes
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The JSON API (`/api/v1`, openapi.yaml) through the whole app in process: its door (bearer
/// tokens only, the rate limit, the body limit), its error layer (problem+json for everything) and
/// each operation for each role, over the pages' own interactors.
final class APIHTTPTests: XCTestCase {
    /// The app with orders, and a token of `tokenRole` for `testAccount` (a supervisor, or
    /// `accountRole`): its secret, for `Authorization: Bearer`.
    static func makeApp(
        orders: [Order] = [Seeds.Orders.amy, Seeds.Orders.bob], tokenRole: AccountRole = .clerk, accountRole: AccountRole = .supervisor,
        rateLimit: Int = 1000, expiresAt: Date? = nil, logger: Logger? = nil
    ) async throws -> (app: TestApp, secret: APITokenSecret) {
        var app = try await TestApp(orders: orders, logger: logger, role: accountRole)
        let accounts = try XCTUnwrap(app.environment.signIn.accounts as? AccountsMemStore)
        let tokens = APITokensMemStore(database: accounts.database)
        let secret = AccountSeeds.tokenSecret(9)
        _ = try await tokens.createToken(
            APIToken(
                prefix: secret.prefix, hash: secret.hash, accountKey: testAccount.key, name: "Warehouse", role: tokenRole,
                createdAt: Seeds.june29, expiresAt: expiresAt))
        app.environment.apiTokens = tokens
        app.environment.apiRateLimiter = APIRateLimiter(limit: rateLimit)
        app.environment.apiSpec = try String(contentsOf: Repository.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        return (app, secret)
    }

    static func json(_ response: TestResponse) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any], response.text)
    }

    /// Asserts `response` is a problem of `status` (RFC 9457), and answers its JSON.
    @discardableResult
    static func assertProblem(_ response: TestResponse, _ status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String: Any]
    {
        XCTAssertEqual(response.status, status, response.text, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "application/problem+json", file: file, line: line)
        let body = try json(response)
        XCTAssertEqual(body["status"] as? Int, Int(status.code), file: file, line: line)
        XCTAssertEqual(body["type"] as? String, "about:blank", file: file, line: line)
        XCTAssertNotNil(body["title"] as? String, file: file, line: line)
        return body
    }

    // MARK: The door

    func testEveryOperationNeedsABearerTokenAndABrowsersCookiesOpenNothing() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let none = try await client.api(.get, "/api/v1/orders", token: nil)
            try Self.assertProblem(none, .unauthorized)
            XCTAssertEqual(none.headers[.wwwAuthenticate], #"Bearer realm="cleanstore""#)

            // A signed-in supervisor's browser: cookies are never read by the API
            let browser = try await client.get("/api/v1/orders")
            try Self.assertProblem(browser, .unauthorized)
            let posted = try await client.execute(
                uri: "/api/v1/orders/1/notes", method: .post,
                headers: [.cookie: testBrowserCookie, .contentType: "application/json", .init("X-CSRF-Token")!: testCSRFToken],
                body: ByteBuffer(string: #"{"text":"by cookie"}"#))
            try Self.assertProblem(posted, .unauthorized)

            let basic = try await client.execute(uri: "/api/v1/orders", method: .get, headers: [.authorization: "Basic \(secret.text)"])
            try Self.assertProblem(basic, .unauthorized)
            var typo = Array(secret.text)
            typo[30] = typo[30] == "a" ? "b" : "a"
            let mistyped = try await client.api(.get, "/api/v1/orders", token: String(typo))
            try Self.assertProblem(mistyped, .unauthorized)
            let unknown = try await client.api(.get, "/api/v1/orders", token: AccountSeeds.tokenSecret(3).text)
            try Self.assertProblem(unknown, .unauthorized)

            let ok = try await client.api(.get, "/api/v1/orders", token: secret.text)
            XCTAssertEqual(ok.status, .ok, ok.text)
        }
        let notes = try await app.environment.orderNotes.notes(forOrder: "1")
        XCTAssertEqual(notes, [], "nothing was written by a cookie")
    }

    func testARevokedOrExpiredTokenOrADisabledAccountsTokenStopsWorking() async throws {
        let (app, secret) = try await Self.makeApp(expiresAt: Seeds.june29.addingTimeInterval(1))
        try await app.test { client in
            let before = try await client.api(.get, "/api/v1/orders/1", token: secret.text)
            XCTAssertEqual(before.status, .ok)
        }
        // Expired at its instant
        var expired = app
        expired.environment.now = { Seeds.june29.addingTimeInterval(1) }
        try await expired.test { client in
            _ = try Self.assertProblem(try await client.api(.get, "/api/v1/orders/1", token: secret.text), .unauthorized)
        }
        // Revoked
        let (revokedApp, revokedSecret) = try await Self.makeApp()
        _ = try await revokedApp.environment.apiTokens.revokeToken(prefix: revokedSecret.prefix, at: Seeds.june29)
        try await revokedApp.test { client in
            _ = try Self.assertProblem(try await client.api(.get, "/api/v1/orders/1", token: revokedSecret.text), .unauthorized)
        }
        // Its account disabled: checked at each request
        let (disabledApp, disabledSecret) = try await Self.makeApp()
        try await disabledApp.test { client in
            let before = try await client.api(.get, "/api/v1/orders/1", token: disabledSecret.text)
            XCTAssertEqual(before.status, .ok)
            _ = try await disabledApp.environment.signIn.accounts.disableAccount(username: testAccount.username, at: Seeds.june29)
            try Self.assertProblem(try await client.api(.get, "/api/v1/orders/1", token: disabledSecret.text), .unauthorized)
        }
    }

    func testATokensRequestsPastItsLimitAMinuteAre429WithRetryAfter() async throws {
        let (app, secret) = try await Self.makeApp(rateLimit: 2)
        try await app.test { client in
            for _ in 0..<2 {
                let ok = try await client.api(.get, "/api/v1/orders", token: secret.text)
                XCTAssertEqual(ok.status, .ok)
            }
            let refused = try await client.api(.get, "/api/v1/orders", token: secret.text)
            try Self.assertProblem(refused, .tooManyRequests)
            XCTAssertEqual(refused.headers[.retryAfter], "60", "the test clock stands still: the whole window is left")
        }
    }

    func testTheRateLimitIsPerTokenInFixedMinuteWindows() {
        let limiter = APIRateLimiter(limit: 2)
        let start = Seeds.june29
        XCTAssertNil(limiter.refusal(for: "csk_a", at: start))
        XCTAssertNil(limiter.refusal(for: "csk_a", at: start.addingTimeInterval(10)))
        XCTAssertEqual(limiter.refusal(for: "csk_a", at: start.addingTimeInterval(10.5)), 50)
        XCTAssertNil(limiter.refusal(for: "csk_b", at: start.addingTimeInterval(11)), "another token counts apart")
        XCTAssertNil(limiter.refusal(for: "csk_a", at: start.addingTimeInterval(60)), "a new window")
    }

    // MARK: The error layer

    func testMalformedJSONAWrongTypeOrAnUnknownActionIs400NeverA500() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            for body in [#"{"#, #"{"action": 5}"#, #"{"action": "markDelivered"}"#, #"[]"#, #"{"reason": "x"}"#, ""] {
                let response = try await client.api(.post, "/api/v1/orders/1/status", token: secret.text, json: body, ifMatch: "\"1\"")
                let problem = try Self.assertProblem(response, .badRequest)
                XCTAssertFalse(response.text.contains(secret.text), "never the request's headers")
                XCTAssertNil(problem["errors"])
            }
            let note = try await client.api(.post, "/api/v1/orders/1/notes", token: secret.text, json: #"{"text": ["a"]}"#)
            try Self.assertProblem(note, .badRequest)
        }
        let order = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.version, 1, "nothing changed")
    }

    func testAControlCharacterInTheURLOrIfMatchIs400() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            for uri in ["/api/v1/orders?q=a%C2%84b", "/api/v1/products?q=%09", "/api/v1/orders?after=%7F"] {
                let response = try await client.api(.get, uri, token: secret.text)
                XCTAssertEqual(response.status, .badRequest, uri)
                try Self.assertProblem(response, .badRequest)
            }
            let move = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\t2\"")
            try Self.assertProblem(move, .badRequest)
            // U+0084 sent as the single byte 0x84 (Latin-1, as Python's requests sends it; Schemathesis
            // found it answered 412): bytes that are no text are refused as a control character is.
            for bytes: [UInt8] in [[0x84], [0xC2, 0x84]] {
                var headers: HTTPFields = [.authorization: "Bearer \(secret.text)", .contentType: "application/json"]
                headers.append(HTTPField(name: .ifMatch, lenientValue: bytes))
                let latin1 = try await client.execute(
                    uri: "/api/v1/orders/1/status", method: .post, headers: headers, body: ByteBuffer(string: #"{"action":"markPaid"}"#))
                try Self.assertProblem(latin1, .badRequest)
            }
            let tooLong = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPaid"}"#, ifMatch: String(repeating: "0", count: 41))
            try Self.assertProblem(tooLong, .badRequest)
            let longID = try await client.api(
                .post, "/api/v1/orders/\(String(repeating: "0", count: 21))/status", token: secret.text, json: #"{"action":"markPaid"}"#,
                ifMatch: "")
            try Self.assertProblem(longID, .notFound)
        }
    }

    func testABodyOfAnotherTypeIs415AndOneOver64KiBIs413() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let form = try await client.execute(
                uri: "/api/v1/orders/1/notes", method: .post,
                headers: [.authorization: "Bearer \(secret.text)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "text=hello"))
            try Self.assertProblem(form, .unsupportedMediaType)
            let large = #"{"text": ""# + String(repeating: "a", count: 70_000) + #""}"#
            let tooLarge = try await client.api(.post, "/api/v1/orders/1/notes", token: secret.text, json: large)
            try Self.assertProblem(tooLarge, .contentTooLarge)
        }
    }

    func testAnUnknownAPIPathIsA404ProblemAndAnotherMethodA405NeverTheHTMLPage() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            try Self.assertProblem(try await client.api(.get, "/api/v1/webhooks", token: secret.text), .notFound)
            try Self.assertProblem(try await client.api(.get, "/api/v1", token: secret.text), .notFound)
            let delete = try await client.api(.delete, "/api/v1/orders/1", token: secret.text)
            try Self.assertProblem(delete, .methodNotAllowed)
            XCTAssertEqual(delete.headers[.allow], "GET, HEAD")
            let notes = try await client.api(.put, "/api/v1/orders/1/notes", token: secret.text)
            try Self.assertProblem(notes, .methodNotAllowed)
            XCTAssertEqual(notes.headers[.allow], "GET, HEAD, POST")
        }
    }

    func testTheSpecIsServedToAnyone() async throws {
        let (app, _) = try await Self.makeApp()
        try await app.test { client in
            let spec = try await client.execute(uri: "/api/v1/openapi.yaml", method: .get)
            XCTAssertEqual(spec.status, .ok)
            XCTAssertEqual(spec.headers[.contentType], "application/yaml; charset=utf-8")
            XCTAssertTrue(spec.text.hasPrefix("openapi: 3.1.0"))
        }
    }

    func testTheOperationsTableHoldsEveryPathAndMethodOfTheSpec() throws {
        let spec = try String(contentsOf: Repository.root.appendingPathComponent("openapi.yaml"), encoding: .utf8)
        var found: [String] = []
        var path: String?
        for line in spec.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("  /"), line.hasSuffix(":") { path = String(line.dropFirst(2).dropLast()) }
            if line.hasPrefix("components:") { path = nil }
            for method in ["get", "post", "put", "patch", "delete"] where line == "    \(method):" {
                if let path { found.append("\(method.uppercased()) \(path)") }
            }
        }
        XCTAssertEqual(found.sorted(), APIRoutes.operations.map { "\($0.method.rawValue) \($0.path)" }.sorted())
    }

    // MARK: Orders

    func testTheListIsThePagesListWithItsFiltersSortAndCursorMoneyInCents() async throws {
        let orders = (1...60).map { day -> Order in
            var order = day.isMultiple(of: 2) ? Seeds.Orders.amy : Seeds.Orders.bob
            order.date = Seeds.june29.addingTimeInterval(Double(day) * 3600)
            if day.isMultiple(of: 3) { order.status = .paid }
            return order
        }
        let (app, secret) = try await Self.makeApp(orders: orders, tokenRole: .viewer)
        try await app.test { client in
            let first = try await client.api(.get, "/api/v1/orders", token: secret.text)
            XCTAssertEqual(first.status, .ok, first.text)
            XCTAssertEqual(first.headers[.contentType], "application/json; charset=utf-8")
            let page = try Self.json(first)
            let listed = try XCTUnwrap(page["orders"] as? [[String: Any]])
            XCTAssertEqual(listed.count, 50)
            XCTAssertEqual(listed.first?["id"] as? String, "60", "newest first")
            XCTAssertNil(page["previous"])
            let total = try XCTUnwrap(listed.first?["total"] as? [String: Any])
            XCTAssertEqual(total["currency"] as? String, "USD")
            XCTAssertTrue(total["amount"] is Int, "integer cents, never a float")
            XCTAssertFalse(first.text.contains("4111"), "no card number in a list")

            let next = try XCTUnwrap(page["next"] as? String)
            let second = try Self.json(try await client.api(.get, "/api/v1/orders?after=\(next)", token: secret.text))
            XCTAssertEqual((second["orders"] as? [[String: Any]])?.count, 10)
            XCTAssertNotNil(second["previous"])

            let paid = try Self.json(try await client.api(.get, "/api/v1/orders?status=paid&sort=date", token: secret.text))
            let paidOrders = try XCTUnwrap(paid["orders"] as? [[String: Any]])
            XCTAssertEqual(paidOrders.count, 20)
            XCTAssertEqual(paidOrders.first?["id"] as? String, "3", "oldest first")
            XCTAssertTrue(paidOrders.allSatisfy { $0["status"] as? String == "paid" })

            let bobs = try Self.json(try await client.api(.get, "/api/v1/orders?q=battery&shipping=twoDay", token: secret.text))
            XCTAssertEqual((bobs["orders"] as? [[String: Any]])?.count, 30)
        }
    }

    /// The API's JSON is written compactly (no newline, no indentation: the runtime's default would
    /// pretty-print it), its keys sorted, a `/` as it is; and what it says is unchanged.
    func testTheJSONIsCompactWithItsKeysSorted() async throws {
        var slashed = Seeds.Orders.amy
        slashed.lastName = "Doe/Smith"
        let (app, secret) = try await Self.makeApp(orders: [slashed, Seeds.Orders.bob], tokenRole: .viewer)
        try await app.test { client in
            for path in ["/api/v1/orders", "/api/v1/orders/1"] {
                let response = try await client.api(.get, path, token: secret.text)
                XCTAssertEqual(response.status, .ok, response.text)
                XCTAssertFalse(response.text.contains("\n"), response.text)
                XCTAssertFalse(response.text.contains("\": "), "no space after a key: \(response.text)")
                XCTAssertFalse(response.text.contains(", "), "no space after a comma: \(response.text)")
                XCTAssertTrue(response.text.contains(#""lastName":"Doe/Smith""#), response.text)
                XCTAssertEqual(response.headers[.contentLength], "\(response.body.readableBytes)")
            }
            let list = try await client.api(.get, "/api/v1/orders", token: secret.text)
            XCTAssertTrue(list.text.hasPrefix(#"{"orders":[{"email":"#), list.text)
            XCTAssertTrue(list.text.contains(#""total":{"amount":"#), list.text)
            let orders = try XCTUnwrap(try Self.json(list)["orders"] as? [[String: Any]])
            XCTAssertEqual(orders.map { $0["id"] as? String }, ["2", "1"])
            XCTAssertEqual(orders.last?["lastName"] as? String, "Doe/Smith")
        }
    }

    /// The list page's filter rules, through the API: what the page leaves out and names is a 422
    /// with the page's own words.
    func testTheListsFilterRulesAre422WithThePagesWords() async throws {
        let (app, secret) = try await Self.makeApp(tokenRole: .viewer)
        let cases: [(query: String, field: String)] = [
            ("q=" + String(repeating: "a", count: 201), "q"),
            ("from=2007-02-30", "from"),
            ("to=not-a-day", "to"),
            ("from=2007-07-01&to=2007-06-01", "to"),
        ]
        try await app.test { client in
            for (query, field) in cases {
                let response = try await client.api(.get, "/api/v1/orders?\(query)", token: secret.text)
                let problem = try Self.assertProblem(response, .unprocessableContent)
                let errors = try XCTUnwrap(problem["errors"] as? [[String: String]], query)
                XCTAssertEqual(errors.map { $0["field"] }, [field], query)
                // The page names the same problem in the same words
                let page = try await client.get("/orders?\(query)")
                XCTAssertTrue(page.text.contains(try XCTUnwrap(errors.first?["message"])), "\(query): \(errors)")
            }
        }
    }

    func testAnOrderHasItsVersionAsETagMoneyInCentsAndTheCardsLastFourOnly() async throws {
        let (app, secret) = try await Self.makeApp(tokenRole: .viewer)
        try await app.test { client in
            let response = try await client.api(.get, "/api/v1/orders/2", token: secret.text)
            XCTAssertEqual(response.status, .ok, response.text)
            XCTAssertEqual(response.headers[.eTag], "\"1\"")
            let order = try Self.json(response)
            XCTAssertEqual(order["id"] as? String, "2")
            XCTAssertEqual(order["cardLastFour"] as? String, "4444")
            XCTAssertFalse(response.text.contains("5555555555554444"))
            XCTAssertEqual(order["shipping"] as? String, "twoDay")
            let total = try XCTUnwrap(order["total"] as? [String: Any])
            let stored = try await app.store.fetchOrder(id: "2")
            XCTAssertEqual(total["amount"] as? Int, stored.map { Int($0.totals.totalCents) })
            XCTAssertEqual(total["currency"] as? String, "USD")
            XCTAssertEqual(order["allowedActions"] as? [String], [], "a viewer's token may move nothing")
            try Self.assertProblem(try await client.api(.get, "/api/v1/orders/99", token: secret.text), .notFound)
        }
        let (clerkApp, clerk) = try await Self.makeApp(tokenRole: .clerk)
        try await clerkApp.test { client in
            let order = try Self.json(try await client.api(.get, "/api/v1/orders/1", token: clerk.text))
            XCTAssertEqual(order["allowedActions"] as? [String], ["markPaid", "cancel"], "a clerk's moves: a new order, cancelled too")
        }
    }

    func testAStatusMoveNeedsIfMatch428WhenMissing412WhenStale() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let missing = try await client.api(.post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPaid"}"#)
            try Self.assertProblem(missing, .preconditionRequired)

            let paid = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\"")
            XCTAssertEqual(paid.status, .ok, paid.text)
            XCTAssertEqual(paid.headers[.eTag], "\"2\"")
            XCTAssertEqual(try Self.json(paid)["status"] as? String, "paid")

            let stale = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPacked"}"#, ifMatch: "\"1\"")
            let problem = try Self.assertProblem(stale, .preconditionFailed)
            XCTAssertEqual(stale.headers[.eTag], "\"2\"", "the current version, to read again")
            XCTAssertEqual(problem["title"] as? String, "Order 1 was changed by someone else")

            let garbled = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPacked"}"#, ifMatch: "*")
            try Self.assertProblem(garbled, .preconditionFailed)

            let notAllowed = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markShipped","carrier":"UPS"}"#, ifMatch: "\"2\"")
            let refusal = try Self.assertProblem(notAllowed, .conflict)
            XCTAssertEqual(refusal["title"] as? String, "Order 1 cannot be marked as shipped")

            let unknown = try await client.api(
                .post, "/api/v1/orders/99/status", token: secret.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\"")
            try Self.assertProblem(unknown, .notFound)
        }
        let order = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.status, .paid)
        XCTAssertEqual(order?.updatedBy, testAccount.name, "the token's account made the change")
    }

    func testAViewersTokenMovesNothingAndAClerksCancelsOnlyANewOrder() async throws {
        let (viewerApp, viewer) = try await Self.makeApp(tokenRole: .viewer)
        try await viewerApp.test { client in
            let move = try await client.api(
                .post, "/api/v1/orders/1/status", token: viewer.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\"")
            try Self.assertProblem(move, .forbidden)
            let note = try await client.api(.post, "/api/v1/orders/1/notes", token: viewer.text, json: #"{"text":"hi"}"#)
            try Self.assertProblem(note, .forbidden)
            let products = try await client.api(.get, "/api/v1/products", token: viewer.text)
            XCTAssertEqual(products.status, .ok)
        }
        let (clerkApp, clerk) = try await Self.makeApp(tokenRole: .clerk)
        try await clerkApp.test { client in
            let paid = try await client.api(
                .post, "/api/v1/orders/1/status", token: clerk.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\"")
            XCTAssertEqual(try Self.json(paid)["allowedActions"] as? [String], ["markPacked"], "a paid order: a supervisor's to cancel")
            let cancel = try await client.api(
                .post, "/api/v1/orders/1/status", token: clerk.text, json: #"{"action":"cancel","reason":"Asked to"}"#, ifMatch: "\"2\"")
            let problem = try Self.assertProblem(cancel, .forbidden)
            XCTAssertEqual(problem["title"] as? String, "Order 1 is paid: a supervisor cancels it")
            let cancelNew = try await client.api(
                .post, "/api/v1/orders/2/status", token: clerk.text, json: #"{"action":"cancel","reason":"Asked to"}"#, ifMatch: "\"1\"")
            XCTAssertEqual(cancelNew.status, .ok, cancelNew.text)
        }
        let order = try await clerkApp.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.status, .paid)
        let other = try await clerkApp.store.fetchOrder(id: "2")
        XCTAssertEqual(other?.status, .cancelled)
    }

    func testATokensRoleIsNeverAboveItsAccountsToday() async throws {
        // A clerk's token of an account since made a viewer acts as a viewer
        let (app, secret) = try await Self.makeApp(tokenRole: .clerk, accountRole: .viewer)
        try await app.test { client in
            let move = try await client.api(
                .post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action":"markPaid"}"#, ifMatch: "\"1\"")
            try Self.assertProblem(move, .forbidden)
        }
    }

    // MARK: Notes

    func testNotesAreTheirOwnResourceAndNeverChangeTheOrdersETag() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let added = try await client.api(
                .post, "/api/v1/orders/1/notes", token: secret.text, json: #"{"text":"  Call back after 3pm.\r\n"}"#)
            XCTAssertEqual(added.status, .created, added.text)
            let note = try Self.json(added)
            XCTAssertEqual(note["text"] as? String, "Call back after 3pm.")
            XCTAssertEqual((note["by"] as? [String: String])?["username"], testAccount.username)

            let order = try await client.api(.get, "/api/v1/orders/1", token: secret.text)
            XCTAssertEqual(order.headers[.eTag], "\"1\"", "a note is no change of the order")
            let notes = try Self.json(try await client.api(.get, "/api/v1/orders/1/notes", token: secret.text))
            XCTAssertEqual((notes["notes"] as? [[String: Any]])?.map { $0["text"] as? String }, ["Call back after 3pm."])
            try Self.assertProblem(try await client.api(.get, "/api/v1/orders/99/notes", token: secret.text), .notFound)
        }
    }

    /// The note form's rules, through the API: each is a 422 on `text` in the form's words.
    func testTheNoteFormsRulesAre422WithTheFormsWords() async throws {
        let (app, secret) = try await Self.makeApp()
        let cases: [(text: String, message: String)] = [
            ("   ", "Enter a note"),
            (String(repeating: "a", count: 1001), "Note must be 1,000 characters or fewer"),
            ("Card 4111 1111 1111 1111", "Remove the card number from the note"),
            ("a\u{7}b", "Remove the hidden control characters (shown as \u{FFFD}) from the note"),
            ("a\u{202E}b", "Remove the hidden formatting characters (shown as \u{FFFD}), such as text direction marks, from the note"),
        ]
        try await app.test { client in
            for (text, message) in cases {
                let body = String(decoding: try JSONEncoder().encode(["text": text]), as: UTF8.self)
                let response = try await client.api(.post, "/api/v1/orders/1/notes", token: secret.text, json: body)
                let problem = try Self.assertProblem(response, .unprocessableContent)
                XCTAssertEqual(problem["errors"] as? [[String: String]], [["field": "text", "message": message]], text)
                XCTAssertFalse(response.text.contains("4111"), "the input is never echoed")
            }
            try Self.assertProblem(
                try await client.api(.post, "/api/v1/orders/99/notes", token: secret.text, json: #"{"text":"hi"}"#), .notFound)
        }
        let notes = try await app.environment.orderNotes.notes(forOrder: "1")
        XCTAssertEqual(notes, [])
    }

    func testACancelsReasonFollowsTheCancelFormsRules() async throws {
        // The account and its token: a supervisor's account may hold only a clerk's token, so the
        // reason's rule is read through the interactor the form and the API share.
        XCTAssertEqual(ChangeOrderStatusPresenter.message(for: .missing), "Enter why the order is cancelled")
        let presenter = ChangeOrderStatusAPIPresenter(signedIn: SignedIn(name: testAccount.name, role: .clerk))
        let spy = StatusDisplaySpy()
        presenter.viewController = spy
        presenter.presentStatusChange(response: .reasonRefused(Seeds.Orders.amy, .missing, typed: ""))
        XCTAssertEqual(
            spy.viewModel, .problem(.invalid([.init(field: "reason", message: "Enter why the order is cancelled")])))
    }

    final class StatusDisplaySpy: ChangeOrderStatusAPIDisplayLogic {
        var viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel?
        func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.APIViewModel) { self.viewModel = viewModel }
    }

    // MARK: Products

    func testProductsAreTheCatalogPageByPage() async throws {
        let (app, secret) = try await Self.makeApp(tokenRole: .viewer)
        for index in 1...3 {
            _ = try await app.environment.products.createProduct(
                Product(sku: "SKU-\(index)", name: "Thing \(index)", priceCents: 1999, taxable: true, version: 1, createdAt: Seeds.june29),
                by: testAccount.name, at: Seeds.june29)
        }
        try await app.test { client in
            let response = try await client.api(.get, "/api/v1/products?q=thing", token: secret.text)
            XCTAssertEqual(response.status, .ok, response.text)
            let page = try Self.json(response)
            let products = try XCTUnwrap(page["products"] as? [[String: Any]])
            XCTAssertEqual(products.map { $0["sku"] as? String }, ["SKU-1", "SKU-2", "SKU-3"])
            let price = try XCTUnwrap(products.first?["price"] as? [String: Any])
            XCTAssertEqual(price["amount"] as? Int, 1999)
            XCTAssertEqual(price["currency"] as? String, "USD")
        }
    }

    // MARK: Logs

    func testLogsNameATokenByItsPrefixAndNeverHoldItsSecretOrTheInput() async throws {
        let capture = LogCapture()
        let (app, secret) = try await Self.makeApp(logger: capture.logger())
        try await app.test { client in
            _ = try await client.api(.get, "/api/v1/orders", token: secret.text)
            _ = try await client.api(.post, "/api/v1/orders/1/status", token: secret.text, json: #"{"action": 4111111111111111}"#, ifMatch: "\"1\"")
            _ = try await client.api(.post, "/api/v1/orders/1/notes", token: secret.text, json: #"{"text":"4111 1111 1111 1111"}"#)
            _ = try await client.api(.get, "/api/v1/orders", token: AccountSeeds.tokenSecret(4).text)
        }
        let logs = capture.text
        XCTAssertTrue(logs.contains(secret.prefix), logs)
        XCTAssertFalse(logs.contains(secret.text), logs)
        XCTAssertFalse(logs.contains(AccountSeeds.tokenSecret(4).text), logs)
        // (Not "4111" alone: a request id is random hex and may hold it.)
        XCTAssertFalse(logs.contains("4111111111111111") || logs.contains("4111 1111"), logs)
    }
}

extension TestClientProtocol {
    /// An API request: `Authorization: Bearer token` (none when nil), a JSON body when given.
    func api(
        _ method: HTTPRequest.Method, _ uri: String, token: String?, json: String? = nil, ifMatch: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let ifMatch { headers[.ifMatch] = ifMatch }
        if json != nil { headers[.contentType] = "application/json" }
        return try await execute(uri: uri, method: method, headers: headers, body: json.map { ByteBuffer(string: $0) })
    }
}
