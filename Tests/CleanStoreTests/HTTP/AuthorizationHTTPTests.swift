import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Who may use a route is decided once, by the route table (`Routes.Access`, `OrderUse`): the status
/// route by what its form asks for; the order page offers what the same rule allows.
final class AuthorizationHTTPTests: XCTestCase {
    static func order(_ status: OrderStatus) -> Order {
        var order = Seeds.Orders.amy
        order.status = status
        return order
    }

    func testADecisionOnACancellationIsRefusedToAClerkBeforeTheSceneReadsAnythingAndACancelOfAPaidOrderOnceItIsRead() async throws {
        let logs = LogCapture()
        let app = try await TestApp(orders: [Self.order(.paid)], logger: logs.logger(level: .info), role: .clerk)
        try await app.test { client in
            // Refused for the role, whatever the rest of the form or the order: nothing read, no order looked for.
            for (path, form) in [
                ("/orders/1/status", "action=approveCancel&version=1"), ("/orders/1/status", "action=declineCancel"),
                ("/orders/9/status", "action=approveCancel&version=1"),
            ] {
                let response = try await client.post(path, form: form)
                XCTAssertEqual(response.status, .forbidden, "\(path) \(form)")
                XCTAssert(response.text.contains("<h1>You cannot do this</h1>"), form)
                XCTAssert(response.text.contains("(clerk)"), form)
            }
            // A clerk cancels a new order: a paid one is refused once the order is read, whatever the reason.
            for form in ["action=cancel&version=1&reason=Customer+called", "action=cancel&version=1"] {
                let response = try await client.post("/orders/1/status", form: form)
                XCTAssertEqual(response.status, .forbidden, form)
                XCTAssert(response.text.contains("<h1>Order 1 is paid: a supervisor cancels it</h1>"), response.text)
            }
            // A form that asks for no known change is no cancel: the scene answers it 400, as before.
            for form in ["action=cancel", "action=cancel&version=x", "action=fly&version=1", "%zz"] {
                let response = try await client.post("/orders/1/status", form: form)
                XCTAssertEqual(response.status, .badRequest, form)
            }
            let packed = try await client.post("/orders/1/status", form: "action=markPacked&version=1")
            XCTAssertEqual(packed.status, .seeOther)
        }
        XCTAssert(logs.text.contains("Request refused: not permitted"), logs.text)
        XCTAssert(logs.text.contains("clerk"), "The log names the role")
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.status, .packed, "Marked packed; never cancelled")
    }

    func testAViewerIsRefusedEveryStatusFormEvenOneThatIsNoForm() async throws {
        let app = try await TestApp(orders: [Self.order(.new)], role: .viewer)
        try await app.test { client in
            for form in ["action=markPaid&version=1", "action=cancel&version=1&reason=x", "action=fly&version=1", "%zz", ""] {
                let response = try await client.post("/orders/1/status", form: form)
                XCTAssertEqual(response.status, .forbidden, form)
                XCTAssert(response.text.contains("(viewer)"), form)
            }
        }
        let stored = try await app.store.fetchOrder(id: "1")
        XCTAssertEqual(stored?.status, .new)
    }

    /// The order page offers a link or button exactly when the route behind it lets the role in and the
    /// order's status allows it.
    func testTheOrderPageOffersWhatTheRouteTableAllowsForEveryRoleAndStatus() async throws {
        for role in AccountRole.allCases {
            for status in OrderStatus.allCases {
                let app = try await TestApp(orders: [Self.order(status)], role: role)
                try await app.test { client in
                    let page = try await client.get("/orders/1")
                    let open = !status.isReadOnly
                    XCTAssertEqual(page.text.contains(#"href="/orders/1/edit""#), open && role.may(OrderUse.edit.permission), "\(role) \(status)")
                    XCTAssertEqual(page.text.contains(#"href="/orders/1/delete""#), open && role.may(OrderUse.delete.permission), "\(role) \(status)")
                    XCTAssertEqual(
                        page.text.contains(#"href="/orders/1/cancel""#), open && role.may(OrderUse.changeStatus(.cancel).permission),
                        "\(role) \(status)")
                    for action in status.actions where action != .cancel {
                        // Shipping opens its confirmation page (the carrier, a tracking number); the others are buttons.
                        let offer = action == .markShipped ? #"href="/orders/1/ship""# : #"value="\#(action.rawValue)""#
                        XCTAssertEqual(page.text.contains(offer), role.may(OrderUse.changeStatus(action).permission), "\(role) \(status) \(action)")
                    }
                    // What the page offers, the route lets in.
                    for (offered, path) in [("/orders/1/edit", "/orders/1/edit"), ("/orders/1/cancel", "/orders/1/cancel")]
                    where page.text.contains(#"href="\#(offered)""#) {
                        let response = try await client.get(path)
                        XCTAssertEqual(response.status, .ok, "\(role) \(status) \(path)")
                    }
                }
            }
        }
    }
}
