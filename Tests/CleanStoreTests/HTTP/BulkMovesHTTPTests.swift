import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The list's bulk moves (issue 28) through the whole app, with their page snapshots
/// (`__Snapshots__/BulkMovesHTTPTests/`, read by the browser tests for axe and the Nu checker): the
/// list's checkboxes and button for who may, the shipment's confirmation with its carrier, the
/// result page, its replay, and the forms refused.
final class BulkMovesHTTPTests: XCTestCase {
    static let sue = AccountSeeds.sue.name

    func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    /// Orders 1…`count` (Amy's, each named by its number), packed through the store by Sue before
    /// the app's clock: each at version 3.
    func packedApp(_ count: Int = 3, role: AccountRole = .clerk) async throws -> TestApp {
        let orders = (1...count).map { number in
            var order = Seeds.Orders.amy
            order.firstName = "Customer\(number)"
            return order
        }
        let app = try await TestApp(orders: orders, role: role)
        for id in 1...count {
            var version = 1
            for (hour, status) in [(-2.0, OrderStatus.paid), (-1.0, .packed)] {
                version = try await app.store.changeStatus(
                    id: String(id), to: status, expectedVersion: version, reason: nil, by: Self.sue,
                    at: Seeds.june29.addingTimeInterval(hour * 3600)).version
            }
        }
        return app
    }

    static func body(_ action: String, _ selected: [String], extra: String = "") -> String {
        (["action=\(action)", "list=status%3Dpacked"] + selected.map { "selected%5B%5D=\($0)" }).joined(separator: "&") + extra
    }

    // MARK: The list

