import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Every route and status of HTTP.md, through the real router, middleware and templates.
final class HTTPTests: XCTestCase {
    // MARK: The whole journey

    func testPlacedListShowEditUpdateJourney() async throws {
        let app = try await TestApp()
        // An order as placing a draft leaves it (placing itself: `PlaceDraftHTTPTests`)
        try await app.seedOrder()
        try await app.test { client in
            // The new order's page, confirming it once (the flash placing sends it with): its
            // number, large, to read out to the caller
            let confirmed = try await client.get("/orders/1", cookie: confirmationCookie(Flash.Confirmation(orderID: "1", note: nil)))
            XCTAssertEqual(confirmed.status, .ok)
            XCTAssert(confirmed.text.contains(#"<h2 class="panel-title">Order saved</h2>"#))
            XCTAssert(confirmed.text.contains(#"<p>Order number<br /><strong class="panel-number">1</strong></p>"#))
            XCTAssert(confirmed.text.contains(#"<a href="/drafts">Create another order</a>"#))
            XCTAssertFalse(confirmed.text.contains("notification-banner"), "The panel says it: no banner")
            XCTAssertEqual(HTMLCheck.findings(in: confirmed.text), [])
            XCTAssert(confirmed.headers[values: .setCookie].contains { $0.hasPrefix("\(Flash.cookieName)=;") && $0.contains("Max-Age=0") },
                "Shown once: the page clears it")

            // List
            let list = try await client.get("/orders")
            XCTAssertEqual(list.status, .ok)
            XCTAssertEqual(list.headers[.contentType], "text/html; charset=utf-8")
            XCTAssert(list.text.contains(#"<a href="/orders/1"><span class="order-word">Order </span>1</a>"#))
            XCTAssert(list.text.contains("$19.99"))

            // Show
            let show = try await client.get("/orders/1")
            XCTAssertFalse(show.text.contains("panel-confirmation"), "No panel without the create's confirmation")
            XCTAssertEqual(show.status, .ok)
            for text in ["Amy Apple", "111-111-1111", "amy.apple@clean-swift.com", "29 June 2007", "$19.99",
                         "One-Day Shipping", "•••• 1111", "04/29", "Cupertino, CA 95014"] {
                XCTAssert(show.text.contains(text), text)
            }
            XCTAssertFalse(show.text.contains("4111111111111111"), "The card is never shown whole")
            XCTAssertFalse(show.text.contains("123"), "The security code was never stored")

            // Edit
            let edit = try await client.get("/orders/1/edit")
            XCTAssertEqual(edit.status, .ok)
            XCTAssert(edit.text.contains(#"action="/orders/1""#))
            XCTAssert(edit.text.contains(#"value="Amy""#))
            XCTAssert(edit.text.contains(#"value="04/29""#))
            XCTAssert(edit.text.contains("Leave empty to keep the card ending 1111."))

            // Update: change the address and method, leave the card empty
            var fields = Seeds.validFormFields
            fields.shipmentAddressStreet1 = "2 New Street"
            fields.shipmentMethodSpeed = "2"
            fields.paymentMethodCreditCardNumber = ""
            fields.paymentMethodCVV = ""
            let updated = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(updated.status, .seeOther)
            XCTAssertEqual(updated.headers[.location], "/orders/1")
            let shown = try await client.get("/orders/1", cookie: updated.cookieToSendBack)
            XCTAssert(shown.text.contains("Order 1 was updated."))
            XCTAssert(shown.text.contains("2 New Street"))
            XCTAssert(shown.text.contains("Two-Day Shipping"))
            XCTAssert(shown.text.contains("$9.99"))
            XCTAssert(shown.text.contains("•••• 1111"), "The stored card is kept")
            XCTAssert(shown.text.contains("29 June 2007"), "The date never changes")
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 1)
        XCTAssertEqual(stored.first?.paymentMethod.creditCardNumber, "4111111111111111")
    }

    // MARK: Pages of the list

    func testTheListShowsFiftyOrdersAPageWithLinksToOlderAndNewerPages() async throws {
        var orders: [Order] = []
        for index in 0..<120 {
            var order = Seeds.Orders.amy
            order.date = Seeds.june29.addingTimeInterval(Double(index))
            orders.append(order)
        }
        let app = try await TestApp(orders: orders)
        try await app.test { client in
            func ids(_ html: String) -> [Int] {
                html.components(separatedBy: #"<td><a href="/orders/"#).dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
            }
            func link(_ rel: String, _ html: String) -> String? {
                guard let range = html.range(of: ##"<a rel="\##(rel)" href=""##) else { return nil }
                return String(html[range.upperBound...].prefix { $0 != "\"" })
            }
            let first = try await client.get("/orders")
            XCTAssertEqual(ids(first.text), Array((71...120).reversed()), "Newest first, 50 a page")
            XCTAssertNil(link("prev", first.text))
            let secondURL = try XCTUnwrap(link("next", first.text))
            let second = try await client.get(secondURL)
            XCTAssertEqual(ids(second.text), Array((21...70).reversed()))
            let thirdURL = try XCTUnwrap(link("next", second.text))
            let third = try await client.get(thirdURL)
            XCTAssertEqual(ids(third.text), Array((1...20).reversed()))
            XCTAssertNil(link("next", third.text), "The last page")
            let backURL = try XCTUnwrap(link("prev", third.text))
            let back = try await client.get(backURL)
            XCTAssertEqual(ids(back.text), Array((21...70).reversed()))
            let junk = try await client.get("/orders?after=%3Cscript%3E&before=1")
            XCTAssertEqual(junk.status, .ok)
            XCTAssertEqual(ids(junk.text), Array((71...120).reversed()), "A cursor that is no cursor: the newest page")
        }
    }

    // MARK: Deleting

    func testDeleteJourneyConfirmThenDeleteThenGone() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy, Seeds.Orders.bob])
        try await app.test { client in
            let show = try await client.get("/orders/1")
            XCTAssert(show.text.contains(#"href="/orders/1/delete">Delete order</a>"#))

            let confirm = try await client.get("/orders/1/delete")
            XCTAssertEqual(confirm.status, .ok)
            XCTAssert(confirm.text.contains("<h1>Delete order 1?</h1>"))
            XCTAssert(confirm.text.contains(#"action="/orders/1/delete""#))
            XCTAssert(confirm.text.contains(#"<a href="/orders/1">Cancel</a>"#))

            let deleted = try await client.post("/orders/1/delete", form: "")
            XCTAssertEqual(deleted.status, .seeOther)
            XCTAssertEqual(deleted.headers[.location], "/orders")
            let list = try await client.get("/orders", cookie: deleted.cookieToSendBack)
            XCTAssert(list.text.contains("Order 1 was deleted."))
            XCTAssertFalse(list.text.contains(#"href="/orders/1""#))

            let again = try await client.post("/orders/1/delete", form: "")
            XCTAssertEqual(again.status, .notFound, "Deleting twice is a 404 page, not a crash")
            XCTAssert(again.text.contains("<h1>Page not found</h1>"))
            for uri in ["/orders/1", "/orders/1/delete", "/orders/abc/delete"] {
                let gone = try await client.get(uri)
                XCTAssertEqual(gone.status, .notFound, uri)
            }
            let wrongMethod = try await client.execute(uri: "/orders/2/delete", method: .put)
            XCTAssertEqual(wrongMethod.status, .methodNotAllowed)
            XCTAssertEqual(wrongMethod.headers[.allow], "GET, HEAD, POST")
        }
        let remaining = try await app.store.fetchOrders()
        XCTAssertEqual(remaining.map(\.id), ["2"])
    }

    // MARK: History

    func testAnOrdersHistoryListsEveryChangeNewestFirstAndOutlivesTheOrder() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // Given: an order created, then its first name and card changed, through the forms
            try await app.seedOrder()
            var fields = Seeds.validFormFields
            fields.firstName = "Ann"
            fields.paymentMethodCreditCardNumber = "4242 4242 4242 4242"
            let updated = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(updated.status, .seeOther)

            // When
            let history = try await client.get("/orders/1/history")

            // Then
            XCTAssertEqual(history.status, .ok)
            XCTAssertEqual(history.headers[.contentType], "text/html; charset=utf-8")
            XCTAssertEqual(HTMLCheck.findings(in: history.text), [])
            let text = history.text
            XCTAssert(text.contains("<h1>History of order 1</h1>"), text)
            let changed = try XCTUnwrap(text.range(of: "Order changed")), created = try XCTUnwrap(text.range(of: "Order created"))
            XCTAssert(changed.lowerBound < created.lowerBound, "Newest first")
            XCTAssert(text.contains("<dt>First name</dt><dd>Amy <span aria-hidden=\"true\">→</span>"), text)
            XCTAssert(text.contains("<dt>Card number</dt><dd>ending 1111 "), text)
            XCTAssert(text.contains("</span> ending 4242</dd>"), text)
            XCTAssertFalse(text.contains("4242424242424242") || text.contains("4242 4242 4242 4242"), "Never the whole card")
            XCTAssert(text.contains("Sam Supervisor (sam), <time datetime=\"2007-06-29T06:00:00+00:00\">29 June 2007 at 6am</time>"), text)
            XCTAssert(text.contains(#"<a href="/orders/1">Back to order 1</a>"#))
            let show = try await client.get("/orders/1")
            XCTAssert(show.text.contains(#"<a href="/orders/1/history">History</a>"#), "The order page links to it")
            XCTAssert(show.text.contains("Last changed by Sam Supervisor (sam) on 29 June 2007 at 6am"), show.text)

            // And once the order is deleted, its history is still there
            _ = try await client.post("/orders/1/delete", form: "")
            let afterDelete = try await client.get("/orders/1/history")
            XCTAssertEqual(afterDelete.status, .ok)
            XCTAssert(afterDelete.text.contains("Order 1 was deleted. Its history is kept."))
            XCTAssert(afterDelete.text.contains("Order deleted"))
            XCTAssertFalse(afterDelete.text.contains(#"href="/orders/1""#), "No link to an order that is gone")
        }
    }

    /// Issue 25: changing a card to another with the same last four leaves a trace.
    func testACardChangedToAnotherWithTheSameLastFourIsInTheHistory() async throws {
        let app = try await TestApp()
        try await app.test { client in
            // Given: an order paid with 4111 1111 1111 1111, then the card changed to another ending 1111
            try await app.seedOrder()
            var fields = Seeds.validFormFields
            fields.paymentMethodCreditCardNumber = "5500 0000 0800 1111"
            let updated = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(updated.status, .seeOther)

            // When
            let history = try await client.get("/orders/1/history")

            // Then
            XCTAssertEqual(HTMLCheck.findings(in: history.text), [])
            XCTAssert(history.text.contains("<dt>Card number</dt><dd>Card changed, still ending 1111</dd>"), history.text)
            XCTAssertFalse(history.text.contains("5500000008001111") || history.text.contains("5500 0000 0800 1111"), "Never the whole card")
        }
    }

    func testTheHistoryOfAnOrderThatNeverExistedIsA404Page() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for uri in ["/orders/2/history", "/orders/abc/history", "/orders/-1/history"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssert(response.text.contains("<h1>Page not found</h1>"), uri)
            }
            let seeded = try await client.get("/orders/1/history")
            XCTAssertEqual(seeded.status, .ok, "An order from before history was kept has an empty one")
            XCTAssert(seeded.text.contains("No changes to this order have been recorded"))
            let post = try await client.post("/orders/1/history", form: "")
            XCTAssertEqual(post.status, .methodNotAllowed)
        }
    }

    // MARK: Invalid forms

    /// The old one-page form (an old tab, a script) with a mistake: kept as a draft, whose page
    /// shows the mistake at its field with what was typed; never the card.
    func testTheOldOrderFormWithAMistakeIsItsDraftsPageWith422EveryProblemAndTheTypedValues() async throws {
        let app = try await DraftsHTTPTests.makeApp()
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.email = ""
            fields.firstName = "Zoë"
            let response = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(response.status, .unprocessableContent)
            let html = response.text
            XCTAssert(html.contains("<title>Error: Order D-ABCDEB – CleanStore</title>"), html)
            XCTAssert(html.contains(#"<div class="error-summary""#))
            XCTAssert(html.contains(##"<a href="#email">Enter the customer&#39;s email address</a>"##))
            XCTAssert(html.contains(#"id="email-error""#))
            XCTAssert(html.contains(#"aria-invalid="true" aria-describedby="email-error""#))
            XCTAssert(html.contains(#"value="Zoë""#), "Typed values come back")
            XCTAssert(html.contains(#"action="/drafts/D-ABCDEB/caller""#), "Corrected on the draft's own forms")
            XCTAssert(html.contains("type it on the check page"), "The card must be typed again, and where")
            XCTAssertFalse(html.contains("4111"), "The card is never kept nor echoed")
            XCTAssertEqual(HTMLCheck.findings(in: html), [])
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [], "No order: a draft")
        let draft = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEB")
        XCTAssertEqual(draft?.shipmentAddress.city, "Cupertino", "The delivery passed: saved")
        XCTAssertEqual(draft?.contact.firstName, "", "The caller did not: on the page to correct")
    }

    func testTheOldOrderFormBecomesADraftAndGoesToItSayingWhereTheCardIsTyped() async throws {
        let app = try await DraftsHTTPTests.makeApp(role: .clerk)
        try await app.test { client in
            let kept = try await client.post("/orders", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(kept.status, .seeOther)
            XCTAssertEqual(kept.headers[.location], "/drafts/D-ABCDEB")
            let page = try await client.get("/drafts/D-ABCDEB", cookie: kept.cookieToSendBack)
            XCTAssertEqual(page.status, .ok)
            XCTAssert(
                page.text.contains(
                    "Your order form was kept as draft D-ABCDEB: add the items here. The card is never kept in a draft: type it on the check page."),
                page.text)
            XCTAssert(page.text.contains(#"value="amy.apple@clean-swift.com""#))
            XCTAssertFalse(page.text.contains("4111"))

            // An old link to the one-page form: to the orders being taken, where one button starts one
            let old = try await client.get("/orders/new")
            XCTAssertEqual(old.status, .seeOther)
            XCTAssertEqual(old.headers[.location], "/drafts")
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [], "Nothing is placed without its items and card")
        let draft = try await app.environment.drafts.fetchDraft(ref: "D-ABCDEB")
        XCTAssertEqual(draft?.createdBy, testAccount.name)
        XCTAssertEqual(draft?.shipmentMethod, ShipmentMethod(speed: .oneDay))
        XCTAssertEqual(draft?.contact.phone, "111-111-1111")
    }

    func testAnInvalidUpdateComesBackAs422AndChangesNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.phone = ""
            let response = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(response.status, .unprocessableContent)
            XCTAssert(response.text.contains("<title>Error: Edit order 1 – CleanStore</title>"))
            XCTAssert(response.text.contains(#"action="/orders/1""#))
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored, Seeds.Orders.amy)
    }

    /// Two clerks open the edit form of one order; the first saves; the second saves from the
    /// same version with a form that does not carry its base (`base-<field>`, which the edit page
    /// writes: `EditMergeHTTPTests` posts it): whose change each field is cannot be told, so every
    /// field that differs is asked (409), pre-filled with what the second typed, crediting no one;
    /// the form now carries the stored order as its base, and saved again it overwrites nothing.
    func testTwoEditsFromOneVersionTheSecondGetsTheConflictFormAndLosesNothing() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let editForm = try await client.get("/orders/1/edit").text
            XCTAssert(editForm.contains(#"<input type="hidden" name="version" value="1" />"#))

            var first = Seeds.validFormFields
            first.phone = "222-222-2222"
            let saved = try await client.post("/orders/1", form: Seeds.formBody(first))
            XCTAssertEqual(saved.status, .seeOther)

            var second = Seeds.validFormFields
            second.shipmentAddressCity = "Palo Alto"
            let conflict = try await client.post("/orders/1", form: Seeds.formBody(second))
            XCTAssertEqual(conflict.status, .conflict)
            let html = conflict.text
            XCTAssert(html.contains("<title>Error: Edit order 1 – CleanStore</title>"))
            XCTAssert(html.contains("Sam Supervisor (sam) changed order 1 on 29 June 2007 at 6am after you opened this form"), "Who and when, as the order says")
            XCTAssert(html.contains(#"<input type="hidden" name="base-phone" value="222-222-2222" />"#), "Its base: the order as saved")
            XCTAssert(html.contains(#"id="phone" name="phone" type="tel" value="111-111-1111""#), "Pre-filled with what was typed")
            XCTAssertFalse(html.contains("changed it to"), "No one is credited with a change")
            XCTAssert(html.contains(#"<p class="typed-value" id="phone-typed">You typed: <strong>111-111-1111</strong></p>"#))
            XCTAssert(html.contains(#"<p class="typed-value" id="shipmentAddressCity-typed">You typed: <strong>Palo Alto</strong></p>"#),
                      "What the second clerk typed is not lost")
            XCTAssert(
                html.contains(
                    ##"<li><a href="#phone">Phone number: you typed 111-111-1111</a></li>"## + "\n"
                        + ##"<li><a href="#shipmentAddressCity">City of the shipment address: you typed Palo Alto</a></li>"##),
                "The summary links to each field that differs")
            XCTAssert(html.contains(#"<input type="hidden" name="version" value="2" />"#))
            XCTAssertEqual(HTMLCheck.findings(in: html), [])
            let afterConflict = try await app.store.fetchOrder(id: "1")
            XCTAssertEqual(afterConflict?.phone, "222-222-2222", "The first save is not overwritten")
            XCTAssertEqual(afterConflict?.shipmentAddress.city, "Cupertino")

            // The second clerk types their change again into the form as it came back (version 2).
            var again = first
            again.version = "2"
            again.shipmentAddressCity = "Palo Alto"
            let resaved = try await client.post("/orders/1", form: Seeds.formBody(again))
            XCTAssertEqual(resaved.status, .seeOther)
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.shipmentAddress.city, "Palo Alto")
        XCTAssertEqual(stored?.phone, "222-222-2222", "Both clerks' changes are kept")
        XCTAssertEqual(stored?.version, 3)
    }

    func testAMissingFieldIsAFormErrorNotACrash() async throws {
        let app = try await DraftsHTTPTests.makeApp()
        try await app.test { client in
            let response = try await client.post("/orders", form: "firstName=Amy&unknown=1")
            XCTAssertEqual(response.status, .unprocessableContent)
        }
    }

    // MARK: Unknown orders, paths and methods

    func testUnknownOrdersAre404PagesInTheLayout() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            for uri in ["/orders/2", "/orders/abc", "/orders/-1", "/orders/99999999999999999999999", "/orders/2/edit", "/nowhere"] {
                let response = try await client.get(uri)
                XCTAssertEqual(response.status, .notFound, uri)
                XCTAssert(response.text.contains("<h1>Page not found</h1>"), uri)
                XCTAssert(response.text.contains(#"<a class="brand" href="/orders">CleanStore</a>"#), "\(uri): in the layout")
            }
            let update = try await client.post("/orders/2", form: Seeds.formBody(Seeds.validFormFields))
            XCTAssertEqual(update.status, .notFound)
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 1, "Posting to an unknown order creates nothing")
    }

    func testAWrongMethodOnAKnownPathIs405() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy])
        try await app.test { client in
            let cases: [(String, HTTPRequest.Method, String)] = [
                ("/orders", .put, "GET, HEAD, POST"), ("/orders/1", .delete, "GET, HEAD, POST"),
                ("/orders/new", .post, "GET, HEAD"), ("/orders/1/edit", .post, "GET, HEAD"), ("/healthz", .post, "GET, HEAD"),
            ]
            for (uri, method, allow) in cases {
                let response = try await client.execute(uri: uri, method: method)
                XCTAssertEqual(response.status, .methodNotAllowed, "\(method) \(uri)")
                XCTAssertEqual(response.headers[.allow], allow, "\(method) \(uri)")
                XCTAssert(response.text.contains("<h1>Method not allowed</h1>"))
            }
        }
    }

    // MARK: Bad requests

    func testAFormInAnotherContentTypeIs415() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.execute(
                uri: "/orders", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(string: "{}"))
            XCTAssertEqual(response.status, .unsupportedMediaType)
            XCTAssert(response.text.contains("<h1>Unsupported form</h1>"))
        }
    }

    func testABodyThatIsNoFormIs400() async throws {
        let app = try await TestApp()
        try await app.test { client in
            for body in ["firstName=%zz", "firstName=a&firstName=b"] {
                let response = try await client.post("/orders", form: body)
                XCTAssertEqual(response.status, .badRequest, body)
                XCTAssert(response.text.contains("<h1>Bad request</h1>"), body)
            }
            let invalidUTF8 = try await client.execute(
                uri: "/orders", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(bytes: Array("firstName=".utf8) + [0xFF, 0xFE]))
            XCTAssertEqual(invalidUTF8.status, .badRequest)
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored, [])
    }

    func testABodyOverTheLimitIs413() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.post("/orders", form: "firstName=" + String(repeating: "a", count: 70_000))
            XCTAssertEqual(response.status, .contentTooLarge)
            XCTAssert(response.text.contains("<h1>Request too large</h1>"))
        }
    }

    // MARK: Other routes

    func testRootRedirectsToTheList() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.get("/")
            XCTAssertEqual(response.status, .seeOther)
            XCTAssertEqual(response.headers[.location], "/orders")
        }
    }

    func testHealthzIsPlainOK() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.get("/healthz")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers[.contentType], "text/plain; charset=utf-8")
            XCTAssertEqual(response.text, "ok")
        }
    }

    func testStaticFilesAreServedWithTheirTypeAndCacheHeaders() async throws {
        let app = try await TestApp()
        try await app.test { client in
            let response = try await client.get("/css/app.css")
            XCTAssertEqual(response.status, .ok)
            XCTAssertEqual(response.headers[.contentType], "text/css")
            XCTAssertEqual(response.headers[.cacheControl], "public, max-age=3600")
            XCTAssert(response.text.contains(".error-summary"))
        }
    }

    // MARK: Output is escaped

    func testWhatTheClerkTypedComesBackAsText() async throws {
        let hostile = #"<script>alert("x")</script> "><img src=x onerror=alert(1)> 'Tom & Jerry'"#
        let app = try await TestApp()
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.firstName = hostile
            fields.shipmentAddressStreet1 = hostile
            fields.phone = ""
            let refused = try await client.post("/orders", form: Seeds.formBody(fields))
            XCTAssertEqual(refused.status, .unprocessableContent)
            XCTAssertFalse(refused.text.contains("<script>alert"), "The form escapes typed values")
            XCTAssertEqual(HTMLCheck.findings(in: refused.text), [])

            fields.phone = "555-1234"
            try await app.seedOrder(fields)
            for uri in ["/orders", "/orders/1", "/orders/1/edit"] {
                let page = try await client.get(uri)
                XCTAssertFalse(page.text.contains("<script>alert"), uri)
                XCTAssertFalse(page.text.contains("<img src=x"), uri)
                XCTAssert(page.text.contains("&lt;script&gt;"), uri)
                XCTAssertEqual(HTMLCheck.findings(in: page.text), [], uri)
            }
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.firstName, hostile, "Stored byte for byte")
    }
}
