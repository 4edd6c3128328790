import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's shipment (issue 29), one contract on every store: shipping keeps the carrier, the
/// tracking number and the day on the order and in the history; a shipped order's tracking number
/// is the one change it takes (version-checked, recorded); nothing else takes a shipment.
extension OrderEventsStoreContractTests {
    /// A packed order of Amy's.
    func makePackedOrder(in store: Store) async throws -> Order {
        var order = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
        for status in [OrderStatus.paid, .packed] {
            order = try await store.changeStatus(id: order.id!, to: status, expectedVersion: order.version, reason: nil, by: Self.amy, at: Self.t1)
        }
        return order
    }

    func testShippingKeepsTheCarrierTheTrackingNumberAndTheDay() async throws {
        for (name, store) in try await makeStores() {
            let packed = try await makePackedOrder(in: store)
            let id = packed.id!
            // A 16-digit carrier number passing the Luhn check: a parcel's, kept as it is.
            let shipment = Shipment(carrier: "UPS", trackingNumber: "4111111111111111")
            let shipped = try await store.changeStatus(
                id: id, to: .shipped, expectedVersion: packed.version, reason: nil, shipment: shipment, by: Self.sue, at: Self.t2)
            var expected = packed
            expected.status = .shipped
            expected.version += 1
            expected.updatedBy = Self.sue
            expected.updatedAt = Self.t2
            expected.shippedAt = Self.t2
            expected.carrier = "UPS"
            expected.trackingNumber = "4111111111111111"
            XCTAssertEqual(shipped, expected, name)
            let fetched = try await store.fetchOrder(id: id)
            XCTAssertEqual(fetched, expected, name)
            let listed = try await store.fetchOrders(page: OrdersPageRequest(limit: 10)).orders.first { $0.id == id }
            XCTAssertEqual(listed?.shippedAt, Self.t2, "\(name): the list's read has the day")
            XCTAssertEqual(listed?.carrier, "UPS", name)
            XCTAssertEqual(listed?.trackingNumber, "4111111111111111", name)

            let events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.sue, at: Self.t2,
                    changes: [
                        OrderChange(field: "Status", old: "Packed", new: "Shipped"), OrderChange(field: "Carrier", old: "", new: "UPS"),
                        OrderChange(field: "Tracking number", old: "", new: "4111111111111111"),
                    ],
                    statusChange: OrderEvent.StatusChange(from: .packed, to: .shipped)),
                name)
        }
    }

    func testAShipmentGoesWithAMoveToShippedOnly() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: nil, at: Self.t1)
            let paid = try await store.changeStatus(
                id: created.id!, to: .paid, expectedVersion: created.version, reason: nil,
                shipment: Shipment(carrier: "UPS", trackingNumber: "1Z999AA10123456784"), by: nil, at: Self.t2)
            XCTAssertNil(paid.carrier, name)
            XCTAssertNil(paid.trackingNumber, name)
            XCTAssertNil(paid.shippedAt, name)
            // Shipped with no shipment said (a caller of the store's own): the day only.
            var order = try await store.changeStatus(id: paid.id!, to: .packed, expectedVersion: paid.version, reason: nil, by: nil, at: Self.t2)
            order = try await store.changeStatus(id: order.id!, to: .shipped, expectedVersion: order.version, reason: nil, by: nil, at: Self.t3)
            XCTAssertEqual(order.shippedAt, Self.t3, name)
            XCTAssertNil(order.carrier, name)
        }
    }

    func testAShippedOrdersTrackingNumberIsAddedAndCorrectedVersionCheckedAndRecorded() async throws {
        for (name, store) in try await makeStores() {
            let packed = try await makePackedOrder(in: store)
            let id = packed.id!
            let shipped = try await store.changeStatus(
                id: id, to: .shipped, expectedVersion: packed.version, reason: nil, shipment: Shipment(carrier: "DHL"), by: Self.amy,
                at: Self.t2)
            XCTAssertNil(shipped.trackingNumber, name)

            // Added
            let added = try await store.changeTracking(
                id: id, trackingNumber: "JD014600006281230", expectedVersion: shipped.version, by: Self.sue, at: Self.t3)
            var expected = shipped
            expected.trackingNumber = "JD014600006281230"
            expected.version += 1
            expected.updatedBy = Self.sue
            expected.updatedAt = Self.t3
            XCTAssertEqual(added, expected, "\(name): the number, one more version, who and when; the status and day kept")
            let fetched = try await store.fetchOrder(id: id)
            XCTAssertEqual(fetched, expected, name)
            var events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events.first,
                OrderEvent(
                    orderID: id, kind: .updated, by: Self.sue, at: Self.t3,
                    changes: [OrderChange(field: "Tracking number", old: "", new: "JD014600006281230")]), name)

            // From a stale page: refused, nothing changed, nothing recorded
            let stale = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeTracking(id: id, trackingNumber: "X1234567", expectedVersion: shipped.version, by: nil, at: Self.t3)
            }
            XCTAssertEqual(stale, .conflict(current: added), name)

            // Corrected
            let corrected = try await store.changeTracking(
                id: id, trackingNumber: "JD014600006281231", expectedVersion: added.version, by: Self.amy, at: Self.t3)
            XCTAssertEqual(corrected.trackingNumber, "JD014600006281231", name)
            XCTAssertEqual(corrected.status, .shipped, name)
            events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(events.count, 6, "\(name): created, paid, packed, shipped, added, corrected")
            XCTAssertEqual(events.first?.changes, [OrderChange(field: "Tracking number", old: "JD014600006281230", new: "JD014600006281231")], name)
        }
    }

    func testATrackingNumberIsRefusedForAnOrderNotShipped() async throws {
        for (name, store) in try await makeStores() {
            let packed = try await makePackedOrder(in: store)
            let refused = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeTracking(id: packed.id!, trackingNumber: "1Z999AA1", expectedVersion: packed.version, by: nil, at: Self.t2)
            }
            XCTAssertEqual(refused, .statusNotAllowed(current: packed, to: .shipped), name)
            let cancelled = try await store.changeStatus(
                id: packed.id!, to: .cancelled, expectedVersion: packed.version, reason: "Lost", by: nil, at: Self.t2)
            let refusedCancelled = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeTracking(id: packed.id!, trackingNumber: "1Z999AA1", expectedVersion: cancelled.version, by: nil, at: Self.t3)
            }
            XCTAssertEqual(refusedCancelled, .statusNotAllowed(current: cancelled, to: .shipped), name)
            let events = try await store.fetchEvents(orderID: packed.id!)
            XCTAssertEqual(events.count, 4, "\(name): created, paid, packed, cancelled; no refusal recorded")
            let unknown = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeTracking(id: "999", trackingNumber: nil, expectedVersion: 1, by: nil, at: Self.t3)
            }
            XCTAssertEqual(unknown, .notFound(id: "999"), name)
        }
    }
}
