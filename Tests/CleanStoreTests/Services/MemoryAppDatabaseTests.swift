import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The memory back end is a database with a store per aggregate on it (`MemoryAppDatabase`), as the
/// SQL back ends are: `OrdersDatabase.open(":memory:")` makes each store on one database, none
/// taking another store, and what one store writes the others read.
final class MemoryAppDatabaseTests: XCTestCase {
    func testTheMemoryDatabasesStoresShareItsTables() async throws {
        let database = try OrdersDatabase.open(":memory:", cardKeys: CardKeySettings(), logger: TestStores.silentLogger)
        XCTAssertEqual(database.description, "memory")
        XCTAssertNil(database.cardKeyRotation, "No card number at rest in memory")

        // An account made through the accounts store has sessions through the sessions store
        _ = try await database.accounts.createAccount(AccountSeeds.amy)
        let session = try await database.sessions.createSession(
            id: AccountSeeds.sessionID(1), username: AccountSeeds.amy.username, now: AccountSeeds.now)
        XCTAssertEqual(session.accountKey, AccountSeeds.amy.key)
        let account = try await database.sessions.account(
            forSession: AccountSeeds.sessionID(1), now: AccountSeeds.now, timeouts: SessionTimeouts())
        XCTAssertEqual(account, AccountSeeds.amy)

        // An order's events are written by the orders store and read by the events store; its notes
        // go with it
        let order = try await database.store.createOrder(orderToCreate: Seeds.Orders.amy, by: AccountSeeds.amy.name, at: Seeds.june29)
        _ = try await database.notes.addNote(orderID: order.id!, text: "Called.", by: nil, at: Seeds.june29)
        let notes = try await database.notes.notes(forOrder: order.id!)
        XCTAssertEqual(notes.map(\.text), ["Called."])
        _ = try await database.store.deleteOrder(id: order.id!, by: nil, at: Seeds.june30)
        let events = try await database.events.fetchEvents(orderID: order.id!)
        XCTAssertEqual(events.map(\.kind), [.deleted, .created])
        do {
            let left = try await database.notes.notes(forOrder: order.id!)
            XCTFail("The order's notes went with it: \(left)")
        } catch {
            XCTAssertEqual(error, .notFound(id: order.id!))
        }
    }

    func testStoresOnOneDatabaseWritingAtOnceLoseNothing() async throws {
        // Two orders stores and a notes store on one database, 40 creates and 40 notes at once
        let database = MemoryAppDatabase()
        let first = OrdersMemStore(database: database), second = OrdersMemStore(database: database)
        let notes = OrderNotesMemStore(database: database)
        let seed = try await first.createOrder(orderToCreate: Seeds.Orders.amy)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<40 {
                group.addTask {
                    _ = try await (index.isMultiple(of: 2) ? first : second).createOrder(orderToCreate: Seeds.Orders.bob)
                }
                group.addTask {
                    _ = try await notes.addNote(orderID: seed.id!, text: "Note \(index)", by: nil, at: Seeds.june29)
                }
            }
            try await group.waitForAll()
        }
        let orders = try await second.fetchOrders()
        XCTAssertEqual(Set(orders.map(\.id!)), Set((1...41).map(String.init)), "Every id once")
        let events = OrderEventsMemStore(database: database)
        for order in orders {
            let history = try await events.fetchEvents(orderID: order.id!)
            XCTAssertEqual(history.map(\.kind), [.created], "Order \(order.id!)")
        }
        let written = try await notes.notes(forOrder: seed.id!)
        XCTAssertEqual(Set(written.map(\.id)), Set((1...40).map(String.init)))
    }

    /// The list sorted by total sorts by what orders cost (`OrderTotal.totalCents`): an order of
    /// goods ($99.81) above a One-Day order keyed before lines ($19.99), then a Standard one
    /// ($0.00); a page's cursor carries the same total.
    func testTheListSortedByTotalSortsByTheOrdersRealTotal() async throws {
        var oneDay = Seeds.Orders.amy
        oneDay.shipmentMethod = ShipmentMethod(speed: .oneDay)
        let store = OrdersMemStore(orders: [Seeds.Orders.amy, GoodsSeeds.order, oneDay])
        let query = OrdersQuery(sort: OrdersQuery.Sort(.total, descending: true))

        let first = try await store.fetchOrders(page: OrdersPageRequest(limit: 1, query: query))
        XCTAssertEqual(first.orders.map(\.id), ["2"])
        let cursor = try XCTUnwrap(OrdersCursor(order: first.orders[0], sortedBy: .total))
        let rest = try await store.fetchOrders(page: OrdersPageRequest(position: .after(cursor), limit: 5, query: query))
        XCTAssertEqual(rest.orders.map(\.id), ["3", "1"])
    }
}
