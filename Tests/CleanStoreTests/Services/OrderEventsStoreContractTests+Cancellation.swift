import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Cancellation requests (issue 29), one contract on every store: a clerk asks a supervisor to
/// cancel a paid or packed order; the request waits on the order (its reason, who, when) until a
/// supervisor approves it (cancelled with its reason) or declines it (it goes), each step
/// version-checked and recorded; the list finds the orders waiting.
extension OrderEventsStoreContractTests {
    func testARequestWaitsOnTheOrderUntilASupervisorApprovesItAndTheOrderIsCancelledWithItsReason() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = created.id!
            let paid = try await store.changeStatus(id: id, to: .paid, expectedVersion: created.version, reason: nil, by: Self.amy, at: Self.t1)

            let requested = try await store.decideCancellation(
                id: id, .request(reason: "Customer called:\nno longer needed"), expectedVersion: paid.version, by: Self.amy, at: Self.t2)
            var expected = paid
            expected.cancellationRequest = CancellationRequest(reason: "Customer called:\nno longer needed", by: Self.amy, at: Self.t2)
            expected.version += 1
            expected.updatedAt = Self.t2
            XCTAssertEqual(requested, expected, "\(name): the request on the order, one more version")
            let fetched = try await store.fetchOrder(id: id)
            XCTAssertEqual(fetched, expected, name)
            var events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.amy, at: Self.t2,
                    changes: [OrderChange(field: "Cancellation requested", old: "", new: "Customer called:\nno longer needed")]),
                name)

            // A second request while one waits: refused, nothing written
            let twice = await refusal("\(name): twice") { () async throws(OrdersStoreError) in
                try await store.decideCancellation(id: id, .request(reason: "Again"), expectedVersion: requested.version, by: Self.amy, at: Self.t2)
            }
            guard case .refused(let current, _) = twice else { return XCTFail("\(name): \(String(describing: twice))") }
            XCTAssertEqual(current, requested, name)
            // A waiting request is not shipped past: packing is fine, shipping is refused
            let packed = try await store.changeStatus(id: id, to: .packed, expectedVersion: requested.version, reason: nil, by: Self.sue, at: Self.t2)
            XCTAssertEqual(packed.cancellationRequest, requested.cancellationRequest, "\(name): still waiting once packed")
            let shipping = await refusal("\(name): shipped while waiting") { () async throws(OrdersStoreError) in
                try await store.changeStatus(
                    id: id, to: .shipped, expectedVersion: packed.version, reason: nil, shipment: Shipment(carrier: "UPS"), by: Self.sue,
                    at: Self.t2)
            }
            XCTAssertEqual(shipping, .refused(current: packed, reason: OrderWrites.waitingForSupervisor), name)

            // A stale page's approval: the conflict
            let stale = await refusal("\(name): stale") { () async throws(OrdersStoreError) in
                try await store.decideCancellation(id: id, .approve, expectedVersion: requested.version, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(stale, .conflict(current: packed), name)
            events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(events.count, 4, "\(name): created, paid, requested, packed; no refusal recorded")

            let approved = try await store.decideCancellation(id: id, .approve, expectedVersion: packed.version, by: Self.sue, at: Self.t3)
            expected = packed
            expected.status = .cancelled
            expected.cancellationReason = "Customer called:\nno longer needed"
            expected.cancellationRequest = nil
            expected.version += 1
            expected.updatedBy = Self.sue
            expected.updatedAt = Self.t3
            XCTAssertEqual(approved, expected, "\(name): cancelled with the request's reason, the request gone")
            let stored = try await store.fetchOrder(id: id)
            XCTAssertEqual(stored, expected, name)
            events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.sue, at: Self.t3,
                    changes: [
                        OrderChange(field: "Status", old: "Packed", new: "Cancelled"),
                        OrderChange(field: "Cancellation reason", old: "", new: "Customer called:\nno longer needed"),
                        OrderChange(field: "Cancellation requested", old: "Customer called:\nno longer needed", new: ""),
                    ],
                    statusChange: OrderEvent.StatusChange(from: .packed, to: .cancelled, reason: "Customer called:\nno longer needed")),
                "\(name): recorded as the cancel, with the request answered")

            // Cancelled: nothing moves it on, no request or decision either
            for decision in [CancellationDecision.request(reason: "Again"), .approve, .decline] {
                let after = await refusal("\(name): \(decision) once cancelled") { () async throws(OrdersStoreError) in
                    try await store.decideCancellation(id: id, decision, expectedVersion: approved.version, by: Self.sue, at: Self.t3)
                }
                XCTAssertNotNil(after, name)
            }
        }
    }

    func testADeclinedRequestGoesAndTheOrderGoesOn() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = created.id!
            let packed = try await store.changeStatus(of: created, to: .packed)
            let requested = try await store.decideCancellation(
                id: id, .request(reason: "Wrong size"), expectedVersion: packed.version, by: Self.amy, at: Self.t2)

            let declined = try await store.decideCancellation(id: id, .decline, expectedVersion: requested.version, by: Self.sue, at: Self.t3)

            var expected = packed
            expected.version = requested.version + 1
            expected.updatedBy = Self.sue
            expected.updatedAt = Self.t3
            XCTAssertEqual(declined, expected, "\(name): packed as it was, no request")
            let events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.sue, at: Self.t3,
                    changes: [OrderChange(field: "Cancellation requested", old: "Wrong size", new: "")]),
                name)
            let shipped = try await store.changeStatus(
                id: id, to: .shipped, expectedVersion: declined.version, reason: nil, shipment: Shipment(carrier: "UPS"), by: Self.sue,
                at: Self.t3)
            XCTAssertEqual(shipped.status, .shipped, "\(name): shipped once declined")
        }
    }

    func testOnlyAPaidOrPackedOrderIsAskedForAndADecisionNeedsARequest() async throws {
        for (name, store) in try await makeStores() {
            let new = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let asked = await refusal("\(name): new") { () async throws(OrdersStoreError) in
                try await store.decideCancellation(id: new.id!, .request(reason: "No"), expectedVersion: new.version, by: Self.amy, at: Self.t2)
            }
            XCTAssertEqual(asked, .statusNotAllowed(current: new, to: .cancelled), "\(name): a new order is cancelled, not asked for")
            let paid = try await store.changeStatus(of: new, to: .paid)
            for decision in [CancellationDecision.approve, .decline] {
                let decided = await refusal("\(name): \(decision) with no request") { () async throws(OrdersStoreError) in
                    try await store.decideCancellation(id: paid.id!, decision, expectedVersion: paid.version, by: Self.sue, at: Self.t2)
                }
                guard case .refused(let current, _) = decided else { return XCTFail("\(name): \(String(describing: decided))") }
                XCTAssertEqual(current, paid, name)
            }
            let unknown = await refusal("\(name): unknown") { () async throws(OrdersStoreError) in
                try await store.decideCancellation(id: "999", .approve, expectedVersion: 1, by: Self.sue, at: Self.t2)
            }
            XCTAssertEqual(unknown, .notFound(id: "999"), name)
            let events = try await store.fetchEvents(orderID: new.id!)
            XCTAssertEqual(events.count, 2, "\(name): created and paid; no refusal recorded")
        }
    }

    func testACancelAnswersAWaitingRequestAndAnEditKeepsIt() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let paid = try await store.changeStatus(of: created, to: .paid)
            let requested = try await store.decideCancellation(
                id: created.id!, .request(reason: "Duplicate"), expectedVersion: paid.version, by: Self.amy, at: Self.t2)
            var edit = requested
            edit.phone = "(415) 555-0100"
            edit.cancellationRequest = nil
            let edited = try await store.updateOrder(orderToUpdate: edit, by: Self.amy, at: Self.t2)
            XCTAssertEqual(edited.cancellationRequest, requested.cancellationRequest, "\(name): an edit keeps the stored request")

            let cancelled = try await store.changeStatus(
                id: created.id!, to: .cancelled, expectedVersion: edited.version, reason: "Customer asked", by: Self.sue, at: Self.t3)
            XCTAssertNil(cancelled.cancellationRequest, "\(name): cancelling answers the request")
            XCTAssertEqual(cancelled.cancellationReason, "Customer asked", name)
        }
    }

    func testTheListFindsTheOrdersWaitingForASupervisor() async throws {
        for (name, store) in try await makeStores() {
            let first = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let second = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t2)
            _ = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t3)
            for order in [first, second] {
                let paid = try await store.changeStatus(of: order, to: .paid)
                _ = try await store.decideCancellation(id: order.id!, .request(reason: "Why"), expectedVersion: paid.version, by: Self.amy, at: Self.t2)
            }
            let declined = try await store.fetchOrder(id: first.id!)
            _ = try await store.decideCancellation(id: first.id!, .decline, expectedVersion: declined!.version, by: Self.sue, at: Self.t3)

            var query = OrdersQuery()
            query.cancellationRequested = true
            let page = try await store.fetchOrders(page: OrdersPageRequest(position: .newest, limit: 10, query: query))
            XCTAssertEqual(page.orders.map(\.id), [second.id], "\(name): the one still waiting")
            XCTAssertEqual(page.orders.first?.cancellationRequest?.reason, "Why", "\(name): read with the list")
            let count = try await store.countOrders(matching: query, upTo: 100)
            XCTAssertEqual(count, 1, name)
        }
    }
}
