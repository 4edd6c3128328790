import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The last units of a product, wanted by more placings than there are units, at the same
/// instant (issue 26): 5 widgets left, 20 placings of 1 each → exactly 5 orders, 15 refused with
/// a shortage, never more committed than on hand, and the orders numbered 1 to 5 (no gaps). On
/// SQLite, one process with real concurrency; on PostgreSQL, two app instances: two stores, each
/// on a `PostgresClient` of its own, on one database. Through HTTP, on two `cleanstore` processes:
/// `MultiInstanceTests.testTwentyPlacingsOfTheLastFiveUnitsAtOnceThroughBothInstancesPlaceExactlyFive`.
final class PlacingConcurrencyTests: GoodsContractTestCase {
    static let placings = 20
    static let unitsLeft: Int64 = 5

    func testSQLiteTwentyPlacingsOfTheLastFiveUnitsMakeFiveOrders() async throws {
        let store = try GoodsStores.sqlite(path: databasePath)
        let catalog = try await seed(store, widgetsOnHand: Self.unitsLeft)
        try await assertFiveOrders(placingOn: [store], catalog: catalog)
    }

    func testPostgresTwoInstancesPlacingTheLastFiveUnitsMakeFiveOrders() async throws {
        let url = try await TestPostgres.makeDatabase()
        let first = try await TestPostgres.openStore(url: url, for: self)
        try await first.migrate()
        let second = try await TestPostgres.openStore(url: url, for: self)
        let instances = [try await GoodsStores.postgres(on: first.database), try await GoodsStores.postgres(on: second.database)]
        let catalog = try await seed(instances[0], widgetsOnHand: Self.unitsLeft)
        try await assertFiveOrders(placingOn: instances, catalog: catalog)
    }

    func testPostgresAPlacingWhoseConditionalUpdateFindsTheStockTakenIsRefusedAndWritesNothing() async throws {
        // Given: 5 widgets; another instance's transaction has taken 4 of them, not yet committed
        let url = try await TestPostgres.makeDatabase()
        let first = try await TestPostgres.openStore(url: url, for: self)
        try await first.migrate()
        let store = try await GoodsStores.postgres(on: first.database)
        let catalog = try await seed(store, widgetsOnHand: Self.unitsLeft)
        let draft = try await readyDraft(in: store, items: [(catalog.widget, 2)])
        let other = try await TestPostgres.openStore(url: url, for: self).database.client
        let id = catalog.widget.id!
        let request = PlacingRequest(payment: Self.card, draftVersion: draft.version, timeZone: Self.utc)

        // When: the placing checks (5 available: it passes) and waits on the widget's row; then the
        // other transaction commits
        let placing = try await other.withTransaction(logger: TestPostgres.logger) { connection in
            try await connection.query("UPDATE products SET committed = 4 WHERE id = \(id)", logger: TestPostgres.logger)
            let placing = Task { () -> Result<Order, DraftsStoreError> in
                do throws(DraftsStoreError) {
                    return .success(try await store.drafts.place(ref: draft.ref, request: request, by: Self.amy, at: Self.now))
                } catch {
                    return .failure(error)
                }
            }
            // Until the placing waits for this transaction's lock (no sleep: asked again each turn).
            var waiting = 0
            while waiting == 0 {
                await Task.yield()
                let rows = try await connection.query(
                    "SELECT count(*)::BIGINT FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
                    logger: TestPostgres.logger)
                for try await count in rows.decode(Int64.self) { waiting = Int(count) }
            }
            return placing
        }
        let outcome = await placing.value

        // Then: its conditional update matched no row: refused with the shortage, nothing written
        guard case .failure(.refused(let check)) = outcome else { return XCTFail("\(outcome)") }
        XCTAssertEqual(check.shortages, [StockShortage(sku: "W-1", name: "Widget", wanted: 2, available: 1)])
        let orders = try await store.orders.fetchOrders()
        XCTAssertEqual(orders, [])
        let widget = try await store.product(id)
        XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 4))
        let kept = try await store.drafts.fetchDraft(ref: draft.ref)
        XCTAssertEqual(kept, draft)
        let next = try await place(try await readyDraft(in: store, items: [(catalog.widget, 1)], email: "bo@example.com"), in: store)
        XCTAssertEqual(next.id, "1", "no number lost")
    }

    /// 20 drafts of 1 widget each (made on the first store), placed at once, in turn on each of `stores`.
    private func assertFiveOrders(placingOn stores: [GoodsStores], catalog: Catalog) async throws {
        var drafts: [Draft] = []
        for index in 0..<Self.placings {
            // Different callers: no placing is a duplicate of another.
            drafts.append(try await readyDraft(in: stores[0], items: [(catalog.widget, 1)], phone: "555-01\(10 + index)", email: "caller\(index)@example.com"))
        }
        let outcomes = await withTaskGroup(of: Result<Order, DraftsStoreError>.self) { group in
            for (index, draft) in drafts.enumerated() {
                let store = stores[index % stores.count]
                let request = PlacingRequest(payment: Self.card, draftVersion: draft.version, timeZone: Self.utc)
                group.addTask {
                    do throws(DraftsStoreError) {
                        return .success(try await store.drafts.place(ref: draft.ref, request: request, by: Self.amy, at: Self.now))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            var outcomes: [Result<Order, DraftsStoreError>] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }

        let placed = outcomes.compactMap { try? $0.get() }
        XCTAssertEqual(placed.count, 5)
        XCTAssertEqual(Set(placed.compactMap(\.id)), ["1", "2", "3", "4", "5"], "numbered without gaps")
        let refusals = outcomes.compactMap { outcome -> PlacingCheck? in
            guard case .failure(.refused(let check)) = outcome else { return nil }
            return check
        }
        XCTAssertEqual(refusals.count, 15)
        XCTAssertTrue(refusals.allSatisfy { $0.shortages.map(\.sku) == ["W-1"] }, "each refused for the widget's shortage")
        let widget = try await stores[0].product(catalog.widget.id!)
        XCTAssertEqual(widget?.stock, Product.Stock(onHand: 5, committed: 5), "never more committed than on hand")
        let orders = try await stores[stores.count - 1].orders.fetchOrders()
        XCTAssertEqual(orders.count, 5)
        let left = try await stores[0].drafts.fetchDrafts(mineFirst: nil, limit: 100)
        XCTAssertEqual(left.count, 15, "the refused drafts are kept")
    }
}
