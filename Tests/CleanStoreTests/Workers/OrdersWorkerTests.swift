import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class OrdersWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: OrdersWorker!
    var storeSpy: OrdersStoreSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        storeSpy = OrdersStoreSpy()
        sut = OrdersWorker(ordersStore: storeSpy, now: { Seeds.june30 })
    }

    // MARK: Test doubles

    /// Records every call; answers with the seeds.
    actor OrdersStoreSpy: OrdersStoreProtocol {
        var calls: [String] = []

        func fetchOrders(page: OrdersPageRequest) throws(OrdersStoreError) -> OrdersPage {
            calls.append("fetchOrders(limit: \(page.limit))")
            return OrdersPage(orders: [Seeds.Orders.bob], hasNewer: false, hasOlder: true)
        }
        func countOrders(matching query: OrdersQuery, upTo: Int) throws(OrdersStoreError) -> Int {
            calls.append("countOrders(upTo: \(upTo))")
            return 1
        }

        func fetchOrder(id: String) throws(OrdersStoreError) -> Order? {
            calls.append("fetchOrder(\(id))")
            return id == "1" ? Seeds.Orders.amy : nil
        }

        func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) throws(OrdersStoreError) -> OrderPageRead? {
            calls.append("fetchOrderPage(\(id), notes: \(parts.contains(.notes)), history: \(parts.contains(.history)))")
            if id == "500" { throw .cannotFetch("disk I/O error") }
            return id == "1" ? OrderPageRead(order: Seeds.Orders.amy, notes: [Self.note]) : nil
        }

        static let note = OrderNote(id: "1", orderID: "1", text: "Called back", by: nil, at: Seeds.june29)

        func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
            calls.append("createOrder\(idempotencyKey.map { " with key \($0)" } ?? "") by \(by?.username ?? "nil") at \(at.timeIntervalSince1970)")
            return orderToCreate
        }

        func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
            calls.append("updateOrder(\(orderToUpdate.id ?? "")) by \(by?.username ?? "nil") at \(at.timeIntervalSince1970)")
            return orderToUpdate
        }

        func deleteOrder(id: String, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
            calls.append("deleteOrder(\(id)) by \(by?.username ?? "nil") at \(at.timeIntervalSince1970)")
            throw .notFound(id: id)
        }

        func changeStatus(
            id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
        ) throws(OrdersStoreError) -> Order {
            calls.append("changeStatus(\(id), to: \(status), from version \(expectedVersion)) by \(by?.username ?? "nil") at \(at.timeIntervalSince1970)")
            throw .notFound(id: id)
        }

        func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func decideCancellation(
            id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func changeTracking(
            id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
        ) throws(OrdersStoreError) -> Order {
            calls.append("changeTracking(\(id), \(trackingNumber ?? "nil"), from version \(expectedVersion)) by \(by?.username ?? "nil") at \(at.timeIntervalSince1970)")
            throw .notFound(id: id)
        }
        func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate("This test store changes no items")
        }
        func checkHealth() throws(OrdersStoreError) {
            calls.append("checkHealth")
        }
    }

    // MARK: Tests

    func testFetchOrdersPageShouldAskTheStoreForThePage() async throws {
        let page = try await sut.fetchOrders(page: OrdersPageRequest(limit: 5))
        XCTAssertEqual(page, OrdersPage(orders: [Seeds.Orders.bob], hasNewer: false, hasOlder: true))
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["fetchOrders(limit: 5)"])
    }

    func testFetchOrderShouldReturnTheOrderOrNil() async throws {
        let amy = try await sut.fetchOrder(id: "1")
        let none = try await sut.fetchOrder(id: "2")
        XCTAssertEqual(amy, Seeds.Orders.amy)
        XCTAssertNil(none)
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["fetchOrder(1)", "fetchOrder(2)"])
    }

    func testFetchOrderPageShouldReadThePartsAskedForInOneStoreCall() async throws {
        let page = try await sut.fetchOrderPage(id: "1", including: .page)
        let none = try await sut.fetchOrderPage(id: "2", including: [])
        XCTAssertEqual(page, OrderPageRead(order: Seeds.Orders.amy, notes: [OrdersStoreSpy.note]))
        XCTAssertNil(none)
        do {
            let read = try await sut.fetchOrderPage(id: "500", including: .notes)
            XCTFail("a store failure is passed on: \(String(describing: read))")
        } catch {
            XCTAssertEqual(error, .cannotFetch("disk I/O error"))
        }
        let calls = await storeSpy.calls
        XCTAssertEqual(
            calls, ["fetchOrderPage(1, notes: true, history: true)", "fetchOrderPage(2, notes: false, history: false)",
                    "fetchOrderPage(500, notes: true, history: false)"])
    }

    func testCreateOrderShouldAskTheStoreToCreateIt() async throws {
        let created = try await sut.createOrder(orderToCreate: Seeds.Orders.bob, idempotencyKey: nil, by: AccountSeeds.amy.name)
        XCTAssertEqual(created, Seeds.Orders.bob)
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["createOrder by Amy at 1183183200.0"], "Who, and now by the worker's clock")
    }

    func testCreateOrderShouldPassTheFormsKeyToTheStore() async throws {
        _ = try await sut.createOrder(orderToCreate: Seeds.Orders.bob, idempotencyKey: "form-key-0000000000001", by: nil)
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["createOrder with key form-key-0000000000001 by nil at 1183183200.0"])
    }

    func testAFormSentAgainIsAnAnswerNotAFailure() async throws {
        // Given: the store already made order 7 from this form's key
        var first = Seeds.Orders.amy
        first.id = "7"
        let capture = LogCapture()
        let sut = OrdersWorker(ordersStore: AlreadyCreatedStore(order: first), logger: capture.logger())

        // When / Then
        do {
            _ = try await sut.createOrder(orderToCreate: Seeds.Orders.bob, idempotencyKey: "form-key-0000000000001", by: nil)
            XCTFail("A used key should throw")
        } catch {
            XCTAssertEqual(error, .alreadyCreated(first), "The order the key made travels up the cycle")
        }
        XCTAssertFalse(capture.text.contains("Store failed"), "Not logged as a failure of the store")
    }

    /// A store that made an order from every key already.
    struct AlreadyCreatedStore: OrdersStoreProtocol {
        let order: Order
        func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage { OrdersPage(orders: [], hasNewer: false, hasOlder: false) }
        func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int { 0 }
        func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { nil }
        func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            throw .alreadyCreated(order)
        }
        func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order { orderToUpdate }
        func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order { throw .notFound(id: id) }
        func changeStatus(
            id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func decideCancellation(
            id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func changeTracking(
            id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .notFound(id: id)
        }
        func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            throw .cannotUpdate("This test store changes no items")
        }
        func checkHealth() async throws(OrdersStoreError) {}
    }

    func testUpdateOrderShouldAskTheStoreToUpdateIt() async throws {
        _ = try await sut.updateOrder(orderToUpdate: Seeds.Orders.bob, by: AccountSeeds.sue.name)
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["updateOrder(2) by sue at 1183183200.0"])
    }

    func testDeleteOrderShouldPassTheStoresErrorOn() async {
        do {
            _ = try await sut.deleteOrder(id: "3", by: nil)
            XCTFail("Deleting an unknown order should throw")
        } catch {
            XCTAssertEqual(error, .notFound(id: "3"))
        }
        let calls = await storeSpy.calls
        XCTAssertEqual(calls, ["deleteOrder(3) by nil at 1183183200.0"])
    }
}