    func testAListFilteredByAStatusOffersACheckboxPerRowAndTheMoveToWhoMay() async throws {
        let app = try await packedApp()
        let (packed, all, drafts) = try await app.test { client in
            (try await client.get("/orders?status=packed"), try await client.get("/orders"), try await client.get("/orders?status=shipped"))
        }
        assertPage("list-packed", packed, status: .ok)
        let html = packed.text
        XCTAssert(html.contains(#"<form class="bulk-form" method="post" action="/orders/bulk" novalidate="novalidate">"#))
        XCTAssert(html.contains(#"<input type="checkbox" id="select-1" name="selected[]" value="1.3" />"#), html)
        XCTAssert(html.contains(#"<span class="visually-hidden">Select order 1, Customer1 Apple</span>"#))
        XCTAssert(html.contains(#">Mark selected as shipped</button>"#))
        XCTAssert(html.contains("Select up to 50 orders (one page of the list)"), "One page per move, said on the page")
        XCTAssert(html.contains(#"<input type="hidden" name="list" value="status=packed" />"#))
        for page in [all, drafts] {
            XCTAssertFalse(page.text.contains("selected[]"), "No move leads on from every status, nor from shipped")
        }
        let viewer = try await packedApp(role: .viewer)
        let viewed = try await viewer.test { client in try await client.get("/orders?status=packed") }
        XCTAssertFalse(viewed.text.contains("selected[]"), "A viewer moves nothing")
        XCTAssertFalse(viewed.text.contains("bulk-form"))
    }

    func testNothingOrMoreThanAPageSelectedIsTheListAgainWithAnErrorSummaryChangingNothing() async throws {
        let app = try await packedApp()
        let before = try await app.store.fetchOrders()
        let (none, many) = try await app.test { client in
            (
                try await client.post("/orders/bulk", form: Self.body("markShipped", [])),
                try await client.post("/orders/bulk", form: Self.body("markShipped", (1...51).map { "\($0).3" }))
            )
        }
        assertPage("list-no-selection", none, status: .unprocessableContent)
        XCTAssert(none.text.contains(##"<a href="#select-3">Select the orders to mark as shipped, then press the button again</a>"##), none.text)
        XCTAssert(none.text.contains("<title>Error: Orders"), "The title says there is a problem")
        XCTAssertEqual(many.status, .unprocessableContent)
        XCTAssert(many.text.contains("Select at most 50 orders to mark as shipped at once (one page of the list): 51 were selected"))
        let after = try await app.store.fetchOrders()
        XCTAssertEqual(after, before)
    }

    // MARK: Shipping in bulk

    func testMarkingShippedConfirmsWithTheCarrierThenMovesOnceAndSaysWhatItDid() async throws {
        let app = try await packedApp()
        let (confirm, missing, moved, result, replay, history) = try await app.test { client in
            let confirm = try await client.post("/orders/bulk", form: Self.body("markShipped", ["1.3", "2.3"]))
            let key = "&key=\(testOrderKey)"
            let missing = try await client.post("/orders/bulk", form: Self.body("markShipped", ["1.3", "2.3"], extra: key))
            let moved = try await client.post("/orders/bulk", form: Self.body("markShipped", ["1.3", "2.3"], extra: key + "&carrier=UPS"))
            let result = try await client.get(moved.headers[.location] ?? "")
            let replay = try await client.post("/orders/bulk", form: Self.body("markShipped", ["1.3", "2.3", "3.3"], extra: key + "&carrier=DHL"))
            let history = try await client.get("/orders/1/history")
            return (confirm, missing, moved, result, replay, history)
        }
        assertPage("confirm", confirm, status: .ok)
        XCTAssert(confirm.text.contains(#"<input type="hidden" name="key" value="\#(testOrderKey)" />"#))
        XCTAssert(confirm.text.contains(#"<input type="hidden" name="selected[]" value="2.3" />"#))
        assertPage("confirm-no-carrier", missing, status: .unprocessableContent)
        XCTAssertEqual(moved.status, .seeOther)
        XCTAssertEqual(moved.headers[.location], "/orders/bulk/1")
        assertPage("result-shipped", result, status: .ok)
        XCTAssert(result.text.contains("<h1>2 orders marked as shipped</h1>"))
        XCTAssertEqual(replay.headers[.location], "/orders/bulk/1", "A replay finds its batch")
        XCTAssert(history.text.contains(#"<a href="/orders/bulk/1">Part of bulk move 1</a>"#), "The history names the batch")

        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders.sorted { $0.id! < $1.id! }.map(\.status), [.shipped, .shipped, .packed], "Order 3 never moved")
        XCTAssertEqual(orders.first { $0.id == "1" }?.carrier, "UPS", "The replay's carrier was not used")
        for id in ["1", "2"] {
            let events = try await app.environment.orderEvents.fetchEvents(orderID: id)
            XCTAssertEqual(events.filter { $0.statusChange?.to == .shipped }.count, 1, "Order \(id): one history entry")
        }
    }

    func testFiveSelectedMoveTwoCountOneDoneAndListTwoWithTheirReasons() async throws {
        let app = try await packedApp(6)
        // Order 3 shipped by Sue since the list, order 4 cancelled (the list showed it at 4), order 5 changed by Sue.
        _ = try await app.store.changeStatus(
            id: "3", to: .shipped, expectedVersion: 3, reason: nil, shipment: Shipment(carrier: "UPS", trackingNumber: nil), by: Self.sue,
            at: Seeds.june29)
        _ = try await app.store.changeStatus(id: "4", to: .cancelled, expectedVersion: 3, reason: "Changed their mind", by: Self.sue, at: Seeds.june29)
        let five = try await app.store.fetchOrder(id: "5")
        var changed = try XCTUnwrap(five)
        changed.phone = "555-000-1111"
        _ = try await app.store.updateOrder(orderToUpdate: changed, by: Self.sue, at: Seeds.june29)
        let before = try await app.store.fetchOrders()

        let result = try await app.test { client in
            let moved = try await client.post(
                "/orders/bulk", form: Self.body("markShipped", ["1.3", "2.3", "3.3", "4.4", "5.3"], extra: "&key=k5&carrier=FedEx"))
            return try await client.get(moved.headers[.location] ?? "")
        }
        assertPage("result-reasons", result, status: .ok)
        let html = result.text
        XCTAssert(html.contains("<h1>3 orders marked as shipped</h1>"), "2 moved and 1 there already")
        XCTAssert(html.contains("Already shipped: counted as done"))
        XCTAssert(html.contains("2 orders not marked as shipped"))
        XCTAssert(html.contains("It is cancelled: it cannot be marked as shipped"))
        XCTAssert(html.contains("Changed by Sue Super (sue) since you looked (now packed)"))
        let after = try await app.store.fetchOrders()
        for (old, new) in zip(before, after) where !["1", "2"].contains(old.id) {
            XCTAssertEqual(new, old, "Order \(old.id!): nothing else changed")
        }
        XCTAssertEqual(after.filter { $0.status == .shipped }.compactMap(\.id).sorted(), ["1", "2", "3"])
    }

    // MARK: Refusals

    func testAViewersBulkMoveIsA403AndChangesNothing() async throws {
        let app = try await packedApp(role: .viewer)
        let before = try await app.store.fetchOrders()
        let refused = try await app.test { client in
            try await client.post("/orders/bulk", form: Self.body("markShipped", ["1.3"], extra: "&key=k&carrier=UPS"))
        }
        XCTAssertEqual(refused.status, .forbidden)
        let after = try await app.store.fetchOrders()
        XCTAssertEqual(after, before)
        let batch = try await app.environment.bulkMoves.fetchBatch(id: "1")
        XCTAssertNil(batch)
    }

    func testAFormThatIsNoneOfOursIsA400AndNoBatchA404() async throws {
        let app = try await packedApp()
        let (cancel, garbled, unknown, get) = try await app.test { client in
            (
                try await client.post("/orders/bulk", form: Self.body("cancel", ["1.3"])),
                try await client.post("/orders/bulk", form: Self.body("markShipped", ["1;3"])),
                try await client.get("/orders/bulk/9"),
                try await client.get("/orders/bulk")
            )
        }
        XCTAssertEqual(cancel.status, .badRequest, "A bulk move never cancels")
        XCTAssertEqual(garbled.status, .badRequest)
        XCTAssertEqual(unknown.status, .notFound)
        XCTAssertEqual(get.status, .methodNotAllowed, "The form's address is for posting")
    }
}
