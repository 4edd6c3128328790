import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The order page (issue 29): one primary action and the others near the top, one timeline of the
/// order's history and notes, and shipping (the confirmation page with its carrier and tracking
/// number, the shipment on the page, in the history, the CSV and the list, a tracking number added
/// or corrected), through the whole app with its page snapshots (`__Snapshots__/OrderPageHTTPTests/`,
/// read by the browser tests for axe and the Nu checker).
final class OrderPageHTTPTests: XCTestCase {
    static let sue = AccountSeeds.sue.name

    /// Checks a page's status and structure, and compares it with the reference named `name`.
    func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    /// Amy's order moved to `status` through the store (its history recorded), at fixed times.
    func order(at status: OrderStatus, in app: TestApp) async throws -> Order {
        let stored = try await app.store.fetchOrder(id: "1")
        var order = try XCTUnwrap(stored)
        let path: [OrderStatus] =
            status == .cancelled ? [.cancelled] : Array([OrderStatus.paid, .packed, .shipped].prefix(while: { $0 != status })) + [status]
        for (index, next) in path.enumerated() where next != .new {
            order = try await app.store.changeStatus(
                id: "1", to: next, expectedVersion: order.version, reason: next == .cancelled ? "Changed their mind" : nil,
                shipment: next == .shipped ? Shipment(carrier: "UPS", trackingNumber: "1Z999AA10123456784") : nil, by: Self.sue,
                // Before the app's clock (June 29, 6am): what the test then does through the app comes after.
                at: Seeds.june29.addingTimeInterval(-Double(path.count - index) * 3600))
        }
        return order
    }

    // MARK: The page

