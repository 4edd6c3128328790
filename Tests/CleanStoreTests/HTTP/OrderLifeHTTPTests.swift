import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's life over HTTP (issue 17): status changes from the order page, their refusals, and
/// shipped and cancelled orders kept as they are.
final class OrderLifeHTTPTests: XCTestCase {
    static func order(_ status: OrderStatus) -> Order {
        var order = Seeds.Orders.amy
        order.status = status
        return order
    }

    static func form(_ action: OrderStatus.Action, version: Int = 1, reason: String = "Customer called") -> String {
        "action=\(action.rawValue)&version=\(version)" + (action == .cancel ? "&reason=\(reason.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" : "")
            // Shipping says by which carrier (the ship page's form).
            + (action == .markShipped ? "&carrier=UPS" : "")
    }

    /// Every status × every action: allowed ones move the order (303 to its page), the others are a
    /// 409 page and change nothing.
    func testTheTransitionTableOverHTTP() async throws {
        for status in OrderStatus.allCases {
            for action in OrderStatus.Action.allCases {
                let app = try await TestApp(orders: [Self.order(status)])
                let response = try await app.test { client in try await client.post("/orders/1/status", form: Self.form(action)) }
                let stored = try await app.store.fetchOrder(id: "1")
                let label = "\(status) × \(action)"
                if let next = status.after(action) {
                    XCTAssertEqual(response.status, .seeOther, label)
                    XCTAssertEqual(response.headers[.location], "/orders/1", label)
                    XCTAssertEqual(stored?.status, next, label)
                    XCTAssertEqual(stored?.version, 2, label)
                } else {
                    XCTAssertEqual(response.status, .conflict, label)
                    XCTAssertTrue(response.text.contains(#"<a href="/orders/1">Go to order 1</a>"#), label)
                    XCTAssertEqual(stored, Self.order(status), "\(label): nothing changed")
                }
            }
        }
    }

    func testAChangeFromAStalePageIsA409AndASecondClickIsDone() async throws {
        let app = try await TestApp(orders: [Self.order(.new)])
        try await app.test { client in
            // A double click: both posts from version 1; the second finds it paid, and is done too.
            let first = try await client.post("/orders/1/status", form: Self.form(.markPaid))
            let second = try await client.post("/orders/1/status", form: Self.form(.markPaid))
            XCTAssertEqual([first.status, second.status], [.seeOther, .seeOther])
            // Another clerk marks it packed; this page still shows version 1.
            _ = try await client.post("/orders/1/status", form: Self.form(.markPacked, version: 2))
            let stale = try await client.post("/orders/1/status", form: Self.form(.markPaid))
            XCTAssertEqual(stale.status, .conflict, "Not where this page wanted it: said, not hidden")
            let staleCancel = try await client.post("/orders/1/status", form: Self.form(.cancel, version: 1))
            XCTAssertEqual(staleCancel.status, .conflict)
            XCTAssertTrue(staleCancel.text.contains("Order 1 was changed by someone else"), staleCancel.text)
            XCTAssertTrue(staleCancel.text.contains("is now packed, so it was not cancelled"), staleCancel.text)
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.status, .packed)
        XCTAssertEqual(stored?.version, 3)
    }

    func testAnEditSinceThePageWasOpenedMakesAStatusChangeA409() async throws {
        let app = try await TestApp(orders: [Self.order(.new)])
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.version = "1"
            fields.shipmentAddressCity = "Elsewhere"
            let r1 = try await client.post("/orders/1", form: Seeds.formBody(fields))
            XCTAssertEqual(r1.status, .seeOther)
            let stale = try await client.post("/orders/1/status", form: Self.form(.markPaid, version: 1))
            XCTAssertEqual(stale.status, .conflict)
        }
        let r2 = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(r2?.status, .new, "Not paid over the edit")
    }

    func testCancellingAPaidOrderNeedsASupervisorAndAReasonKeptWithTheOrderAndItsHistory() async throws {
        let clerkApp = try await TestApp(orders: [Self.order(.paid)], role: .clerk)
        try await clerkApp.test { client in
            let r3 = try await client.get("/orders/1/cancel")
            XCTAssertEqual(r3.status, .ok)
            XCTAssertTrue(r3.text.contains("<h1>Ask a supervisor to cancel order 1</h1>"), "a clerk asks a supervisor instead")
            let r4 = try await client.post("/orders/1/status", form: Self.form(.cancel))
            XCTAssertEqual(r4.status, .forbidden)
            let page = try await client.get("/orders/1")
            XCTAssertTrue(page.text.contains(#"value="markPacked">Mark as packed</button>"#), "A clerk moves it on")
            XCTAssertFalse(page.text.contains(">Cancel order</a>"), "but is not offered to cancel")
            XCTAssertTrue(page.text.contains(">Ask a supervisor to cancel</a>"))
        }
        let r5 = try await clerkApp.store.fetchOrder(id: "1")
        XCTAssertEqual(r5?.status, .paid)

        let app = try await TestApp(orders: [Self.order(.paid)])
        try await app.test { client in
            let form = try await client.get("/orders/1/cancel")
            XCTAssertEqual(form.status, .ok)
            XCTAssertTrue(form.text.contains(#"<input type="hidden" name="version" value="1" />"#))
            let empty = try await client.post("/orders/1/status", form: Self.form(.cancel, reason: "  "))
            XCTAssertEqual(empty.status, .unprocessableContent)
            XCTAssertTrue(empty.text.contains("Enter why the order is cancelled"))
            let card = try await client.post("/orders/1/status", form: Self.form(.cancel, reason: "card 4111111111111111"))
            XCTAssertEqual(card.status, .unprocessableContent)
            XCTAssertFalse(card.text.contains("4111111111111111") && !card.text.contains("textarea"), "Only in the box it was typed in")
            let r6 = try await app.store.fetchOrder(id: "1")
            XCTAssertEqual(r6?.status, .paid, "Nothing changed yet")

            let cancelled = try await client.post("/orders/1/status", form: Self.form(.cancel, reason: "Customer found it cheaper"))
            XCTAssertEqual(cancelled.status, .seeOther)
            let page = try await client.get("/orders/1", cookie: cancelled.headers[.setCookie].map { String($0.split(separator: ";")[0]) })
            XCTAssertTrue(page.text.contains("Order 1 was cancelled."), page.text)
            XCTAssertTrue(page.text.contains(#"<strong class="tag status-cancelled">Cancelled</strong>"#))
            XCTAssertTrue(page.text.contains("Cancelled because: Customer found it cheaper"))
            let history = try await client.get("/orders/1/history")
            XCTAssertTrue(history.text.contains("Paid"), history.text)
            XCTAssertTrue(history.text.contains("Cancelled"), history.text)
            XCTAssertTrue(history.text.contains("Customer found it cheaper"), history.text)
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.status, .cancelled)
        XCTAssertEqual(stored?.cancellationReason, "Customer found it cheaper")
    }

    func testShippedAndCancelledOrdersAreReadOnlyWithAPageThatSaysWhy() async throws {
        for status in [OrderStatus.shipped, .cancelled] {
            let app = try await TestApp(orders: [Self.order(status)])
            try await app.test { client in
                let page = try await client.get("/orders/1")
                XCTAssertFalse(page.text.contains("/orders/1/edit"), "\(status): no Edit")
                XCTAssertFalse(page.text.contains("/orders/1/delete"), "\(status): no Delete")
                XCTAssertFalse(page.text.contains("status-form"), "\(status): no status buttons")
                XCTAssertTrue(page.text.contains("can no longer be edited, deleted or moved on"), "\(status)")

                var fields = Seeds.validFormFields
                fields.version = "1"
                for response in [
                    try await client.get("/orders/1/edit"), try await client.post("/orders/1", form: Seeds.formBody(fields)),
                    try await client.get("/orders/1/delete"), try await client.post("/orders/1/delete", form: ""),
                    try await client.get("/orders/1/cancel"),
                ] {
                    XCTAssertEqual(response.status, .conflict, "\(status)")
                    XCTAssertTrue(response.text.contains("<h1>Order 1 is \(status.rawValue)</h1>"), response.text)
                    XCTAssertTrue(response.text.contains(#"<a href="/orders/1">Go to order 1</a>"#))
                }
            }
            let r7 = try await app.store.fetchOrder(id: "1")
            XCTAssertEqual(r7, Self.order(status), "\(status): nothing changed, nothing deleted")
        }
    }

    func testAFormThatIsNotAStatusChangeIsA400AndAViewerMayNotChangeStatus() async throws {
        let app = try await TestApp(orders: [Self.order(.new)])
        try await app.test { client in
            for form in ["", "action=fly&version=1", "action=markPaid", "action=markPaid&version=x"] {
                let r8 = try await client.post("/orders/1/status", form: form)
                XCTAssertEqual(r8.status, .badRequest, form)
            }
            let r9 = try await client.post("/orders/9/status", form: Self.form(.markPaid))
            XCTAssertEqual(r9.status, .notFound)
        }
        let viewerApp = try await TestApp(orders: [Self.order(.new)], role: .viewer)
        try await viewerApp.test { client in
            let r10 = try await client.post("/orders/1/status", form: Self.form(.markPaid))
            XCTAssertEqual(r10.status, .forbidden)
            let r11 = try await client.get("/orders/1")
            XCTAssertFalse(r11.text.contains("status-form"), "No buttons for a viewer")
        }
        let r12 = try await viewerApp.store.fetchOrder(id: "1")
        XCTAssertEqual(r12?.status, .new)
    }
}
