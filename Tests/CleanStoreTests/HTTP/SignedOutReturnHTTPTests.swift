import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A POST refused signed out returns, after signing in, to its own page, as its route names it
/// (`Routes.Route.returnsTo`): the order's page for a status change or a note, the confirmation for a
/// delete; an edit form comes back as typed (its draft), the old one-page form as a draft.
final class SignedOutReturnHTTPTests: XCTestCase {
    /// Every POST route that needs a session, and the page it returns to for order 1.
    static let returnPages: [String: String] = [
        "/orders": "/drafts",
        "/orders/views": "/orders",
        "/orders/views/{id}": "/orders/views",
        "/orders/{id}": "/orders/1/edit",
        "/orders/{id}/delete": "/orders/1/delete",
        "/orders/{id}/status": "/orders/1",
        "/orders/{id}/tracking": "/orders/1",
        "/orders/{id}/undo": "/orders/1",
        "/orders/bulk": "/orders",
        "/orders/{id}/notes": "/orders/1",
        "/tax-rates/new": "/tax-rates/new",
        "/tax-rates/{id}/edit": "/tax-rates/1/edit",
        "/products/new": "/products/new",
        "/products/{id}/edit": "/products/1/edit",
        "/products/{id}/archive": "/products/1",
        "/products/{id}/restore": "/products/1",
        "/customers/new": "/customers/new",
        "/customers/{id}/edit": "/customers/1/edit",
        "/customers/{id}/merge/{key}": "/customers/1/merge",
        "/customers/{id}/erase": "/customers/1/erase",
        "/drafts": "/orders",
        "/orders/{id}/new-draft": "/orders/1",
        "/orders/{id}/repeat": "/orders/1",
        "/drafts/{id}/customer": "/drafts/1",
        "/drafts/{id}/caller": "/drafts/1",
        "/drafts/{id}/delivery": "/drafts/1",
        "/drafts/{id}/lines": "/drafts/1",
        "/drafts/{id}/lines/quantities": "/drafts/1",
        "/drafts/{id}/lines/remove": "/drafts/1",
        "/drafts/{id}/lines/price": "/drafts/1",
        "/drafts/{id}/prices": "/drafts/1/check",
        "/drafts/{id}/place": "/drafts/1/check",
        "/orders/{id}/lines": "/orders/1",
        "/orders/{id}/lines/quantities": "/orders/1",
        "/orders/{id}/lines/{key}/price": "/orders/1",
        "/orders/{id}/lines/{key}/remove": "/orders/1",
        "/accounts/new": "/accounts/new",
        "/accounts/{id}/role": "/accounts/1/edit",
        "/account/tokens": "/account",
        "/account/tokens/{id}/revoke": "/account",
        "/accounts/{id}/tokens": "/accounts/1/tokens",
        "/accounts/{id}/tokens/{key}/revoke": "/accounts/1/tokens",
        "/accounts/{id}/disable": "/accounts/1/edit",
        "/accounts/{id}/enable": "/accounts/1/edit",
        "/accounts/{id}/reset-password": "/accounts/1/edit",
        "/webhooks": "/webhooks/new",
        "/webhooks/{id}/enabled": "/webhooks/1",
    ]

    /// The value of the sign-in page's hidden field `name`, as the browser would post it back.
    static func hiddenField(_ name: String, in page: String) -> String? {
        guard let start = page.range(of: #"<input type="hidden" name="\#(name)" value=""#) else { return nil }
        let rest = page[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    static func encoded(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    func testEveryPOSTRouteThatNeedsASessionNamesItsOwnPageToReturnTo() async throws {
        let app = try await TestApp()
        let posts = Routes.table(environment: app.environment).filter { route in
            guard route.method == .post else { return false }
            if case .anyone = route.access { return false }
            return true
        }
        XCTAssertEqual(Set(posts.map(\.path.pattern)), Set(Self.returnPages.keys))
        for route in posts {
            XCTAssertEqual(route.returnsTo?("1"), Self.returnPages[route.path.pattern], route.path.pattern)
        }
    }

    func testASignedOutPostReturnsToItsOwnPageAfterSigningIn() async throws {
        let cases: [(path: String, form: String)] = [
            ("/orders/1/status", "action=markPaid&version=1"), ("/orders/1/status", "action=cancel&version=1&reason=Called"),
            ("/orders/1/notes", "text=Called+back"), ("/orders/1/delete", ""),
        ]
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for (path, form) in cases {
                let refused = try await client.post(path, form: form, signedIn: false)
                XCTAssertEqual(refused.status, .forbidden, path)
                XCTAssert(refused.text.contains("<h1>Sign in</h1>"), path)
                XCTAssertNil(Self.hiddenField("draft", in: refused.text), "\(path): no draft")
                let returnTo = try XCTUnwrap(Self.hiddenField("return", in: refused.text), path)
                let expected = Self.returnPages[path.replacingOccurrences(of: "/1", with: "/{id}")]
                XCTAssertEqual(returnTo, expected, path)

                let signedIn = try await AccessControlTests.signIn(client, returnTo: returnTo)
                XCTAssertEqual(signedIn.status, .seeOther, path)
                XCTAssertEqual(signedIn.headers[.location], expected, "\(path): back to its own page")
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy], "Nothing was done signed out")
    }

    func testASignedOutOrderFormComesBackAsTypedAfterSigningIn() async throws {
        let edit = {
            var fields = Seeds.validFormFields
            fields.version = "1"
            fields.lastName = "Changed"
            return fields
        }()
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for (path, fields) in [("/orders", Seeds.validFormFields), ("/orders/1", edit)] {
                let refused = try await client.post(path, form: Seeds.formBody(fields), signedIn: false)
                XCTAssertEqual(refused.status, .forbidden, path)
                XCTAssertNil(Self.hiddenField("return", in: refused.text), "\(path): the draft says the way back")
                let draft = try XCTUnwrap(Self.hiddenField("draft", in: refused.text), path)
                XCTAssert(draft.hasPrefix("\(path)?"), draft)

                let resumed = try await AccessControlTests.signIn(client, extra: "&draft=\(Self.encoded(draft))")
                if path == "/orders" {
                    // The old one-page form: kept as a draft once signed in (a POST may make one)
                    XCTAssertEqual(resumed.status, .seeOther, path)
                    XCTAssert(resumed.headers[.location]?.hasPrefix("/drafts/D-") == true, "\(String(describing: resumed.headers[.location]))")
                } else {
                    XCTAssertEqual(resumed.status, .ok, path)
                    XCTAssert(resumed.text.contains("<h1>Edit order 1</h1>"), "\(path): \(resumed.text)")
                    XCTAssert(resumed.text.contains(#"action="\#(path)""#), path)
                    XCTAssert(resumed.text.contains(#"value="\#(fields.lastName)""#), "\(path): as typed")
                }
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [Seeds.Orders.amy], "Nothing was saved signed out")
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts.map(\.contact.lastName), [Seeds.validFormFields.lastName], "The old form's typing, kept")
    }
}
