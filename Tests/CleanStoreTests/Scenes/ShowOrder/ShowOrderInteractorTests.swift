import XCTest

@testable import CleanStore

final class ShowOrderInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ShowOrderInteractor(ordersWorker: OrdersWorker(ordersStore: OrdersMemStore()))
    }

    // MARK: Test doubles

    final class ShowOrderPresentationLogicSpy: ShowOrderPresentationLogic {
        var presentOrderCalled = false
        var response: ShowOrder.GetOrder.Response?

        func presentOrder(response: ShowOrder.GetOrder.Response) {
            presentOrderCalled = true
            self.response = response
        }
    }

    final class OrdersWorkerSpy: OrdersWorker {
        var fetchOrderCalledWithID: String?
        var failure: OrdersStoreError?

        override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
            fetchOrderCalledWithID = id
            if let failure { throw failure }
            return id == "1" ? Seeds.Orders.amy : nil
        }
    }

    // MARK: Tests

    func testGetOrderShouldAskOrdersWorkerForTheOrderAndPresenterToFormatIt() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1", "GetOrder() should fetch the requested order")
        XCTAssert(presenterSpy.presentOrderCalled, "GetOrder() should ask presenter to format the order")
        XCTAssertEqual(presenterSpy.response?.order, Seeds.Orders.amy)
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store should keep the order")
    }

    func testGetOrderShouldPresentNoOrderForAnUnknownID() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy(ordersStore: OrdersMemStore())

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "404"))

        // Then
        XCTAssert(presenterSpy.presentOrderCalled)
        XCTAssertNil(presenterSpy.response?.order)
        XCTAssertNil(presenterSpy.response?.error)
    }

    func testGetOrderShouldPresentTheStoreErrorWhenTheStoreFails() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        workerSpy.failure = .cannotFetch("locked")
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.response?.error, .cannotFetch("locked"))
    }
}
