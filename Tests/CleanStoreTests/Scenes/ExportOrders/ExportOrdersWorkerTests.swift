import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExportOrdersWorkerTests: XCTestCase {
    func orders(_ count: Int) -> [Order] {
        (0..<count).map { index in
            var order = index % 2 == 0 ? Seeds.Orders.amy : Seeds.Orders.bob
            order.date = Seeds.june29.addingTimeInterval(Double(index))
            return order
        }
    }

    func testEveryOrderIsReadInTheQuerysOrderABatchAtATimeAndTheExportIsLoggedWithItsRows() async throws {
        // Given 1,201 orders: three batches of 500, 500 and 201.
        let store = OrdersMemStore(orders: orders(1_201))
        let log = LogCapture()
        let sut = ExportOrdersWorker(ordersStore: store, logger: log.logger())

        // When
        let batches = try await sut.export(.all, parameters: [("q", "a b")], by: testAccount.name)

        // Then
        XCTAssertTrue(log.text.contains("Orders export started"), log.text)
        XCTAssertFalse(log.text.contains("Orders exported"), "Not before the last row is read")
        var sizes: [Int] = []
        var ids: [Int] = []
        for try await batch in batches {
            sizes.append(batch.count)
            ids += batch.compactMap { $0.id.flatMap(Int.init) }
        }
        XCTAssertEqual(sizes, [500, 500, 201])
        XCTAssertEqual(ids, Array((1...1_201).reversed()), "Newest first, each once")
        XCTAssertTrue(log.text.contains("Orders exported"), log.text)
        XCTAssertTrue(log.text.contains("rows=1201"), log.text)
        XCTAssertTrue(log.text.contains("account=\(testAccount.name.username)"), log.text)
        XCTAssertTrue(log.text.contains("query=?q=a%20b"), log.text)
    }

    func testAnEmptyExportIsLoggedWithNoRows() async throws {
        let log = LogCapture()
        let sut = ExportOrdersWorker(ordersStore: OrdersMemStore(), logger: log.logger())

        let batches = try await sut.export(OrdersQuery(text: "zebra"), parameters: [], by: nil)
        var count = 0
        for try await batch in batches { count += batch.count }

        XCTAssertEqual(count, 0)
        XCTAssertTrue(log.text.contains("rows=0"), log.text)
        XCTAssertTrue(log.text.contains("account=-"), log.text)
    }

    func testAStoreThatFailsOnTheWayEndsTheExportWithTheFailureLogged() async throws {
        // Given a store that answers the first page and then fails.
        let store = FailingAfterFirstPage(base: OrdersMemStore(orders: orders(600)))
        let log = LogCapture()
        let sut = ExportOrdersWorker(ordersStore: store, logger: log.logger())

        // When
        let batches = try await sut.export(.all, parameters: [], by: nil)
        var rows = 0
        do {
            for try await batch in batches { rows += batch.count }
            XCTFail("The export should end with the store's failure")
        } catch {
            XCTAssertEqual(error, .cannotFetch("gone"))
        }

        // Then
        XCTAssertEqual(rows, 500)
        XCTAssertTrue(log.text.contains("Orders export failed"), log.text)
        XCTAssertTrue(log.text.contains("rows=500"), log.text)
    }

    func testAStoreThatCannotBeReadAtAllThrowsBeforeAnythingIsLogged() async {
        let log = LogCapture()
        let store = FailingAfterFirstPage(base: OrdersMemStore(), pagesBeforeFailing: 0)
        let sut = ExportOrdersWorker(ordersStore: store, logger: log.logger())
        do {
            _ = try await sut.export(.all, parameters: [], by: nil)
            XCTFail("Should throw")
        } catch {
            XCTAssertEqual(error, .cannotFetch("gone"))
        }
        XCTAssertFalse(log.text.contains("export started"), log.text)
        XCTAssertTrue(log.text.contains("Store failed"), "The failure is logged, as every store read's: \(log.text)")
    }

    /// Reads pages from `base` until it has answered `pagesBeforeFailing`, then fails.
    actor FailingAfterFirstPage: OrdersStoreProtocol {
        let base: OrdersMemStore
        var pagesLeft: Int

        init(base: OrdersMemStore, pagesBeforeFailing: Int = 1) {
            self.base = base
            pagesLeft = pagesBeforeFailing
        }

        func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
            try await base.countOrders(matching: query, upTo: upTo)
        }
        func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
            guard pagesLeft > 0 else { throw .cannotFetch("gone") }
            pagesLeft -= 1
            return try await base.fetchOrders(page: page)
        }
        func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { try await base.fetchOrder(id: id) }
        func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await base.createOrder(orderToCreate: orderToCreate, idempotencyKey: idempotencyKey, by: by, at: at)
        }
        func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await base.updateOrder(orderToUpdate: orderToUpdate, timeZone: timeZone, by: by, at: at)
        }
        func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await base.deleteOrder(id: id, by: by, at: at)
        }
        func changeStatus(
            id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await base.changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
        }
        func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await base.undoStatusChange(id: id, expectedVersion: expectedVersion, by: by, at: at)
        }
        func decideCancellation(
            id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await base.decideCancellation(id: id, decision, expectedVersion: expectedVersion, by: by, at: at)
        }
        func changeTracking(
            id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await base.changeTracking(id: id, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
        }
        func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate("This test store changes no items")
        }
        func checkHealth() async throws(OrdersStoreError) {}
    }
}
