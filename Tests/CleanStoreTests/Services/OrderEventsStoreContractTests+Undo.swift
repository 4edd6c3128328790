import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Undoing a move (issue 29), one contract on every store: the latest move to paid or packed goes
/// back, by whoever made it, within 5 minutes, version-checked and recorded; nothing else does.
extension OrderEventsStoreContractTests {
    func testTheLatestMoveToPaidOrPackedIsUndoneByWhoeverMadeItWithinFiveMinutes() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = created.id!
            let paid = try await store.changeStatus(id: id, to: .paid, expectedVersion: created.version, reason: nil, by: Self.sue, at: Self.t2)
            let undone = try await store.undoStatusChange(id: id, expectedVersion: paid.version, by: Self.sue, at: Self.t2.addingTimeInterval(300))
            var expected = paid
            expected.status = .new
            expected.version += 1
            expected.updatedAt = Self.t2.addingTimeInterval(300)
            XCTAssertEqual(undone, expected, "\(name): back to new, one more version, by whom and when")
            let fetched = try await store.fetchOrder(id: id)
            XCTAssertEqual(fetched, expected, name)
            let events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.sue, at: Self.t2.addingTimeInterval(300),
                    changes: [OrderChange(field: "Status", old: "Paid", new: "New")],
                    statusChange: OrderEvent.StatusChange(from: .paid, to: .new)), "\(name): recorded as a move back")

            // An undo is not undone again: the latest move is the undo itself.
            let again = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: id, expectedVersion: undone.version, by: Self.sue, at: Self.t2.addingTimeInterval(301))
            }
            guard case .refused(let current, _) = again else { return XCTFail("\(name): \(String(describing: again))") }
            XCTAssertEqual(current, undone, name)

            // Packed, undone back to paid
            let repaid = try await store.changeStatus(id: id, to: .paid, expectedVersion: undone.version, reason: nil, by: Self.sue, at: Self.t3)
            let packed = try await store.changeStatus(id: id, to: .packed, expectedVersion: repaid.version, reason: nil, by: Self.amy, at: Self.t3)
            let unpacked = try await store.undoStatusChange(id: id, expectedVersion: packed.version, by: Self.amy, at: Self.t3)
            XCTAssertEqual(unpacked.status, .paid, name)
        }
    }

    func testAnUndoIsRefusedToAnotherPersonLateAfterAnotherChangeOrOfAShipmentOrACancellation() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = created.id!
            let paid = try await store.changeStatus(id: id, to: .paid, expectedVersion: created.version, reason: nil, by: Self.sue, at: Self.t2)
            for (who, at, why) in [
                (Self.amy, Self.t2, "another person"), (Self.sue, Self.t2.addingTimeInterval(301), "after 5 minutes"),
                (nil, Self.t2, "no one signed in"), (Self.sue, Self.t2.addingTimeInterval(-1), "before the move"),
            ] as [(AccountName?, Date, String)] {
                let refused = await refusal("\(name): \(why)") { () async throws(OrdersStoreError) in
                    try await store.undoStatusChange(id: id, expectedVersion: paid.version, by: who, at: at)
                }
                guard case .refused(let current, _) = refused else { return XCTFail("\(name): \(why): \(String(describing: refused))") }
                XCTAssertEqual(current, paid, "\(name): \(why)")
            }
            // From a stale page: the conflict first
            let stale = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: id, expectedVersion: created.version, by: Self.sue, at: Self.t2)
            }
            XCTAssertEqual(stale, .conflict(current: paid), name)
            // After another change (an edit), the move is no longer the latest
            var edited = paid
            edited.phone = "555-000-1111"
            edited = try await store.updateOrder(orderToUpdate: edited, by: Self.sue, at: Self.t2)
            let afterEdit = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: id, expectedVersion: edited.version, by: Self.sue, at: Self.t2)
            }
            guard case .refused = afterEdit else { return XCTFail("\(name): \(String(describing: afterEdit))") }
            // Shipped and cancelled are never undone
            var order = try await store.changeStatus(id: id, to: .packed, expectedVersion: edited.version, reason: nil, by: Self.sue, at: Self.t2)
            order = try await store.changeStatus(id: id, to: .shipped, expectedVersion: order.version, reason: nil, by: Self.sue, at: Self.t2)
            let shipped = order
            let unship = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: id, expectedVersion: shipped.version, by: Self.sue, at: Self.t2)
            }
            guard case .refused = unship else { return XCTFail("\(name): \(String(describing: unship))") }
            let other = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let cancelled = try await store.changeStatus(id: other.id!, to: .cancelled, expectedVersion: other.version, reason: "No", by: Self.sue, at: Self.t2)
            let uncancel = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: other.id!, expectedVersion: cancelled.version, by: Self.sue, at: Self.t2)
            }
            guard case .refused = uncancel else { return XCTFail("\(name): \(String(describing: uncancel))") }
            let events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(events.count, 5, "\(name): created, paid, changed, packed, shipped: no refusal recorded")
            let unknown = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.undoStatusChange(id: "999", expectedVersion: 1, by: Self.sue, at: Self.t2)
            }
            XCTAssertEqual(unknown, .notFound(id: "999"), name)
        }
    }
}
