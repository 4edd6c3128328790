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


    // MARK: Tests

    func testGetOrderShouldAskOrdersWorkerForTheOrderAndPresenterToFormatIt() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1", "GetOrder() should fetch the requested order")
        XCTAssert(presenterSpy.presentOrderCalled, "GetOrder() should ask presenter to format the order")
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy))
        XCTAssertEqual(sut.order, Seeds.Orders.amy, "The data store should keep the order")
    }

    func testWhatTheOneAskingMayDoWithTheOrderFollowsTheirRole() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, mayEdit, mayDelete) in [(AccountRole.viewer, false, false), (.clerk, true, false), (.supervisor, true, true)] {
            // When
            await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy, mayEdit: mayEdit, mayDelete: mayDelete), "\(role)")
        }
    }

    func testAnOrderJustCreatedIsConfirmedAndAnotherOfferedToWhoeverMayCreateOrders() async {
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, mayCreate) in [(AccountRole.viewer, false), (.clerk, true), (.supervisor, true)] {
            // When: the create's redirect brought the page a confirmation of this order
            await sut.getOrder(
                request: ShowOrder.GetOrder.Request(
                    orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role),
                    confirmation: ShowOrder.GetOrder.Confirmation(orderID: "1", note: "Sent twice.")))

            // Then
            guard case .found(let order, _, _, let confirmed) = presenterSpy.response else {
                return XCTFail("\(role): \(String(describing: presenterSpy.response))")
            }
            XCTAssertEqual(order, Seeds.Orders.amy)
            XCTAssertEqual(confirmed, ShowOrder.GetOrder.Confirmed(note: "Sent twice.", mayCreateAnother: mayCreate), "\(role)")
        }
    }

    func testAConfirmationOfAnotherOrderIsNoneOfThisPages() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()

        // When
        await sut.getOrder(
            request: ShowOrder.GetOrder.Request(
                orderID: "1", signedIn: SignedIn(name: testAccount.name, role: .clerk),
                confirmation: ShowOrder.GetOrder.Confirmation(orderID: "2")))

        // Then
        XCTAssertEqual(presenterSpy.response, .found(Seeds.Orders.amy, mayEdit: true, mayDelete: false, confirmed: nil))
    }

    func testGetOrderShouldPresentNotFoundForAnUnknownID() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "404"))

        // Then
        XCTAssert(presenterSpy.presentOrderCalled)
        XCTAssertEqual(presenterSpy.response, .notFound)
    }

    func testGetOrderShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        let presenterSpy = ShowOrderPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("locked")
        sut.ordersWorker = workerSpy

        // When
        await sut.getOrder(request: ShowOrder.GetOrder.Request(orderID: "1"))

        // Then
        XCTAssertEqual(presenterSpy.response, .storeUnavailable)
    }
}
