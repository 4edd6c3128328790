import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The order page's read (`fetchOrderPage`) on every store: the order with its lines, its notes and
/// its history in one read, each part as the separate reads give it, only the parts asked for.
extension OrdersStoreContractTests {
    /// Bob's order with two lines of no catalog product (the orders store alone keeps no catalog).
    static func orderWithLines() -> Order {
        var order = newOrder(Seeds.Orders.bob)
        order.lines = [
            OrderLine(
                key: OrderLine.key(number: 1), productID: nil, sku: "W-1", name: "Widget", catalogPriceCents: 1_250, quantity: 3,
                taxable: true),
            OrderLine(
                key: OrderLine.key(number: 2), productID: nil, sku: "G-2", name: "Gadget", catalogPriceCents: 999, unitPriceCents: 800,
                priceReason: "Scuffed", quantity: 1, taxable: false),
        ]
        order.nextLineNumber = 3
        order.itemsRecorded = true
        return order
    }

    static let clerk = AccountName(username: "clerk", displayName: "Casey Clerk")

    /// An order of two lines with two notes and two events (created, paid), and another order with
    /// a note of its own beside it, in `store`: the first order's id.
    static func orderWithNotesAndHistory(in store: OrderStores) async throws -> String {
        let order = try await store.createOrder(orderToCreate: orderWithLines(), by: clerk, at: Seeds.june29)
        let id = try XCTUnwrap(order.id)
        _ = try await store.addNote(orderID: id, text: "Left a message", by: clerk, at: Seeds.june29)
        _ = try await store.addNote(orderID: id, text: "Pack it well", forPacker: true, by: nil, at: Seeds.june30)
        _ = try await store.changeStatus(id: id, to: .paid, expectedVersion: order.version, reason: nil, by: clerk, at: Seeds.june30)
        let other = try await store.createOrder(orderToCreate: newOrder(Seeds.Orders.amy), by: nil, at: Seeds.june29)
        _ = try await store.addNote(orderID: try XCTUnwrap(other.id), text: "Not this order's", by: nil, at: Seeds.june30)
        return id
    }

    func testTheOrderPageReadGivesWhatTheSeparateReadsGive() async throws {
        for (name, store) in try await makeStores() {
            // Given: an order with lines, notes and history, and another order beside it
            let stores = store as! OrderStores
            let id = try await Self.orderWithNotesAndHistory(in: stores)

            // When
            let read = try await store.fetchOrderPage(id: id, including: .page)

            // Then: the order, its notes and its history as each is read alone
            let order = try await store.fetchOrder(id: id)
            let notes = try await stores.notes(forOrder: id)
            let events = try await stores.fetchEvents(orderID: id)
            XCTAssertEqual(read, OrderPageRead(order: try XCTUnwrap(order, name), notes: notes, events: events), name)
            XCTAssertEqual(read?.order.lines.map(\.sku), ["W-1", "G-2"], "\(name): its lines, in order")
            XCTAssertEqual(read?.order.status, .paid, name)
            XCTAssertEqual(read?.notes.map(\.text), ["Pack it well", "Left a message"], "\(name): its notes alone, newest first")
            XCTAssertEqual(read?.notes.map(\.forPacker), [true, false], name)
            XCTAssertEqual(read?.events.map(\.kind), [.updated, .created], "\(name): its history, newest first")
            XCTAssertEqual(read?.events.first?.statusChange?.to, .paid, name)
        }
    }

    func testTheOrderPageReadReadsOnlyThePartsAskedFor() async throws {
        for (name, store) in try await makeStores() {
            let stores = store as! OrderStores
            let id = try await Self.orderWithNotesAndHistory(in: stores)
            let order = try await store.fetchOrder(id: id)
            let notes = try await stores.notes(forOrder: id)
            let events = try await stores.fetchEvents(orderID: id)

            for parts: OrderPageRead.Parts in [[], .notes, .history, [.notes, .history]] {
                let read = try await store.fetchOrderPage(id: id, including: parts)
                let label = "\(name), notes \(parts.contains(.notes)), history \(parts.contains(.history))"
                XCTAssertEqual(read?.order, order, "\(label): the order with its lines, whatever else is asked for")
                XCTAssertEqual(read?.notes, parts.contains(.notes) ? notes : [], label)
                XCTAssertEqual(read?.events, parts.contains(.history) ? events : [], label)
            }
        }
    }

    func testAnOrderWithoutLinesOrNotesIsReadWithItsCreationAlone() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy), by: Self.clerk, at: Seeds.june29)
            let id = try XCTUnwrap(created.id, name)

            let read = try await store.fetchOrderPage(id: id, including: .page)

            XCTAssertEqual(read?.order, created, "\(name): as created")
            XCTAssertEqual(read?.order.lines, [], "\(name): no lines")
            XCTAssertEqual(read?.notes, [], "\(name): no notes")
            XCTAssertEqual(read?.events.map(\.kind), [.created], "\(name): its creation, by whom and when")
            XCTAssertEqual(read?.events.first?.by, Self.clerk, name)
            XCTAssertEqual(read?.events.first?.at, Seeds.june29, name)
        }
    }

    func testAnOrderThatIsNotThereIsNoPage() async throws {
        for (name, store) in try await makeStores() {
            // Given: an order with notes and history, and another order deleted
            let stores = store as! OrderStores
            _ = try await Self.orderWithNotesAndHistory(in: stores)
            let deleted = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy), by: nil, at: Seeds.june29)
            let deletedID = try XCTUnwrap(deleted.id, name)
            _ = try await stores.addNote(orderID: deletedID, text: "Called to cancel", by: Self.clerk, at: Seeds.june29)
            _ = try await store.deleteOrder(id: deletedID, by: Self.clerk, at: Seeds.june30)

            // Then: an id never used, a deleted order's and what is no id at all read no page
            for missing in ["999999", deletedID, "abc", "", "-1", "1.5"] {
                let read = try await store.fetchOrderPage(id: missing, including: .page)
                XCTAssertNil(read, "\(name): \(missing.debugDescription) is no order")
            }
            let history = try await stores.fetchEvents(orderID: deletedID)
            XCTAssertEqual(history.map(\.kind), [.deleted, .created], "\(name): a deleted order's history is kept, its page is not")
        }
    }
}
