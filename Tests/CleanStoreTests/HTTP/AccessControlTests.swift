import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Who may use which route, and how sessions begin and end, through the real router and middleware.
final class AccessControlTests: XCTestCase {
    /// A clock tests move (sessions time out by the app's `now`).
    final class TestClock: @unchecked Sendable {
        var now = Seeds.june29
    }

    /// Every route that needs a session, with a path that names order 1 (deleting it last).
    /// The draft the draft routes are walked with (`withDraft`).
    static let draftRef = "D-ABCDEB"

    /// `app` with a draft (`draftRef`) and the catalog's products, for the draft routes, and Amy's account (a clerk).
    static func withDraft(_ app: TestApp) async throws -> TestApp {
        var app = app
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        app.environment.drafts = DraftsMemStore(database: database, refs: DraftRefs { draftRef })
        await CatalogSeeds.seed(database)
        _ = try await app.environment.signIn.accounts.createAccount(AccountSeeds.amy)
        _ = try await app.environment.drafts.createDraft(by: testAccount.name, at: Seeds.june29)
        // Another POST /drafts (or the old form's POST /orders) makes the next one: D-ABCDEC, D-ABCDED, …
        let counter = SessionCounter()
        app.environment.drafts = DraftsMemStore(
            database: database, refs: DraftRefs { "D-ABCDE" + String(DraftRefs.alphabet[Int(counter.next()) + 1]) })
        return app
    }

    static func protectedRoutes(_ app: TestApp) -> [(method: HTTPRequest.Method, path: String, permission: Permission)] {
        let routes = Routes.table(environment: app.environment).compactMap { route -> (HTTPRequest.Method, String, Permission)? in
            // An account's routes are walked on Amy's (`withDraft` adds her: a clerk).
            let id = route.path.pattern.hasPrefix("/drafts/") ? draftRef : route.path.pattern.hasPrefix("/accounts/") ? "amy" : "1"
            switch route.access {
            case .anyone: return nil
            // A merge's other customer is customer 2 (the role walk adds Jane as 1 and José as 2).
            case .signedIn(let use):
                return (route.method, route.path(id, key: route.path.pattern.hasSuffix("/merge/{key}") ? "2" : "l1"), use.permission)
            // The status route, which the tests post `action=markPaid` to.
            case .signedInFor: return (route.method, route.path("1"), OrderUse.changeStatus(.markPaid).permission)
            }
        }
        return routes.filter { $0.0 != .post || !$0.1.hasSuffix("/delete") } + routes.filter { $0.0 == .post && $0.1.hasSuffix("/delete") }
    }

