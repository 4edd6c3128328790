import XCTest

@testable import CleanStore

final class ListOrdersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        setupListOrdersInteractor()
    }

    // MARK: Test setup

    func setupListOrdersInteractor() {
        sut = ListOrdersInteractor(ordersWorker: OrdersWorkerSpy(ordersStore: OrdersMemStore()))
    }

    // MARK: Test doubles

    final class ListOrdersPresentationLogicSpy: ListOrdersPresentationLogic {
        var presentFetchedOrdersCalled = false
        var response: ListOrders.FetchOrders.Response?

        func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
            presentFetchedOrdersCalled = true
            self.response = response
        }
    }

    final class OrdersWorkerSpy: OrdersWorker {
        var fetchOrdersCalled = false
        var failure: OrdersStoreError?

        override func fetchOrders() async throws(OrdersStoreError) -> [Order] {
            fetchOrdersCalled = true
            if let failure { throw failure }
            return [Seeds.Orders.amy, Seeds.Orders.bob]
        }
    }

    // MARK: Tests

    func testFetchOrdersShouldAskOrdersWorkerToFetchOrdersAndPresenterToFormatResult() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request())

        // Then
        XCTAssert(workerSpy.fetchOrdersCalled, "FetchOrders() should ask OrdersWorker to fetch orders")
        XCTAssert(presenterSpy.presentFetchedOrdersCalled, "FetchOrders() should ask presenter to format orders result")
        XCTAssertEqual(presenterSpy.response?.orders, [Seeds.Orders.amy, Seeds.Orders.bob])
        XCTAssertNil(presenterSpy.response?.error)
        XCTAssertEqual(sut.orders, [Seeds.Orders.amy, Seeds.Orders.bob], "The data store should keep the fetched orders")
    }

    func testFetchOrdersShouldPresentTheStoreErrorWhenTheStoreFails() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        workerSpy.failure = .cannotFetch("disk gone")
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request())

        // Then
        XCTAssertEqual(presenterSpy.response?.orders, [])
        XCTAssertEqual(presenterSpy.response?.error, .cannotFetch("disk gone"))
        XCTAssertNil(sut.orders)
    }
}
