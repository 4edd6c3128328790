import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The rules of an order's life, as pure functions: every status × every action.
final class OrderStatusTests: XCTestCase {
    /// Every status and action, and what the action leads to (nil: refused).
    static let table: [(OrderStatus, OrderStatus.Action, OrderStatus?)] = [
        (.new, .markPaid, .paid),
        (.new, .markPacked, nil),
        (.new, .markShipped, nil),
        (.new, .cancel, .cancelled),
        (.paid, .markPaid, nil),
        (.paid, .markPacked, .packed),
        (.paid, .markShipped, nil),
        (.paid, .cancel, .cancelled),
        (.packed, .markPaid, nil),
        (.packed, .markPacked, nil),
        (.packed, .markShipped, .shipped),
        (.packed, .cancel, .cancelled),
        (.shipped, .markPaid, nil),
        (.shipped, .markPacked, nil),
        (.shipped, .markShipped, nil),
        (.shipped, .cancel, nil),
        (.cancelled, .markPaid, nil),
        (.cancelled, .markPacked, nil),
        (.cancelled, .markShipped, nil),
        (.cancelled, .cancel, nil),
    ]

    func testEveryStatusAndActionLeadsWhereTheTableSays() {
        XCTAssertEqual(Self.table.count, OrderStatus.allCases.count * OrderStatus.Action.allCases.count, "Every pair, once")
        for (status, action, expected) in Self.table {
            XCTAssertEqual(status.after(action), expected, "\(status) \(action)")
            if let expected {
                XCTAssertEqual(action.status, expected, "\(action)")
            }
        }
    }

    func testChangesAllowedAreExactlyTheArrows() {
        var allowed: [String] = []
        for from in OrderStatus.allCases {
            for to in OrderStatus.allCases where from.canChange(to: to) {
                allowed.append("\(from) → \(to)")
            }
        }
        XCTAssertEqual(
            allowed,
            ["new → paid", "new → cancelled", "paid → packed", "paid → cancelled", "packed → shipped", "packed → cancelled"])
    }

    func testActionsOfEachStatus() {
        XCTAssertEqual(OrderStatus.new.actions, [.markPaid, .cancel])
        XCTAssertEqual(OrderStatus.paid.actions, [.markPacked, .cancel])
        XCTAssertEqual(OrderStatus.packed.actions, [.markShipped, .cancel])
        XCTAssertEqual(OrderStatus.shipped.actions, [])
        XCTAssertEqual(OrderStatus.cancelled.actions, [])
    }

    func testShippedAndCancelledAreReadOnly() {
        XCTAssertEqual(OrderStatus.allCases.filter(\.isReadOnly), [.shipped, .cancelled])
        XCTAssert(OrderStatus.allCases.allSatisfy { $0.isReadOnly == $0.actions.isEmpty }, "Read-only: nothing more can happen")
    }

    func testStatusesAsPeopleReadThem() {
        XCTAssertEqual(OrderStatus.allCases.map { $0.toString() }, ["New", "Paid", "Packed", "Shipped", "Cancelled"])
        XCTAssertEqual(OrderStatus.allCases.map(\.rawValue), ["new", "paid", "packed", "shipped", "cancelled"], "As stored")
    }
}