    /// A valid form for `path`: an order form (an edit carries the version it was opened at), a note.
    static func form(for path: String) -> String {
        if path.hasSuffix("/notes") { return "text=Called+back" }
        // A saved search (view 1, once saved by the post before), moved up.
        if path == "/orders/views" { return "name=Paid&query=status%3Dpaid" }
        if path == "/orders/views/1" { return "action=up" }
        if path == "/accounts/new" { return "username=newbie&displayName=New+Bie&role=clerk" }
        // A viewer's token (any role may have one), mine or Amy's; a revoke is a confirmation.
        if path.hasSuffix("/tokens") { return "name=Walk&role=viewer&expiresDays=30" }
        if path.hasSuffix("/revoke") { return "" }
        if path == "/accounts/amy/role" { return "role=viewer" }
        // A webhook endpoint registered (endpoint 1), then disabled from its version 1.
        if path == "/webhooks" { return "url=https%3A%2F%2Fexample.com%2Fhooks&events%5B%5D=order.placed" }
        if path == "/webhooks/1/enabled" { return "enabled=false&version=1" }
        if path.hasSuffix("/tracking") { return "trackingNumber=1Z999AA1&version=1" }
        if path.hasSuffix("/undo") { return "version=1" }
        // A bulk move of order 1 to paid, from the version the list showed (1), under a key of its own.
        if path == "/orders/bulk" { return "action=markPaid&selected%5B%5D=1.1&key=walk-1&list=status%3Dnew" }
        // A new rate beside rate 1 (`taxRateOne`), or rate 1 changed from its version 1.
        if path == "/tax-rates/new" { return "region=NY&rate=4.5&collect=on&effectiveFrom=2026-01-01" }
        if path.hasPrefix("/tax-rates/") { return "region=NY&rate=4&collect=on&effectiveFrom=2020-01-01&version=1" }
        // A new product, or product 1 (`CatalogSeeds.mug`) changed from its version 1.
        if path == "/products/new" { return "sku=CUP-2&name=Cup&price=3" }
        // Archived from the version the edit before made (2), restored from the next.
        if path == "/products/1/archive" { return "version=2" }
        if path == "/products/1/restore" { return "version=3" }
        if path == "/products/1/edit" { return "sku=MUG-1&name=Blue+mug&price=12.50&taxable=on&version=1" }
        // A new customer (their phone and email known to no one), or customer 1 (`CustomerSeeds.jane`) changed from its version 1.
        if path == "/customers/new" { return "firstName=Ann&lastName=Lee&phone=212-555-0142&email=ann%40example.org&saveAsNew=on" }
        if path == "/customers/1/edit" { return "firstName=Jane&lastName=Doe&phone=415-555-0100&email=jane%40example.com&version=1" }
        // Customer 2 merged into customer 1 as the edit before left it (version 2), taking their email.
        if path == "/customers/1/merge/2" { return "version=2&otherVersion=1&email=take" }
        // Customer 1's personal data erased as the merge before left it (version 3), her name typed.
        if path == "/customers/1/erase" { return "version=3&name=Jane+Doe" }
        if path.hasSuffix("/customer") { return "customer=1" }
        if path.hasSuffix("/lines") { return "sku=MUG-1&quantity=1" }
        if path.hasSuffix("/lines/quantities") { return "line%5Bl1%5D%5Bquantity%5D=2" }
        if path.hasSuffix("/lines/remove") { return "line=l1" }
        if path.hasSuffix("/lines/price") { return "line=l1&price=12.00&reason=Loyal+customer" }
        if path.hasSuffix("/prices") { return "line=l1&choice=keep" }
        if path == "/drafts" { return "" }
        var fields = Seeds.validFormFields
        fields.version = "1"
        fields.lastName = "Changed"
        return path.hasSuffix("/delete") ? "" : Seeds.formBody(fields)
    }

    /// A tax table holding rate 1 (NY, 4 %, version 1), for the tax rate routes.
    static func taxRateOne() async throws -> TaxRatesMemStore {
        let store = TaxRatesMemStore()
        _ = try await store.createRate(TaxRate(region: "NY", ratePPM: 40_000, effectiveFrom: ShopDay("2020-01-01")!), by: nil, at: Seeds.june29)
        return store
    }

