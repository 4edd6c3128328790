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
        sut = ListOrdersInteractor(ordersWorker: OrdersWorkerSpy())
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


    // MARK: Tests

    func testFetchOrdersShouldAskOrdersWorkerToFetchOrdersAndPresenterToFormatResult() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(signedIn: testBrowser.signedIn))

        // Then
        XCTAssertEqual(workerSpy.pageRequest, OrdersPageRequest(position: .newest, limit: 50), "The newest page of 50")
        XCTAssert(presenterSpy.presentFetchedOrdersCalled, "FetchOrders() should ask presenter to format orders result")
        XCTAssertEqual(
            presenterSpy.response, .fetched([Seeds.Orders.bob, Seeds.Orders.amy], newerPage: nil, olderPage: nil, mayCreateOrders: true),
            "No neighbouring pages; a supervisor may create orders")
        XCTAssertEqual(sut.orders, [Seeds.Orders.bob, Seeds.Orders.amy], "The data store should keep the fetched orders")
    }

    func testFetchOrdersShouldStartThePageWhereTheRequestSaysAndNameTheNeighbouringPages() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.page.hasNewer = true
        workerSpy.page.hasOlder = true
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: "1183183200.0_9"))

        // Then
        XCTAssertEqual(workerSpy.pageRequest?.position, .after(OrdersCursor(date: Seeds.june30, id: 9)))
        XCTAssertEqual(
            presenterSpy.response,
            .fetched(
                [Seeds.Orders.bob, Seeds.Orders.amy],
                newerPage: OrdersCursor(date: Seeds.june30, id: 2),  // newer than its first order
                olderPage: OrdersCursor(date: Seeds.june29, id: 1)))  // older than its last order

        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(before: "1183096800.0_1"))
        XCTAssertEqual(workerSpy.pageRequest?.position, .before(OrdersCursor(date: Seeds.june29, id: 1)))

        for token in ["nonsense", "1_", "_1", "x_1", "1.0_y", "inf_1", ""] {
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: token))
            XCTAssertEqual(workerSpy.pageRequest?.position, .newest, "A cursor that is no cursor: \(token)")
        }
    }

    func testFetchOrdersShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("disk gone")
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request())

        // Then
        XCTAssertEqual(presenterSpy.response, .storeUnavailable())
        XCTAssertNil(sut.orders)
    }

    func testOnlyAClerkOrASupervisorMayCreateOrders() async {
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, may) in [(AccountRole.viewer, false), (.clerk, true), (.supervisor, true)] {
            // When
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            guard case .fetched(_, _, _, let mayCreateOrders) = presenterSpy.response else { return XCTFail("\(role)") }
            XCTAssertEqual(mayCreateOrders, may, "\(role)")
        }
    }
}
