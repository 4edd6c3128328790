import XCTest

@testable import CleanStore

final class DeleteOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderInteractor!
    var presenterSpy: DeleteOrderPresentationLogicSpy!
    var workerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        presenterSpy = DeleteOrderPresentationLogicSpy()
        sut = DeleteOrderInteractor(ordersWorker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class DeleteOrderPresentationLogicSpy: DeleteOrderPresentationLogic {
        var orderToDeleteResponse: DeleteOrder.GetOrderToDelete.Response?
        var deletedOrderResponse: DeleteOrder.DeleteOrder.Response?

        func presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response) {
            orderToDeleteResponse = response
        }

        func presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response) {
            deletedOrderResponse = response
        }
    }

    final class OrdersWorkerSpy: OrdersWorker {
        var fetchOrderCalledWithID: String?
        var deleteOrderCalledWithID: String?
        var failure: OrdersStoreError?

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
            fetchOrderCalledWithID = id
            if let failure { throw failure }
            return id == "1" ? Seeds.Orders.amy : nil
        }

        override func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
            deleteOrderCalledWithID = id
            if let failure { throw failure }
            guard id == "1" else { throw .notFound(id: id) }
            return Seeds.Orders.amy
        }
    }

    // MARK: Tests: get order to delete

    func testGetOrderToDeleteShouldFetchTheOrderAndAskPresenterToFormatIt() async {
        // When
        await sut.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(presenterSpy.orderToDeleteResponse?.order, Seeds.Orders.amy)
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store keeps the order")
    }

    func testGetOrderToDeleteShouldPresentNoOrderForAnUnknownID() async {
        await sut.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: "9"))
        XCTAssertNotNil(presenterSpy.orderToDeleteResponse)
        XCTAssertNil(presenterSpy.orderToDeleteResponse?.order)
        XCTAssertNil(presenterSpy.orderToDeleteResponse?.error)
    }

    // MARK: Tests: delete order

    func testDeleteOrderShouldAskOrdersWorkerToDeleteAndPresenterToSaySo() async {
        // When
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.deleteOrderCalledWithID, "1", "deleteOrder(request:) should delete through OrdersWorker")
        XCTAssertEqual(presenterSpy.deletedOrderResponse?.order, Seeds.Orders.amy)
    }

    func testDeleteOrderShouldPresentNothingDeletedForAnUnknownID() async {
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "9"))
        XCTAssertNotNil(presenterSpy.deletedOrderResponse)
        XCTAssertNil(presenterSpy.deletedOrderResponse?.order)
        XCTAssertNil(presenterSpy.deletedOrderResponse?.error)
    }

    func testDeleteOrderShouldPresentTheStoreErrorWhenTheStoreFails() async {
        workerSpy.failure = .cannotDelete("locked")
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "1"))
        XCTAssertEqual(presenterSpy.deletedOrderResponse?.error, .cannotDelete("locked"))
    }
}