    func testTheOrderPageHasOnePrimaryActionTheOthersNearTheTopAndOneTimeline() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let seeded = try await app.store.fetchOrder(id: "1")
        var edited = try XCTUnwrap(seeded)
        edited.phone = "555-123-4567"
        edited = try await app.store.updateOrder(orderToUpdate: edited, by: AccountSeeds.amy.name, at: Seeds.june29.addingTimeInterval(60))
        _ = try await app.environment.orderNotes.addNote(
            orderID: "1", text: "Customer asked for a call\nbefore 5pm", by: AccountSeeds.amy.name, at: Seeds.june29.addingTimeInterval(120))
        _ = try await app.store.changeStatus(
            id: "1", to: .paid, expectedVersion: edited.version, reason: nil, by: Self.sue, at: Seeds.june29.addingTimeInterval(180))
        let page = try await app.test { client in try await client.get("/orders/1") }
        assertPage("order-timeline", page, status: .ok)
        let html = page.text
        // The primary action first, then the others, before the first section.
        let actions = try XCTUnwrap(html.range(of: #"<div class="order-actions">"#))
        let items = try XCTUnwrap(html.range(of: #"<section class="details items""#))
        XCTAssertLessThan(actions.lowerBound, items.lowerBound, "The actions come before the order's details")
        XCTAssertEqual(html.components(separatedBy: #"<button type="submit" class="button" name="action""#).count - 1, 1, "One primary action")
        XCTAssert(html.contains(#">Mark as packed</button>"#))
        for link in [#"href="/orders/1/edit">Edit</a>"#, ##"href="#add-note">Add note</a>"##, #"href="/orders/1/history">History</a>"#, #"href="/orders/1/slip">Print packing slip</a>"#] {
            let found = try XCTUnwrap(html.range(of: link), link)
            XCTAssertLessThan(found.lowerBound, items.lowerBound, link)
        }
        // The timeline: newest first, who and when, what an edit changed, the note's text.
        let titles = html.components(separatedBy: #"<h3 class="timeline-title">"#).dropFirst().map { $0.prefix { $0 != "<" } }
        XCTAssertEqual(titles, ["Order marked as paid", "Note", "Order changed"], "The seeded order's creation was never recorded")
        XCTAssert(html.contains("Sue Super (sue), <time datetime=\"2007-06-29T06:03:00+00:00\">29 June 2007 at 6:03am</time>"), html)
        XCTAssert(html.contains("<dt>Phone number</dt>"))
        XCTAssert(html.contains("Customer asked for a call\nbefore 5pm"))
    }

    // MARK: Shipping

    func testShippingAsksForTheCarrierAndTrackingNumberAndShowsThemEverywhere() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let packed = try await order(at: .packed, in: app)
        let (orderPage, form, refused) = try await app.test { client in
            (try await client.get("/orders/1"), try await client.get("/orders/1/ship"),
             try await client.post("/orders/1/status", form: "action=markShipped&version=\(packed.version)&carrier=other&carrierOther=&trackingNumber=1Z-9"))
        }
        XCTAssert(orderPage.text.contains(#"<a class="button" href="/orders/1/ship">Mark as shipped</a>"#), "Shipping asks first")
        XCTAssertFalse(orderPage.text.contains(#"value="markShipped""#), "No one-click ship")
        assertPage("ship-form", form, status: .ok)
        assertPage("ship-form-problems", refused, status: .unprocessableContent)
        let unchanged = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(unchanged, packed, "A refused shipment changes nothing")

        // Shipped by UPS with a 16-digit carrier number that passes the Luhn check: a parcel's, kept.
        let (shipped, shownShipped, history, list) = try await app.test { client in
            let shipped = try await client.post(
                "/orders/1/status", form: "action=markShipped&version=\(packed.version)&carrier=UPS&trackingNumber=4111+1111+1111+1111")
            return (
                shipped, try await client.get("/orders/1", cookie: shipped.cookieToSendBack), try await client.get("/orders/1/history"),
                try await client.get("/orders")
            )
        }
        XCTAssertEqual(shipped.status, .seeOther)
        XCTAssertEqual(shipped.headers[.location], "/orders/1")
        assertPage("order-shipped", shownShipped, status: .ok)
        XCTAssert(shownShipped.text.contains(#"<dd class="tracking-number">4111111111111111</dd>"#))
        XCTAssert(shownShipped.text.contains("<div><dt>Carrier</dt><dd>UPS</dd></div>"))
        XCTAssert(shownShipped.text.contains("<div><dt>Shipped</dt><dd>29 June 2007</dd></div>"), "The day, as people read it")
        XCTAssert(history.text.contains("<dt>Carrier</dt>") && history.text.contains("4111111111111111"), "In the history")
        XCTAssert(list.text.contains(#"<span class="line shipped">Shipped 29 Jun 2007, UPS 4111111111111111</span>"#), "In the list's row")
        let saved = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(saved?.carrier, "UPS")
        XCTAssertEqual(saved?.trackingNumber, "4111111111111111")
        XCTAssertEqual(saved?.shippedAt, Seeds.june29, "The app's clock")
    }

    func testTheShipPageIsForAPackedOrderAndForWhoMayShip() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let (notPacked, unknown) = try await app.test { client in
            (try await client.get("/orders/1/ship"), try await client.get("/orders/999/ship"))
        }
        XCTAssertEqual(notPacked.status, .conflict)
        XCTAssertEqual(unknown.status, .notFound)
        let viewer = try await TestApp(orders: [Seeds.Orders.amy], role: .viewer)
        let refused = try await viewer.test { client in try await client.get("/orders/1/ship") }
        XCTAssertEqual(refused.status, .forbidden)
    }

    func testAShippedOrdersTrackingNumberIsAddedOrCorrectedAndRecorded() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let shipped = try await order(at: .shipped, in: app)
        let (bad, stale, corrected) = try await app.test { client in
            (
                try await client.post("/orders/1/tracking", form: "trackingNumber=1Z%3C99&version=\(shipped.version)"),
                try await client.post("/orders/1/tracking", form: "trackingNumber=1Z999AA10123456785&version=\(shipped.version - 1)"),
                try await client.post("/orders/1/tracking", form: "trackingNumber=1z999aa10123456785&version=\(shipped.version)")
            )
        }
        assertPage("tracking-problem", bad, status: .unprocessableContent)
        XCTAssertEqual(stale.status, .conflict)
        XCTAssertEqual(corrected.status, .seeOther)
        let page = try await app.test { client in try await client.get("/orders/1", cookie: corrected.cookieToSendBack) }
        XCTAssert(page.text.contains("Tracking number of order 1 saved: 1Z999AA10123456785."), page.text)
        XCTAssert(page.text.contains("<summary>Correct the tracking number</summary>"))
        let events = try await app.environment.orderEvents.fetchEvents(orderID: "1")
        XCTAssertEqual(events.first?.changes, [OrderChange(field: "Tracking number", old: "1Z999AA10123456784", new: "1Z999AA10123456785")])
        XCTAssertEqual(events.first?.by, testAccount.name)

        let viewer = try await TestApp(orders: [Seeds.Orders.amy], role: .viewer)
        let refused = try await viewer.test { client in
            try await client.post("/orders/1/tracking", form: "trackingNumber=1Z999AA1&version=1")
        }
        XCTAssertEqual(refused.status, .forbidden)
        let notShipped = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let conflict = try await notShipped.test { client in
            try await client.post("/orders/1/tracking", form: "trackingNumber=1Z999AA1&version=1")
        }
        XCTAssertEqual(conflict.status, .conflict)
        XCTAssert(conflict.text.contains("not shipped yet"), conflict.text)
    }

    // MARK: Undo

    func testAMoveToPaidIsUndoneFromItsBannerByWhoeverMadeIt() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let (paid, offered) = try await app.test { client in
            let paid = try await client.post("/orders/1/status", form: "action=markPaid&version=1")
            return (paid, try await client.get("/orders/1", cookie: paid.cookieToSendBack))
        }
        XCTAssertEqual(paid.status, .seeOther)
        assertPage("order-undo-offered", offered, status: .ok)
        XCTAssert(offered.text.contains(#"<form method="post" action="/orders/1/undo">"#))
        XCTAssert(offered.text.contains(">Undo marking as paid</button>"))

        let (undone, page, again) = try await app.test { client in
            let undone = try await client.post("/orders/1/undo", form: "version=2")
            return (undone, try await client.get("/orders/1", cookie: undone.cookieToSendBack), try await client.post("/orders/1/undo", form: "version=3"))
        }
        XCTAssertEqual(undone.status, .seeOther)
        XCTAssertEqual(undone.headers[.location], "/orders/1")
        XCTAssert(page.text.contains("Undone: order 1 is new again."), page.text)
        XCTAssert(page.text.contains(#"<h3 class="timeline-title">Undone: order marked as paid</h3>"#), "Recorded as undone")
        XCTAssertFalse(page.text.contains("/orders/1/undo"), "Nothing more to undo")
        XCTAssertEqual(again.status, .conflict, "An undo is not undone")
        let order = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.status, .new)

        // Someone else's move is not theirs to undo, nor offered.
        let other = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let seeded = try await other.store.fetchOrder(id: "1")
        var moved = try XCTUnwrap(seeded)
        moved = try await other.store.changeStatus(id: "1", to: .paid, expectedVersion: moved.version, reason: nil, by: Self.sue, at: Seeds.june29)
        let version = moved.version
        let (notOffered, refused) = try await other.test { client in
            (try await client.get("/orders/1"), try await client.post("/orders/1/undo", form: "version=\(version)"))
        }
        XCTAssertFalse(notOffered.text.contains("/orders/1/undo"))
        XCTAssertEqual(refused.status, .conflict)
    }

    // MARK: The packer

    func testANoteForThePackerPrintsOnTheSlipAndAPackedOrdersEditAndPageSaySoWhenTheAddressMoves() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let packed = try await order(at: .packed, in: app)
        var fields = Seeds.validFormFields
        fields.version = String(packed.version)
        fields.shipmentAddressCity = "San Jose"
        let update = Seeds.formBody(fields)
        let (added, plain, slip, edit, saved) = try await app.test { client in
            let added = try await client.post("/orders/1/notes", form: "text=Gift%3A+no+invoice+in+the+parcel&forPacker=on")
            let plain = try await client.post("/orders/1/notes", form: "text=Customer+called+twice")
            let slip = try await client.get("/orders/1/slip")
            let edit = try await client.get("/orders/1/edit")
            let saved = try await client.post("/orders/1", form: update)
            return (added, plain, slip, edit, saved)
        }
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(plain.status, .seeOther)
        assertPage("slip-delivery-notes", slip, status: .ok)
        XCTAssert(slip.text.contains(#"<h2 id="delivery-notes-heading">Delivery notes</h2>"#))
        XCTAssert(slip.text.contains("Gift: no invoice in the parcel"))
        XCTAssertFalse(slip.text.contains("Customer called twice"), "Only the packer's notes")
        assertPage("edit-packed", edit, status: .ok)
        XCTAssert(edit.text.contains("This order is packed. If you change the address, print a new packing slip."))
        XCTAssertEqual(saved.status, .seeOther)
        let (page, later) = try await app.test { client in
            (try await client.get("/orders/1", cookie: saved.cookieToSendBack), try await client.get("/orders/1"))
        }
        assertPage("order-packed-address-changed", page, status: .ok)
        // The saved banner links to the slip (one banner: the layout's is not shown too)
        XCTAssert(page.text.contains(#"<p class="notification-banner-heading flash">Order 1 was updated.</p>"#), page.text)
        XCTAssert(page.text.contains(#"<a class="notification-banner-link" href="/orders/1/slip">Print a new packing slip</a>"#), page.text)
        XCTAssertEqual(page.text.components(separatedBy: "notification-banner-success").count - 1, 1)
        XCTAssertFalse(page.text.contains(#"<a href="/orders/1/slip">print a new packing slip</a>"#), "said once")
        // Once the banner is gone, the page still says so
        XCTAssert(later.text.contains(#"<a href="/orders/1/slip">print a new packing slip</a>"#), later.text)
        XCTAssert(page.text.contains(#"<h3 class="timeline-title">Note for the packer</h3>"#))
    }
}