    /// Signs `username` in with `password` from the signed-out test browser; returns the response.
    static func signIn(
        _ client: any TestClientProtocol, username: String = testAccount.username, password: String = testPassword,
        returnTo: String? = nil, withSession: Bool = false, extra: String = ""
    ) async throws -> TestResponse {
        var body = "username=\(username)&password=\(password.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)"
        if let returnTo { body += "&return=\(returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
        return try await client.post("/sign-in", form: body + extra, signedIn: withSession)
    }

    /// The `name=value` of the session cookie a response set.
    static func sessionCookie(of response: TestResponse) -> String? {
        response.headers[values: .setCookie].first { $0.hasPrefix("\(SessionMiddleware.cookieName)=") }
            .map { String($0.split(separator: ";")[0]) }
    }

    // MARK: Signed out

    func testSignedOutEveryGETIsSentToSignInAndEveryPOSTIsRefusedChangingNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let routes = Self.protectedRoutes(app)
            XCTAssertEqual(routes.count, 89, "Every route but sign-in, sign-out, set-up, set-password and /healthz")
            for route in routes {
                if route.method == .get {
                    let response = try await client.get(route.path, signedIn: false)
                    XCTAssertEqual(response.status, .seeOther, route.path)
                    XCTAssertEqual(response.headers[.location], "/sign-in?return=\(route.path)", route.path)
                } else {
                    let response = try await client.post(route.path, form: Self.form(for: route.path), signedIn: false)
                    XCTAssertEqual(response.status, .forbidden, route.path)
                    XCTAssert(response.text.contains("<h1>Sign in</h1>"), "\(route.path): the sign-in page")
                }
            }
            for open in ["/sign-in", "/healthz", "/css/app.css"] {
                let response = try await client.get(open, signedIn: false)
                XCTAssertEqual(response.status, .ok, open)
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy], "Nothing changed")
    }

    func testAReturnPathKeepsItsQuery() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.get("/orders?after=5", signedIn: false)
            XCTAssertEqual(response.headers[.location], "/sign-in?return=/orders%3Fafter%3D5")
        }
    }

    // MARK: Roles

    func testEveryRouteForEveryRoleIsAllowedOrA403PageThatChangesNothing() async throws {
        for role in AccountRole.allCases {
            var configured = try await Self.withDraft(try await TestApp(orders: [Seeds.Orders.amy], role: role))
            configured.environment.taxRates = try await Self.taxRateOne()
            let app = configured
            _ = try await app.environment.products.createProduct(ProductSeeds.mug, by: nil, at: Seeds.june29)
            _ = try await app.environment.customers.createCustomer(CustomerSeeds.jane, by: nil, at: Seeds.june29)  // customer 1
            _ = try await app.environment.bulkMoves.begin(  // bulk move 1, for its page
                BulkBatch(key: "seeded", action: .markPaid, by: nil, at: Seeds.june29, selected: 0))
            _ = try await app.environment.customers.createCustomer(CustomerSeeds.jose, by: nil, at: Seeds.june29)  // customer 2
            let refusedPosts = try await app.test { client in
                var refusedPosts = 0
                for route in Self.protectedRoutes(app) {
                    var form = Self.form(for: route.path)
                    if route.path.hasSuffix("/status") {
                        // A status change from the version the order is at now (the edit before moved it on).
                        let version = try await app.store.fetchOrder(id: "1")?.version ?? 0
                        form = "action=markPaid&version=\(version)"
                    }
                    let response =
                        route.method == .get ? try await client.get(route.path) : try await client.post(route.path, form: form)
                    if role.may(route.permission), route.path.hasPrefix("/orders/"), route.path.contains("/lines") {
                        // The item forms on Amy's order, keyed before items: the role is let in, and
                        // the scene answers (no line l1, no such SKU, an old version: 409 or 422).
                        XCTAssert(
                            [.seeOther, .unprocessableContent, .conflict].contains(response.status),
                            "\(role) \(route.method) \(route.path): \(response.status)")
                    } else if role.may(route.permission) {
                        // Placing the draft walked here, which has no caller yet: the check page again (409), not a
                        // refusal of the role.
                        // Amy's order is not packed nor shipped: its ship page and tracking number are a 409
                        // page saying so, not a refusal of the role.
                        // A token walked here (`1`, `l1`) is none: its revoke pages are the scene's 404.
                        let allowed: [HTTPResponse.Status] =
                            route.path.hasSuffix("/place") || route.path.hasSuffix("/ship") || route.path.hasSuffix("/tracking")
                                || route.path.hasSuffix("/undo")
                                // Amy's order has no customer and no items: nothing to start a draft from (409).
                                || route.path.hasSuffix("/new-draft") || route.path.hasSuffix("/repeat")
                            ? [.conflict] : route.path.hasSuffix("/revoke") ? [.notFound] : [.ok, .seeOther]
                        XCTAssert(allowed.contains(response.status), "\(role) \(route.method) \(route.path): \(response.status)")
                    } else {
                        XCTAssertEqual(response.status, .forbidden, "\(role) \(route.method) \(route.path)")
                        XCTAssert(response.text.contains("<h1>You cannot do this</h1>"), "\(role) \(route.path)")
                        XCTAssert(response.text.contains("(\(role.rawValue))"), "The page names the role")
                        if route.method == .post { refusedPosts += 1 }
                    }
                }
                return refusedPosts
            }
            let stored = try await app.store.fetchOrders()
            switch role {
            case .viewer:
                XCTAssertEqual(
                    refusedPosts, 43,
                    "Create, update, delete, change status, undo, a tracking number, a bulk move, add a note; the four item forms; add and change a tax rate; add, change, archive and restore a product; start a draft (empty, for an order's customer, repeating an order), use a saved customer on it, its five sections, a line's price, a changed price, placing; add, change, merge and erase customers; add an account, change its role, disable, enable, reset its password; make and revoke another account's token; register and disable a webhook endpoint")
                XCTAssertEqual(stored, [Seeds.Orders.amy], "A viewer changed nothing")
            case .clerk:
                XCTAssertEqual(
                    refusedPosts, 18,
                    "Only delete, add and change a tax rate, add, change, archive and restore a product, merge and erase customers, the five account changes, making and revoking another account's token, and the two webhook changes")
                XCTAssert(stored.contains { $0.id == "1" }, "A clerk cannot delete")
            case .supervisor:
                XCTAssertEqual(refusedPosts, 0)
            }
        }
    }

    func testTheHeaderOffersOnlyWhatTheRoleMayUse() async throws {
        for (role, offersNewOrder) in [(AccountRole.viewer, false), (.clerk, true), (.supervisor, true)] {
            let app = try await TestApp(orders: [Seeds.Orders.amy], role: role)
            try await app.test { client in
                let page = try await client.get("/orders")
                XCTAssert(page.text.contains("Signed in as <strong>Sam Supervisor</strong> (\(role.rawValue))"), "\(role)")
                // With when its script warns that the session is about to end (30 minutes unused, its last
                // use written at most once a minute: 27 and 29 minutes after the page arrives).
                XCTAssert(
                    page.text.contains(
                        #"<form class="account" method="post" action="/sign-out" data-session-warn-after="1620" data-session-ends-after="1740">"#),
                    "Sign out")
                XCTAssertEqual(page.text.contains(#"<a href="/accounts">Accounts</a>"#), role == .supervisor, "\(role): the accounts")
                // "New order" starts a draft (a form posting to /drafts); the list's button leads to the drafts.
                XCTAssertEqual(page.text.contains(#"<form class="nav-form" method="post" action="/drafts">"#), offersNewOrder, "\(role): the header")
                XCTAssertEqual(page.text.contains(#"<a href="/drafts">Drafts</a>"#), offersNewOrder, "\(role): the header's drafts")
                XCTAssertEqual(page.text.contains(#"<a class="button" href="/drafts">New order</a>"#), offersNewOrder, "\(role): the list")
                XCTAssert(page.text.contains(#"<a href="/customers">Customers</a>"#), "\(role): the customers")
                XCTAssert(page.text.contains(#"<a href="/products">Products</a>"#), "\(role): the catalog")
                XCTAssert(page.text.contains(#"<a href="/tax-rates">Tax rates</a>"#), "\(role): the tax table")
                let order = try await client.get("/orders/1")
                XCTAssertEqual(order.text.contains(#"href="/orders/1/edit""#), role != .viewer, "\(role): Edit")
                XCTAssertEqual(order.text.contains(#"href="/orders/1/delete""#), role == .supervisor, "\(role): Delete")
                XCTAssert(order.text.contains(#"href="/orders/1/history""#), "\(role): History")
            }
        }
    }

    func testA404PageForAPathNoRouteHasSaysWhoIsSignedIn() async throws {
        let app = try await TestApp(role: .clerk)
        try await app.test { client in
            let page = try await client.get("/nowhere")
            XCTAssertEqual(page.status, .notFound)
            XCTAssert(page.text.contains("Signed in as <strong>Sam Supervisor</strong> (clerk)"))
            let signedOut = try await client.get("/nowhere", signedIn: false)
            XCTAssertFalse(signedOut.text.contains("Signed in as"))
        }
    }

    func testADeletedOrdersHistoryIsReadableBySupervisorsOnly() async throws {
        let store = OrdersMemStore(orders: [Seeds.Orders.amy])
        _ = try await store.deleteOrder(id: "1", by: testAccount.name, at: Seeds.june29)
        for (role, status) in [(AccountRole.viewer, HTTPResponse.Status.forbidden), (.clerk, .forbidden), (.supervisor, .ok)] {
            let app = try await TestApp(store: store, role: role)
            try await app.test { client in
                let page = try await client.get("/orders/1/history")
                XCTAssertEqual(page.status, status, "\(role)")
            }
        }
    }

    // MARK: Signing in and out

    func testSigningInGivesANewSessionAndEndsTheOneTheBrowserHad() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // The browser still carries a session id (someone could have planted it): signing in replaces it.
            let response = try await Self.signIn(client, withSession: true)
            XCTAssertEqual(response.status, .seeOther)
            XCTAssertEqual(response.headers[.location], "/orders")
            let cookie = try XCTUnwrap(Self.sessionCookie(of: response))
            XCTAssertNotEqual(cookie, testSessionCookie, "A new id")
            XCTAssert(response.headers[values: .setCookie].contains { $0.contains("HttpOnly") && $0.contains("SameSite=Lax") })

            let withNew = try await client.get("/orders", cookie: cookie, browser: true, signedIn: false)
            XCTAssertEqual(withNew.status, .ok)
            let withOld = try await client.get("/orders")
            XCTAssertEqual(withOld.status, .seeOther, "The old id signs no one in")
        }
    }

    func testASignedOutCookieUsedAgainIsSignedOutOnEveryRequest() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let signOut = try await client.post("/sign-out", form: "")
            XCTAssertEqual(signOut.status, .seeOther)
            XCTAssertEqual(signOut.headers[.location], "/sign-in")
            XCTAssert(signOut.headers[values: .setCookie].contains { $0.hasPrefix("\(SessionMiddleware.cookieName)=;") && $0.contains("Max-Age=0") })

            // A copy of the cookie, kept and sent again
            let reused = try await client.get("/orders")
            XCTAssertEqual(reused.status, .seeOther)
            let post = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(post.status, .forbidden)
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [])
    }

    func testAWrongUsernameAndAWrongPasswordGetTheSameMessage() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let wrongPassword = try await Self.signIn(client, password: "not the password at all")
            let wrongUsername = try await Self.signIn(client, username: "nobody")
            XCTAssertEqual(wrongPassword.status, .unprocessableContent)
            XCTAssertEqual(wrongUsername.status, .unprocessableContent)
            for page in [wrongPassword, wrongUsername] {
                XCTAssert(page.text.contains(SignInPresenter.wrongCredentials))
                XCTAssertNil(Self.sessionCookie(of: page))
                XCTAssertFalse(page.text.contains("not the password at all"), "A password never comes back")
            }
        }
    }

    func testADisabledAccountCannotSignInAndItsSessionsEnd() async throws {
        let signIn = try await makeTestSignIn()
        let app = try await TestApp(signIn: signIn)
        _ = try await AccountsWorker(accounts: signIn.accounts, sessions: signIn.sessions, passwords: signIn.passwords)
            .disableAccount(username: testAccount.username)
        try await app.test { client in
            let page = try await client.get("/orders")
            XCTAssertEqual(page.status, .seeOther, "Its session ended")
            let again = try await Self.signIn(client)
            XCTAssertEqual(again.status, .unprocessableContent)
            XCTAssert(again.text.contains(SignInPresenter.wrongCredentials), "Said as a wrong password is")
        }
    }

    func testAfterSigningInTheClerkLandsWhereTheyWereGoingButOnlyOnThisSite() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let cases = [
                ("/orders/1/edit", "/orders/1/edit"), ("/orders?after=5", "/orders?after=5"),
                ("//evil.example/", "/orders"), ("https://evil.example/", "/orders"), ("/\\evil.example", "/orders"),
                ("evil.example", "/orders"), ("/sign-in", "/orders"), ("", "/orders"),
            ]
            for (returnTo, location) in cases {
                let response = try await Self.signIn(client, returnTo: returnTo)
                XCTAssertEqual(response.status, .seeOther, returnTo)
                XCTAssertEqual(response.headers[.location], location, returnTo)
            }
            // A control character in a sign-in form is refused before anything is read (issue 25).
            let tab = try await Self.signIn(client, returnTo: "/\t/evil.example")
            XCTAssertEqual(tab.status, .badRequest)
            XCTAssertNil(tab.headers[.location])
        }
    }

    func testAfterFiveFailuresAUsernameIsRefusedFor15MinutesEvenWithTheRightPassword() async throws {
        let clock = TestClock()
        var app = try await TestApp()
        app.environment.now = { clock.now }
        try await app.test { client in
            for _ in 0..<5 {
                let failed = try await Self.signIn(client, password: "wrong password 123")
                XCTAssertEqual(failed.status, .unprocessableContent)
            }
            let refused = try await Self.signIn(client)
            XCTAssertEqual(refused.status, .tooManyRequests)
            XCTAssert(refused.text.contains("Too many failed attempts to sign in as this user. Wait 15 minutes"))
            XCTAssertNil(Self.sessionCookie(of: refused))
            // Counted by username regardless of case; another username from the same address is not refused.
            let shouted = try await Self.signIn(client, username: "SAM")
            XCTAssertEqual(shouted.status, .tooManyRequests)
            let other = try await Self.signIn(client, username: "someone-else", password: "wrong password 123")
            XCTAssertEqual(other.status, .unprocessableContent)

            clock.now = Seeds.june29.addingTimeInterval(15 * 60 + 1)
            let later = try await Self.signIn(client)
            XCTAssertEqual(later.status, .seeOther, "The window has passed")
        }
    }

    func testFromOneAddressManyUsernamesAreRefusedAfterTheAddressLimit() async throws {
        let signIn = try await makeTestSignIn()
        var throttled = signIn
        throttled.throttle.maximumFailuresPerAddress = 3
        let app = try await TestApp(signIn: throttled)
        try await app.test { client in
            for index in 0..<3 {
                let failed = try await Self.signIn(client, username: "guess\(index)", password: "wrong password 123")
                XCTAssertEqual(failed.status, .unprocessableContent)
            }
            let refused = try await Self.signIn(client)
            XCTAssertEqual(refused.status, .tooManyRequests)
        }
    }

    // MARK: Timeouts

    func testASessionEndsAfter30IdleMinutes() async throws {
        let clock = TestClock()
        var app = try await TestApp()
        app.environment.now = { clock.now }
        try await app.test { client in
            clock.now = Seeds.june29.addingTimeInterval(29 * 60)
            let used = try await client.get("/orders")
            XCTAssertEqual(used.status, .ok, "29 minutes idle: still going (and its last use is now)")
            clock.now = Seeds.june29.addingTimeInterval(29 * 60 + 29 * 60)
            let again = try await client.get("/orders")
            XCTAssertEqual(again.status, .ok, "29 more minutes after the last use")
            clock.now = clock.now.addingTimeInterval(30 * 60)
            let idle = try await client.get("/orders")
            XCTAssertEqual(idle.status, .seeOther, "30 minutes idle: ended")
        }
    }

    func testASessionEndsAfter12HoursHoweverBusy() async throws {
        let clock = TestClock()
        var app = try await TestApp()
        app.environment.now = { clock.now }
        try await app.test { client in
            for minutes in stride(from: 20, to: 12 * 60, by: 20) {
                clock.now = Seeds.june29.addingTimeInterval(Double(minutes) * 60)
                let page = try await client.get("/orders")
                XCTAssertEqual(page.status, .ok, "\(minutes) minutes")
            }
            clock.now = Seeds.june29.addingTimeInterval(12 * 3600)
            let ended = try await client.get("/orders")
            XCTAssertEqual(ended.status, .seeOther, "12 hours after signing in")
        }
    }

    // MARK: CSRF and sessions

    func testATokenFromBeforeSigningInIsNoTokenInTheSession() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.post(
                "/orders", form: Seeds.formBody(Seeds.validFormFields) + "&_csrf=\(testSignedOutCSRFToken)", cookie: testBrowserCookie,
                csrf: false, signedIn: false)
            XCTAssertEqual(response.status, .forbidden)
            XCTAssert(response.text.contains("This form has expired"))
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [])
    }

    // MARK: Nothing typed is lost

    func testTheOldOrderFormPostedAfterTheSessionEndedBecomesADraftAfterSigningIn() async throws {
        let signIn = try await makeTestSignIn()
        let app = try await TestApp(signIn: signIn)
        try await signIn.sessions.deleteSession(id: testSessionID)  // it timed out
        var fields = Seeds.validFormFields
        fields.firstName = "José"
        fields.lastName = "Núñez"
        let body = Seeds.formBody(fields)
        try await app.test { client in
            // When: the old one-page form is posted with the session's cookie and token, the session gone
            let refused = try await client.post("/orders", form: body)

            // Then: the sign-in page, nothing saved, the typing kept but for the card
            XCTAssertEqual(refused.status, .forbidden)
            XCTAssert(refused.text.contains("Your session has ended, so the order was not saved."))
            let draft = try XCTUnwrap(Self.hiddenValue("draft", in: refused.text))
            XCTAssert(draft.hasPrefix("/orders?"), draft)
            XCTAssertFalse(draft.contains("4111111111111111"), "Never the card number")
            XCTAssertFalse(draft.contains("paymentMethodCVV"), "Never the security code")
            XCTAssertFalse(refused.text.contains("4111111111111111"))

            // When: signing in from that page
            let signedIn = try await Self.signIn(client, extra: "&draft=\(draft.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")

            // Then: the form is kept as a draft of the clerk who signed in, and the clerk goes to it
            XCTAssertEqual(signedIn.status, .seeOther)
            let location = try XCTUnwrap(signedIn.headers[.location])
            XCTAssert(location.hasPrefix("/drafts/D-"), location)
            let session = try XCTUnwrap(Self.sessionCookie(of: signedIn))
            let flash = signedIn.headers[values: .setCookie].first { $0.hasPrefix("\(Flash.cookieName)=") }.map { String($0.split(separator: ";")[0]) }
            let page = try await client.get(location, cookie: [session, try XCTUnwrap(flash)].joined(separator: "; "), signedIn: false)
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains(#"value="José""#))
            XCTAssert(page.text.contains(#"value="Núñez""#))
            XCTAssert(page.text.contains("The card is never kept in a draft: type it on the check page."), page.text)
            XCTAssertFalse(page.text.contains("4111"))
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [], "Nothing placed until the clerk places it")
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts.map(\.contact.firstName), ["José"])
        XCTAssertEqual(drafts.first?.createdBy, testAccount.name)
    }

    func testAnEditPostedAfterTheSessionEndedComesBackForTheSameOrderAndVersion() async throws {
        let signIn = try await makeTestSignIn()
        let app = try await TestApp(orders: [Seeds.Orders.amy], signIn: signIn)
        try await signIn.sessions.deleteSession(id: testSessionID)
        var fields = Seeds.validFormFields
        fields.version = "1"
        fields.shipmentAddressCity = "Springfield"
        let body = Seeds.formBody(fields)
        try await app.test { client in
            let refused = try await client.post("/orders/1", form: body)
            XCTAssertEqual(refused.status, .forbidden)
            let draft = try XCTUnwrap(Self.hiddenValue("draft", in: refused.text))
            let signedIn = try await Self.signIn(client, extra: "&draft=\(draft.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)")
            XCTAssertEqual(signedIn.status, .ok)
            XCTAssert(signedIn.text.contains(#"action="/orders/1""#))
            XCTAssert(signedIn.text.contains(#"<input type="hidden" name="version" value="1" />"#))
            XCTAssert(signedIn.text.contains(#"value="Springfield""#))
        }
    }

    // MARK: The set-up link

    func testTheSetUpLinkMakesTheFirstSupervisorOnlyWithItsTokenAndOnlyOnce() async throws {
        let token = SetupToken(text: "the-set-up-token-of-the-test-0123456789abc")
        // A clerk exists, no supervisor yet
        let signIn = try await makeTestSignIn(role: .clerk, setupToken: token)
        let app = try await TestApp(signIn: signIn)
        try await app.test { client in
            let wrong = try await client.get("/setup?token=guessed", signedIn: false)
            XCTAssertEqual(wrong.status, .notFound)
            let none = try await client.get("/setup", signedIn: false)
            XCTAssertEqual(none.status, .notFound)
            let page = try await client.get("/setup?token=\(token.text)", signedIn: false)
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains("<h1>Create the first supervisor</h1>"))

            let weak = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&password=short&passwordConfirmation=short", signedIn: false)
            XCTAssertEqual(weak.status, .unprocessableContent)
            XCTAssert(weak.text.contains("at least 12 characters"))

            let password = "a long enough password"
            let created = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&displayName=The+Boss&password=\(password)&passwordConfirmation=\(password)",
                signedIn: false)
            XCTAssertEqual(created.status, .seeOther)
            XCTAssertEqual(created.headers[.location], "/orders")
            let cookie = try XCTUnwrap(Self.sessionCookie(of: created))
            let orders = try await client.get("/orders", cookie: cookie, signedIn: false)
            XCTAssertEqual(orders.status, .ok)
            XCTAssert(orders.text.contains("Signed in as <strong>The Boss</strong> (supervisor)"))

            // Then: the link is dead for good
            let again = try await client.get("/setup?token=\(token.text)", signedIn: false)
            XCTAssertEqual(again.status, .notFound)
            let second = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss2&password=\(password)&passwordConfirmation=\(password)", signedIn: false)
            XCTAssertEqual(second.status, .notFound)
        }
        let supervisors = try await signIn.accounts.countSupervisors()
        XCTAssertEqual(supervisors, 1)

        // And disabling that supervisor does not reopen it
        _ = try await AccountsWorker(accounts: signIn.accounts, sessions: signIn.sessions, passwords: signIn.passwords)
            .disableAccount(username: "boss")
        try await app.test { client in
            let closed = try await client.get("/setup?token=\(token.text)", signedIn: false)
            XCTAssertEqual(closed.status, .notFound, "Then 404 for good")
        }
    }

    /// The value of the hidden input `name` in `html`, unescaped.
    static func hiddenValue(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: #"<input type="hidden" name="\#(name)" value=""#) else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
            .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    }
}
