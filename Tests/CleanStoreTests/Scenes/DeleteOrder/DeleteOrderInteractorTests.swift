import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class DeleteOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderInteractor!
    var presenterSpy: DeleteOrderPresentationLogicSpy!
    var workerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = OrdersWorkerSpy()
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


    // MARK: Tests: get order to delete

    func testGetOrderToDeleteShouldFetchTheOrderAndAskPresenterToFormatIt() async {
        // When
        await sut.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(presenterSpy.orderToDeleteResponse, .found(Seeds.Orders.amy))
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store keeps the order")
    }

    func testGetOrderToDeleteShouldPresentNotFoundForAnUnknownID() async {
        // When
        await sut.getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request(orderID: "9"))

        // Then
        XCTAssertEqual(presenterSpy.orderToDeleteResponse, .notFound)
    }

    // MARK: Tests: delete order

    func testDeleteOrderShouldAskOrdersWorkerToDeleteAndPresenterToSaySo() async {
        // When
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "1", signedIn: AccountSeeds.sue.name))

        // Then
        XCTAssertEqual(workerSpy.deleteOrderCalledWithID, "1", "deleteOrder(request:) should delete through OrdersWorker")
        XCTAssertEqual(workerSpy.changedBy, AccountSeeds.sue.name, "The deletion is recorded as Sue's")
        XCTAssertEqual(presenterSpy.deletedOrderResponse, .deleted(Seeds.Orders.amy))
    }

    func testDeleteOrderShouldPresentNotFoundForAnUnknownID() async {
        // When
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "9"))

        // Then
        XCTAssertEqual(presenterSpy.deletedOrderResponse, .notFound)
    }

    func testDeleteOrderShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        workerSpy.failure = .cannotDelete("locked")

        // When
        await sut.deleteOrder(request: DeleteOrder.DeleteOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.deletedOrderResponse, .storeUnavailable)
    }
}
