import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Moving through orders (issue 28): an order opened from a list goes back to that list, carries it
/// through its status forms, and after a move offers the list's next order; a `from` that is not the
/// order list's own path is ignored.
final class OrderNavigationHTTPTests: XCTestCase {
    /// Three paid orders (1 oldest, 3 newest) and a new one (4).
    func makeApp() async throws -> TestApp {
        func order(_ seed: Order, _ status: OrderStatus, hours: Double) -> Order {
            var order = seed
            order.status = status
            order.date = Seeds.june29.addingTimeInterval(hours * 3600)
            return order
        }
        return try await TestApp(orders: [
            order(Seeds.Orders.amy, .paid, hours: 1), order(Seeds.Orders.bob, .paid, hours: 2), order(Seeds.Orders.amy, .paid, hours: 3),
            order(Seeds.Orders.bob, .new, hours: 4),
        ])
    }

    func testFromAListToItsNextOrderAfterAMove() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let list = try await client.get("/orders?status=paid")
            XCTAssertTrue(list.text.contains(#"<a href="/orders/3?from=%2Forders%3Fstatus%3Dpaid">"#), "each row carries its list")
            let all = try await client.get("/orders")
            XCTAssertTrue(all.text.contains(#"<a href="/orders/3">"#), "all orders: nothing to carry")

            let page = try await client.get("/orders/3?from=%2Forders%3Fstatus%3Dpaid")
            XCTAssertTrue(page.text.contains(#"<p class="actions"><a href="/orders?status=paid">Back to orders</a></p>"#))
            XCTAssertTrue(page.text.contains(#"action="/orders/3/status?from=%2Forders%3Fstatus%3Dpaid""#))
            XCTAssertFalse(page.text.contains("next-order"), "no move yet")

            let moved = try await client.post("/orders/3/status?from=%2Forders%3Fstatus%3Dpaid", form: "action=markPacked&version=1")
            XCTAssertEqual(moved.status, .seeOther)
            XCTAssertEqual(moved.headers[.location], "/orders/3?from=%2Forders%3Fstatus%3Dpaid")

            let after = try await client.get("/orders/3?from=%2Forders%3Fstatus%3Dpaid", cookie: flashCookie("Order 3 marked as packed."))
            XCTAssertEqual(after.status, .ok)
            XCTAssertEqual(HTMLCheck.findings(in: after.text), [])
            assertSnapshot(of: after.text, as: .lines, named: "order-next-in-list", testName: "page")
            XCTAssertTrue(after.text.contains(#"<p class="next-order"><a href="/orders/2?from=%2Forders%3Fstatus%3Dpaid">Next paid order →</a></p>"#))

            // The last of the list has no next one.
            let last = try await client.get("/orders/1?from=%2Forders%3Fstatus%3Dpaid", cookie: flashCookie("Order 1 marked as packed."))
            XCTAssertFalse(last.text.contains("next-order"))
        }
    }

    func testAPackedOrdersShipPageCarriesTheListToTheMove() async throws {
        let app = try await makeApp()
        try await app.test { client in
            _ = try await client.post("/orders/2/status", form: "action=markPacked&version=1")
            let page = try await client.get("/orders/2?from=%2Forders%3Fstatus%3Dpacked")
            XCTAssertTrue(page.text.contains(#"href="/orders/2/ship?from=%2Forders%3Fstatus%3Dpacked""#))
            let ship = try await client.get("/orders/2/ship?from=%2Forders%3Fstatus%3Dpacked")
            XCTAssertTrue(ship.text.contains(#"action="/orders/2/status?from=%2Forders%3Fstatus%3Dpacked""#))
            let shipped = try await client.post("/orders/2/status?from=%2Forders%3Fstatus%3Dpacked", form: "action=markShipped&version=2&carrier=UPS")
            XCTAssertEqual(shipped.headers[.location], "/orders/2?from=%2Forders%3Fstatus%3Dpacked")
        }
    }

    func testAFromThatIsNotTheOrderListIsIgnored() async throws {
        let app = try await makeApp()
        let evil = ["%2F%2Fevil.com", "https%3A%2F%2Fevil.com%2Forders", "%2F%5Cevil.com", "%2Forders%2F..%2Fsign-out", "javascript%3Aalert(1)"]
        try await app.test { client in
            for from in evil {
                let page = try await client.get("/orders/3?from=\(from)")
                XCTAssertEqual(page.status, .ok, from)
                XCTAssertTrue(page.text.contains(#"<p class="actions"><a href="/orders">Back to all orders</a></p>"#), from)
                XCTAssertFalse(page.text.contains("evil"), from)
                XCTAssertTrue(page.text.contains(#"action="/orders/3/status""#), from)
            }
            let moved = try await client.post("/orders/3/status?from=%2F%2Fevil.com", form: "action=markPacked&version=1")
            XCTAssertEqual(moved.headers[.location], "/orders/3", "never a redirect elsewhere")
        }
    }
}
