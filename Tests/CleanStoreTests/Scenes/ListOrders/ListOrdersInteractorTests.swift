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
        var pageRequest: OrdersPageRequest?
        var failure: OrdersStoreError?
        var page = OrdersPage(orders: [Seeds.Orders.bob, Seeds.Orders.amy], hasNewer: false, hasOlder: false)

        override func fetchOrders(page request: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
            fetchOrdersCalled = true
            pageRequest = request
            if let failure { throw failure }
            return page
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
        XCTAssertEqual(presenterSpy.response?.orders, [Seeds.Orders.bob, Seeds.Orders.amy])
        XCTAssertNil(presenterSpy.response?.error)
        XCTAssertEqual(sut.orders, [Seeds.Orders.bob, Seeds.Orders.amy], "The data store should keep the fetched orders")
        XCTAssertEqual(workerSpy.pageRequest, OrdersPageRequest(position: .newest, limit: 50), "The newest page of 50")
        XCTAssertNil(presenterSpy.response?.newerPage)
        XCTAssertNil(presenterSpy.response?.olderPage)
    }

    func testFetchOrdersShouldStartThePageWhereTheRequestSaysAndNameTheNeighbouringPages() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy(ordersStore: OrdersMemStore())
        workerSpy.page.hasNewer = true
        workerSpy.page.hasOlder = true
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: "1183183200.0_9"))

        // Then
        XCTAssertEqual(workerSpy.pageRequest?.position, .after(OrdersCursor(date: Seeds.june30, id: 9)))
        XCTAssertEqual(presenterSpy.response?.newerPage, OrdersCursor(date: Seeds.june30, id: 2), "Newer than its first order")
        XCTAssertEqual(presenterSpy.response?.olderPage, OrdersCursor(date: Seeds.june29, id: 1), "Older than its last order")

        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(before: "1183096800.0_1"))
        XCTAssertEqual(workerSpy.pageRequest?.position, .before(OrdersCursor(date: Seeds.june29, id: 1)))

        for token in ["nonsense", "1_", "_1", "x_1", "1.0_y", "inf_1", ""] {
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: token))
            XCTAssertEqual(workerSpy.pageRequest?.position, .newest, "A cursor that is no cursor: \(token)")
        }
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
