import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `GET /orders/{id}/slip` (HTTP.md), through the real router, middleware and templates: a page
/// made to print, never with card data.
final class PackingSlipHTTPTests: XCTestCase {
    /// Every form card data of an order could take on a page: the whole number (as stored and as
    /// typed), its last four digits, the expiry (as shown and as typed), and the mask's dots.
    static func cardData(of order: Order) -> [String] {
        let number = order.paymentMethod.creditCardNumber
        let grouped = stride(from: 0, to: number.count, by: 4).map { start in
            String(number.dropFirst(start).prefix(4))
        }.joined(separator: " ")
        let expiry = order.paymentMethod.expirationDate
        return [
            number, grouped, order.paymentMethod.lastFourDigits, String(format: "%02d/%02d", expiry.month, expiry.year % 100),
            String(format: "%02d/%d", expiry.month, expiry.year), "•••",
        ]
    }

    func testThePackingSlipShowsWhatToPackAndNoCardData() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy, Seeds.Orders.bob])
        try await app.test { client in
            // Given: an order as the form describes it (card 4111 1111 1111 1111, 04/29), order 3
            try await app.seedOrder()
            let stored = try await app.store.fetchOrder(id: "3")
            let typed = try XCTUnwrap(stored)

            for (order, shown) in [
                (typed, ["Amy Apple", "1 Infinite Loop", "Cupertino, CA 95014", "One-Day Shipping", "29 June 2007"]),
                (Seeds.Orders.bob, ["Bob Battery", "3 Ship Street", "Boston, MA 02108-1234", "Two-Day Shipping", "30 June 2007"]),
            ] {
                let id = try XCTUnwrap(order.id)

                // When
                let slip = try await client.get("/orders/\(id)/slip")

                // Then
                XCTAssertEqual(slip.status, .ok, id)
                XCTAssertEqual(slip.headers[.contentType], "text/html; charset=utf-8")
                XCTAssertEqual(HTMLCheck.findings(in: slip.text), [], id)
                let html = slip.text
                XCTAssert(html.contains("<h1>Packing slip for order \(id)</h1>"), html)
                XCTAssert(html.contains("<div><dt>Status</dt><dd>New</dd></div>"), html)
                for text in shown {
                    XCTAssert(html.contains(text), "\(id): \(text)")
                }
                XCTAssert(html.contains(#"<a href="/orders/\#(id)">Back to order \#(id)</a>"#), html)
                for card in Self.cardData(of: order) {
                    XCTAssertFalse(html.contains(card), "Order \(id)'s slip shows its card data: \(card)")
                }
                if order.billingAddress != order.shipmentAddress {
                    XCTAssertFalse(html.contains(order.billingAddress.street1) || html.contains(order.billingAddress.city), "No billing address")
                }
                for siteOnly in [#"class="site-header""#, "<nav", #"action="/sign-out""#, "Sign out", #"name="_csrf""#] {
                    XCTAssertFalse(html.contains(siteOnly), "The slip has no site header or navigation: \(siteOnly)")
                }
            }
        }
    }

    func testTheOrderPageLinksToItsSlipForEveryoneWhoMaySeeTheOrder() async throws {
        for role in AccountRole.allCases {
            let app = try await TestApp(orders: [Seeds.Orders.amy], role: role)
            try await app.test { client in
                let show = try await client.get("/orders/1")
                XCTAssert(show.text.contains(#"<a href="/orders/1/slip">Print packing slip</a>"#), "\(role)")
                let slip = try await client.get("/orders/1/slip")
                XCTAssertEqual(slip.status, .ok, "\(role)")
            }
        }
    }

    func testACancelledOrdersSlipSaysNotToPackIt() async throws {
        var cancelled = Seeds.Orders.amy
        cancelled.status = .cancelled
        cancelled.cancellationReason = "Customer called"
        let app = try await TestApp(orders: [cancelled])
        try await app.test { client in
            let slip = try await client.get("/orders/1/slip")
            XCTAssertEqual(slip.status, .ok)
            XCTAssert(slip.text.contains("<div><dt>Status</dt><dd>Cancelled</dd></div>"), slip.text)
            XCTAssert(slip.text.contains("This order was cancelled. Do not pack or ship it."), slip.text)
        }
    }

    func testUnknownAndDeletedOrdersHaveNoSlipA404PageInTheAppsLayout() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy, Seeds.Orders.bob])
        try await app.test { client in
            let deleted = try await client.post("/orders/1/delete", form: "")
            XCTAssertEqual(deleted.status, .seeOther)
            for uri in ["/orders/1/slip", "/orders/99/slip", "/orders/abc/slip", "/orders/-1/slip"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssert(response.text.contains("<h1>Page not found</h1>"), uri)
                XCTAssert(response.text.contains(#"<a class="brand" href="/orders">CleanStore</a>"#), "\(uri): in the app's layout")
            }
            let post = try await client.post("/orders/2/slip", form: "")
            XCTAssertEqual(post.status, .methodNotAllowed)
        }
    }

    func testAStoreThatFailsIsA503Page() async throws {
        let app = try await TestApp(store: HardeningTests.FullDiskStore())
        try await app.test { client in
            let response = try await client.get("/orders/1/slip")
            XCTAssertEqual(response.status, .serviceUnavailable)
            XCTAssert(response.text.contains("<h1>Service unavailable</h1>"), response.text)
        }
    }

    func testSignedOutTheSlipSendsToSignInFirst() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let response = try await client.get("/orders/1/slip", signedIn: false)
            XCTAssertEqual(response.status, .seeOther)
            XCTAssertEqual(response.headers[.location], "/sign-in?return=/orders/1/slip")
        }
    }
}
