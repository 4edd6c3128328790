import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderStatusInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderStatusInteractor!
    var presenterSpy: ChangeOrderStatusPresentationLogicSpy!
    var workerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = OrdersWorkerSpy()
        sut = ChangeOrderStatusInteractor(ordersWorker: workerSpy)
        presenterSpy = ChangeOrderStatusPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ChangeOrderStatusPresentationLogicSpy: ChangeOrderStatusPresentationLogic {
        var toCancel: ChangeOrderStatus.GetOrderToCancel.Response?
        var change: ChangeOrderStatus.ChangeStatus.Response?

        func presentOrderToCancel(response: ChangeOrderStatus.GetOrderToCancel.Response) { toCancel = response }
        func presentStatusChange(response: ChangeOrderStatus.ChangeStatus.Response) { change = response }
        var toShip: ChangeOrderStatus.GetOrderToShip.Response?
        var tracking: ChangeOrderStatus.ChangeTracking.Response?
        func presentOrderToShip(response: ChangeOrderStatus.GetOrderToShip.Response) { toShip = response }
        func presentTrackingChange(response: ChangeOrderStatus.ChangeTracking.Response) { tracking = response }
        var undo: ChangeOrderStatus.UndoStatus.Response?
        func presentUndo(response: ChangeOrderStatus.UndoStatus.Response) { undo = response }
        var cancellation: ChangeOrderStatus.ChangeCancellation.Response?
        func presentCancellationChange(response: ChangeOrderStatus.ChangeCancellation.Response) { cancellation = response }
    }

    let supervisor = SignedIn(name: testAccount.name, role: .supervisor)
    let clerk = SignedIn(name: testAccount.name, role: .clerk)

    func request(_ action: String?, version: String? = "1", reason: String? = nil, as signedIn: SignedIn? = nil)
        -> ChangeOrderStatus.ChangeStatus.Request
    {
        ChangeOrderStatus.ChangeStatus.Request(
            orderID: "1", fields: .init(action: action, version: version, reason: reason), signedIn: signedIn ?? clerk)
    }

    // MARK: Change status

    func testAMoveIsAskedOfTheWorkerFromTheVersionThePageShowedAndPresented() async {
        // When
        await sut.changeStatus(request: request("markPaid", version: "1"))

        // Then
        XCTAssertEqual(workerSpy.statusChange?.id, "1")
        XCTAssertEqual(workerSpy.statusChange?.to, .paid)
        XCTAssertEqual(workerSpy.statusChange?.expectedVersion, 1)
        XCTAssertNil(workerSpy.statusChange?.reason)
        XCTAssertEqual(workerSpy.changedBy, clerk.name, "Recorded as the clerk's")
        var paid = Seeds.Orders.amy
        paid.status = .paid
        paid.version = 2
        XCTAssertEqual(presenterSpy.change, .changed(paid, .markPaid))
        XCTAssertEqual(sut.order, paid, "The data store keeps the order as saved")
    }

    func testAFormThatNamesNoActionOrNoVersionIsABadRequestAndChangesNothing() async {
        for (action, version) in [(nil, "1"), ("fly", "1"), ("markPaid", nil), ("markPaid", "one"), ("MARKPAID", "1")] as [(String?, String?)] {
            workerSpy.statusChange = nil
            await sut.changeStatus(request: request(action, version: version))
            XCTAssertEqual(presenterSpy.change, .badRequest, "\(String(describing: action)) \(String(describing: version))")
            XCTAssertNil(workerSpy.statusChange)
        }
    }

    func testACancelNeedsAReasonThatCanBeKept() async {
        // Who may cancel is the route table's to decide (`OrderUse`), before the scene runs.
        for (typed, problem) in [
            ("", ChangeOrderStatus.ReasonProblem.missing), ("  \n ", .missing),
            (String(repeating: "a", count: 501), .tooLong(maximum: 500)), ("bad\u{0007}bell", .controlCharacters),
            ("card 4111 1111 1111 1111 was lost", .looksLikeCardNumber),
            ("card 4111\n1111\r\n1111\t1111 split over lines", .looksLikeCardNumber),
            ("card 4111+1111+1111+1111 was lost", .looksLikeCardNumber),
            ("card ⁴¹¹¹ ¹¹¹¹ ¹¹¹¹ ¹¹¹¹ was lost", .looksLikeCardNumber),
            ("lost \u{202E}reverse", .invisibleCharacters),
        ] {
            await sut.changeStatus(request: request("cancel", reason: typed, as: supervisor))
            XCTAssertEqual(presenterSpy.change, .reasonRefused(Seeds.Orders.amy, problem, typed: typed), typed)
            XCTAssertNil(workerSpy.statusChange, typed)
        }

        await sut.changeStatus(request: request("cancel", reason: "  Customer called:\nno longer needed  ", as: supervisor))
        XCTAssertEqual(workerSpy.statusChange?.to, .cancelled)
        XCTAssertEqual(workerSpy.statusChange?.reason, "Customer called:\nno longer needed", "Trimmed, line breaks kept")
        await sut.changeStatus(request: request("cancel", reason: "Lost\r\nin transit", as: supervisor))
        XCTAssertEqual(workerSpy.statusChange?.reason, "Lost\nin transit", "A browser's CR LF kept as LF, as a note's")
        XCTAssertEqual(String(repeating: "a", count: 500), try? ChangeOrderStatusInteractor.reason(String(repeating: "a", count: 500)).get())
    }

    func testAStalePageIsAConflictButASecondClickOnTheSameMoveIsDone() async {
        var packed = Seeds.Orders.amy
        packed.status = .packed
        packed.version = 3
        workerSpy.failure = .conflict(current: packed)
        await sut.changeStatus(request: request("markPaid"))
        XCTAssertEqual(presenterSpy.change, .conflict(current: packed, .markPaid))

        var paid = Seeds.Orders.amy
        paid.status = .paid
        workerSpy.failure = .conflict(current: paid)
        await sut.changeStatus(request: request("markPaid"))
        XCTAssertEqual(presenterSpy.change, .changed(paid, .markPaid), "Already where the click wanted it")
    }

    func testAMoveTheStatusDoesNotAllowIsRefused() async {
        var shipped = Seeds.Orders.amy
        shipped.status = .shipped
        var paid = Seeds.Orders.amy
        paid.status = .paid
        workerSpy.failure = .statusNotAllowed(current: paid, to: .paid)
        await sut.changeStatus(request: request("markPaid"))
        XCTAssertEqual(presenterSpy.change, .notAllowed(current: paid, .markPaid), "From the same version: the page was wrong")
        for failure in [OrdersStoreError.statusNotAllowed(current: shipped, to: .packed), .readOnly(current: shipped)] {
            workerSpy.failure = failure
            await sut.changeStatus(request: request("markPacked"))
            XCTAssertEqual(presenterSpy.change, .notAllowed(current: shipped, .markPacked), "\(failure)")
        }
    }

    func testAnUnknownOrderAndAStoreFailure() async {
        workerSpy.failure = .notFound(id: "1")
        await sut.changeStatus(request: request("markPaid"))
        XCTAssertEqual(presenterSpy.change, .notFound)
        workerSpy.failure = .cannotUpdate("disk")
        await sut.changeStatus(request: request("markPaid"))
        XCTAssertEqual(presenterSpy.change, .storeUnavailable)
    }

    // MARK: Get order to cancel

    func testTheCancelFormIsForAnOrderThatCanStillBeCancelled() async {
        await sut.getOrderToCancel(request: .init(orderID: "1", signedIn: clerk))
        XCTAssertEqual(presenterSpy.toCancel, .order(Seeds.Orders.amy))
        XCTAssertEqual(workerSpy.fetchOrderCalledWithID, "1")

        for status in [OrderStatus.shipped, .cancelled] {
            workerSpy.storedOrders[0].status = status
            await sut.getOrderToCancel(request: .init(orderID: "1"))
            XCTAssertEqual(presenterSpy.toCancel, .notAllowed(workerSpy.storedOrders[0]), "\(status)")
        }

        await sut.getOrderToCancel(request: .init(orderID: "9"))
        XCTAssertEqual(presenterSpy.toCancel, .notFound)
        workerSpy.failure = .cannotFetch("disk")
        await sut.getOrderToCancel(request: .init(orderID: "1"))
        XCTAssertEqual(presenterSpy.toCancel, .storeUnavailable)
    }
}
