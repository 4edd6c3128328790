import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Cancelling (issue 29), through the whole app with its page snapshots
/// (`__Snapshots__/OrderCancellingHTTPTests/`, read by the browser tests for axe and the Nu
/// checker): a clerk cancels a new order and asks a supervisor to cancel a paid or packed one; the
/// request waits on the order, its page and the list's filter, until a supervisor approves or
/// declines it; every step by route and role.
final class OrderCancellingHTTPTests: XCTestCase {
    static let sue = AccountSeeds.sue.name

    func assertPage(_ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    /// Amy's order, paid by Sue through the store before the app's clock.
    func paidOrder(in app: TestApp) async throws -> Order {
        let stored = try await app.store.fetchOrder(id: "1")
        let order = try XCTUnwrap(stored)
        return try await app.store.changeStatus(
            id: "1", to: .paid, expectedVersion: order.version, reason: nil, by: Self.sue, at: Seeds.june29.addingTimeInterval(-3600))
    }

    func testAClerkCancelsANewOrderWithAReason() async throws {
        let app = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let (page, form, cancelled) = try await app.test { client in
            (
                try await client.get("/orders/1"), try await client.get("/orders/1/cancel"),
                try await client.post("/orders/1/status", form: "action=cancel&version=1&reason=Customer+changed+their+mind")
            )
        }
        XCTAssert(page.text.contains(#"<a class="danger-link" href="/orders/1/cancel">Cancel order</a>"#), page.text)
        XCTAssertFalse(page.text.contains("Ask a supervisor to cancel"))
        XCTAssertEqual(form.status, .ok)
        XCTAssert(form.text.contains(#"<input type="hidden" name="action" value="cancel" />"#))
        XCTAssertEqual(cancelled.status, .seeOther)
        let order = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(order?.status, .cancelled)
        XCTAssertEqual(order?.cancellationReason, "Customer changed their mind")
    }

    func testAClerkAsksASupervisorToCancelAPaidOrderWhoApprovesIt() async throws {
        let clerk = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        let paid = try await paidOrder(in: clerk)
        let (page, form, problem, cancel) = try await clerk.test { client in
            (
                try await client.get("/orders/1"), try await client.get("/orders/1/cancel"),
                try await client.post("/orders/1/status", form: "action=requestCancel&version=\(paid.version)&reason=+"),
                try await client.post("/orders/1/status", form: "action=cancel&version=\(paid.version)&reason=Lost")
            )
        }
        XCTAssert(page.text.contains(#"<li><a href="/orders/1/cancel">Ask a supervisor to cancel</a></li>"#), page.text)
        XCTAssertFalse(page.text.contains(">Cancel order</a>"), "A clerk does not cancel a paid order")
        assertPage("cancel-request-form", form, status: .ok)
        assertPage("cancel-request-problem", problem, status: .unprocessableContent)
        XCTAssertEqual(cancel.status, .forbidden, "Cancelling a paid order is a supervisor's")
        XCTAssert(cancel.text.contains("Order 1 is paid: a supervisor cancels it"), cancel.text)
        var stored = try await clerk.store.fetchOrder(id: "1")
        XCTAssertEqual(stored, paid, "Nothing changed")

        let (requested, shown, again, list) = try await clerk.test { client in
            let requested = try await client.post(
                "/orders/1/status", form: "action=requestCancel&version=\(paid.version)&reason=Customer+called%3A+wrong+size")
            return (
                requested, try await client.get("/orders/1", cookie: requested.cookieToSendBack), try await client.get("/orders/1/cancel"),
                try await client.get("/orders?cancellation=requested")
            )
        }
        XCTAssertEqual(requested.status, .seeOther)
        XCTAssertEqual(requested.headers[.location], "/orders/1")
        assertPage("order-cancellation-requested", shown, status: .ok)
        XCTAssert(shown.text.contains("A supervisor has been asked to cancel order 1."))
        XCTAssert(shown.text.contains("<p>Reason: Customer called: wrong size</p>"))
        XCTAssert(shown.text.contains(#"<h3 class="timeline-title">Supervisor asked to cancel</h3>"#))
        XCTAssertFalse(shown.text.contains("approveCancel"), "A clerk does not decide")
        XCTAssertEqual(again.status, .conflict, "Asked once")
        XCTAssert(list.text.contains(#"href="/orders/1?from=%2Forders%3Fcancellation%3Drequested""#), "The list's filter finds it (its row returns to it)")
        XCTAssert(list.text.contains(#"name="cancellation" type="checkbox" value="requested" checked="checked""#))
        XCTAssertFalse(list.text.contains("Cancellation requests"), "the tab is a supervisor's")
        stored = try await clerk.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.cancellationRequest?.reason, "Customer called: wrong size")
        XCTAssertEqual(stored?.cancellationRequest?.by, testAccount.name)
        XCTAssertEqual(stored?.cancellationRequest?.at, Seeds.june29, "The app's clock")
        let version = try XCTUnwrap(stored?.version)

        // The clerk may not decide; the supervisor approves.
        let refused = try await clerk.test { client in
            try await client.post("/orders/1/status", form: "action=approveCancel&version=\(version)")
        }
        XCTAssertEqual(refused.status, .forbidden)
        let supervisor = try await TestApp(store: clerk.store, role: .supervisor)
        let (tab, offered, approved) = try await supervisor.test { client in
            (
                try await client.get("/orders?cancellation=requested"), try await client.get("/orders/1"),
                try await client.post("/orders/1/status", form: "action=approveCancel&version=\(version)")
            )
        }
        // The supervisors' tab: the orders waiting for their decision, counted.
        assertPage("list-cancellation-requests-tab", tab, status: .ok)
        XCTAssert(
            tab.text.contains(
                #"<a href="/orders?cancellation=requested" aria-current="page">Cancellation requests <span class="tab-count">1<span class="visually-hidden"> orders</span>"#
            ), tab.text)
        XCTAssert(tab.text.contains(#"href="/orders/1?from=%2Forders%3Fcancellation%3Drequested""#))
        assertPage("order-cancellation-requested-supervisor", offered, status: .ok)
        XCTAssert(offered.text.contains(#"name="action" value="approveCancel">Approve and cancel the order</button>"#))
        XCTAssert(offered.text.contains(#"name="action" value="declineCancel">Decline</button>"#))
        XCTAssertFalse(offered.text.contains(">Cancel order</a>"), "while the request waits, the decision only")
        XCTAssertEqual(approved.status, .seeOther)
        let page2 = try await supervisor.test { client in try await client.get("/orders/1", cookie: approved.cookieToSendBack) }
        XCTAssert(page2.text.contains("Cancellation approved: order 1 was cancelled."))
        XCTAssert(page2.text.contains("Cancelled because: Customer called: wrong size"))
        XCTAssert(page2.text.contains(#"<h3 class="timeline-title">Cancellation approved: order cancelled</h3>"#))
        let cancelled = try await clerk.store.fetchOrder(id: "1")
        XCTAssertEqual(cancelled?.status, .cancelled)
        XCTAssertNil(cancelled?.cancellationRequest)
        XCTAssertEqual(cancelled?.updatedBy, testAccount.name, "the supervisor's account in this app")
    }

    func testASupervisorDeclinesARequestAndTheOrderIsShippedOnlyOnceDecided() async throws {
        let clerk = try await TestApp(orders: [Seeds.Orders.amy], role: .clerk)
        var order = try await paidOrder(in: clerk)
        order = try await clerk.store.changeStatus(
            id: "1", to: .packed, expectedVersion: order.version, reason: nil, by: Self.sue, at: Seeds.june29.addingTimeInterval(-1800))
        order = try await clerk.store.decideCancellation(
            id: "1", .request(reason: "Wrong size"), expectedVersion: order.version, by: AccountSeeds.amy.name,
            at: Seeds.june29.addingTimeInterval(-600))
        let waiting = order.version
        let (shipPage, ship) = try await clerk.test { client in
            (
                try await client.get("/orders/1"),
                try await client.post("/orders/1/status", form: "action=markShipped&version=\(waiting)&carrier=UPS&trackingNumber=")
            )
        }
        XCTAssert(shipPage.text.contains("Cancellation requested</strong>"), "the tag beside the status")
        XCTAssertFalse(shipPage.text.contains("Ask a supervisor to cancel</a>"), "asked once")
        XCTAssertEqual(ship.status, .conflict, "not shipped while a supervisor decides")
        XCTAssert(ship.text.contains("A supervisor has been asked to cancel this order"), ship.text)

        let supervisor = try await TestApp(store: clerk.store, role: .supervisor)
        let (declined, stale) = try await supervisor.test { client in
            (
                try await client.post("/orders/1/status", form: "action=declineCancel&version=\(waiting)"),
                try await client.post("/orders/1/status", form: "action=approveCancel&version=\(waiting)")
            )
        }
        XCTAssertEqual(declined.status, .seeOther)
        XCTAssertEqual(stale.status, .conflict, "a page older than the decline")
        let kept = try await clerk.store.fetchOrder(id: "1")
        XCTAssertEqual(kept?.status, .packed)
        XCTAssertNil(kept?.cancellationRequest)
        let events = try await clerk.environment.orderEvents.fetchEvents(orderID: "1")
        XCTAssertEqual(events.first?.changes, [OrderChange(field: "Cancellation requested", old: "Wrong size", new: "")])
        let shipped = try await clerk.test { client in
            try await client.post("/orders/1/status", form: "action=markShipped&version=\(waiting + 1)&carrier=UPS&trackingNumber=")
        }
        XCTAssertEqual(shipped.status, .seeOther, "shipped once declined")
    }

    func testEachStepByRole() async throws {
        for role in AccountRole.allCases {
            let app = try await TestApp(orders: [Seeds.Orders.amy, Seeds.Orders.bob], role: role)
            let paid = try await paidOrder(in: app)
            let (cancelPaid, request, cancelNew, form) = try await app.test { client in
                (
                    try await client.post("/orders/1/status", form: "action=cancel&version=\(paid.version)&reason=No"),
                    try await client.post("/orders/1/status", form: "action=requestCancel&version=\(paid.version)&reason=No"),
                    try await client.post("/orders/2/status", form: "action=cancel&version=1&reason=No"),
                    try await client.get("/orders/1/cancel")
                )
            }
            switch role {
            case .viewer:
                XCTAssertEqual([cancelPaid.status, request.status, cancelNew.status, form.status], [.forbidden, .forbidden, .forbidden, .forbidden])
            case .clerk:
                XCTAssertEqual([cancelPaid.status, request.status, cancelNew.status, form.status], [.forbidden, .seeOther, .seeOther, .conflict])
            case .supervisor:
                // Cancelled at once: the request that follows finds a cancelled order.
                XCTAssertEqual([cancelPaid.status, request.status, cancelNew.status, form.status], [.seeOther, .conflict, .seeOther, .conflict])
            }
            let decide = try await app.test { client in try await client.post("/orders/1/status", form: "action=declineCancel&version=9") }
            XCTAssertEqual(decide.status, role == .supervisor ? .conflict : .forbidden, "\(role)")
        }
    }
}
