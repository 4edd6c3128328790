import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PrintPackingSlipInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: PrintPackingSlipInteractor!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = PrintPackingSlipInteractor(ordersWorker: OrdersWorker(ordersStore: OrdersMemStore()), notesWorker: OrderNotesWorkerSpy())
    }

    // MARK: Test doubles

    final class PrintPackingSlipPresentationLogicSpy: PrintPackingSlipPresentationLogic {
        var presentSlipCalled = false
        var response: PrintPackingSlip.GetSlip.Response?

        func presentSlip(response: PrintPackingSlip.GetSlip.Response) {
            presentSlipCalled = true
            self.response = response
        }
    }

    // MARK: Tests

    func testGetSlipShouldAskTheOrdersWorkerForTheOrderAndThePresenterToFormatIt() async {
        // Given
        let presenterSpy = PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When
        await sut.getSlip(request: PrintPackingSlip.GetSlip.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1", "getSlip(request:) should fetch the order named in the request")
        XCTAssert(presenterSpy.presentSlipCalled, "getSlip(request:) should ask the presenter to format the slip")
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy))
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store keeps the order")
    }

    func testGetSlipShouldPresentNotFoundForAnUnknownID() async {
        // Given
        let presenterSpy = PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()

        // When
        await sut.getSlip(request: PrintPackingSlip.GetSlip.Request(orderID: "404"))

        // Then
        XCTAssert(presenterSpy.presentSlipCalled)
        XCTAssertEqual(presenterSpy.response, .notFound)
        XCTAssertNil(sut.order)
    }

    func testGetSlipShouldPresentNotFoundForADeletedOrder() async throws {
        // Given: order 1 deleted (its history is kept; the order is gone)
        let store = OrdersMemStore(orders: [Seeds.Orders.amy, Seeds.Orders.bob])
        _ = try await store.deleteOrder(id: "1", by: nil, at: Seeds.june30)
        sut.ordersWorker = OrdersWorker(ordersStore: store)
        let presenterSpy = PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenterSpy

        // When
        await sut.getSlip(request: PrintPackingSlip.GetSlip.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.response, .notFound)
    }

    func testGetSlipShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        let presenterSpy = PrintPackingSlipPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("locked")
        sut.ordersWorker = workerSpy

        // When
        await sut.getSlip(request: PrintPackingSlip.GetSlip.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.response, .storeUnavailable)
    }
}
