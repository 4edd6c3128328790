import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderStatusPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderStatusPresenter!
    var spy: ChangeOrderStatusDisplayLogicSpy!

    override func setUp() {
        super.setUp()
        sut = ChangeOrderStatusPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = ChangeOrderStatusDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ChangeOrderStatusDisplayLogicSpy: ChangeOrderStatusDisplayLogic {
        var toCancel: ChangeOrderStatus.GetOrderToCancel.ViewModel?
        var change: ChangeOrderStatus.ChangeStatus.ViewModel?

        func displayOrderToCancel(viewModel: ChangeOrderStatus.GetOrderToCancel.ViewModel) { toCancel = viewModel }
        func displayStatusChange(viewModel: ChangeOrderStatus.ChangeStatus.ViewModel) { change = viewModel }
        var toShip: ChangeOrderStatus.GetOrderToShip.ViewModel?
        var tracking: ChangeOrderStatus.ChangeTracking.ViewModel?
        func displayOrderToShip(viewModel: ChangeOrderStatus.GetOrderToShip.ViewModel) { toShip = viewModel }
        func displayTrackingChange(viewModel: ChangeOrderStatus.ChangeTracking.ViewModel) { tracking = viewModel }
        var undo: ChangeOrderStatus.UndoStatus.ViewModel?
        func displayUndo(viewModel: ChangeOrderStatus.UndoStatus.ViewModel) { undo = viewModel }
        var cancellation: ChangeOrderStatus.ChangeCancellation.ViewModel?
        func displayCancellationChange(viewModel: ChangeOrderStatus.ChangeCancellation.ViewModel) { cancellation = viewModel }
    }

    func order(_ status: OrderStatus, version: Int = 1) -> Order {
        var order = Seeds.Orders.bob
        order.id = "7"
        order.status = status
        order.version = version
        return order
    }

    // MARK: Tests

    func testAChangeGoesBackToTheOrderSayingWhatHappened() {
        for (action, words) in [
            (OrderStatus.Action.markPaid, "marked as paid"), (.markPacked, "marked as packed"), (.markShipped, "marked as shipped"),
            (.cancel, "cancelled"),
        ] {
            sut.presentStatusChange(response: .changed(order(action.status), action))
            XCTAssertEqual(spy.change, .changed(orderID: "7", flash: "Order 7 was \(words)."))
        }
    }

    func testTheCancelFormNamesTheOrderAndCarriesItsVersion() {
        sut.presentOrderToCancel(response: .order(order(.paid, version: 4)))
        guard case .form(let form) = spy.toCancel else { return XCTFail("\(String(describing: spy.toCancel))") }
        XCTAssertEqual(form.title, "Cancel order 7")
        XCTAssertEqual(form.heading, "Cancel order 7")
        XCTAssertEqual(form.summary, "Bob Battery, $9.99, paid")
        XCTAssertEqual(form.action, "/orders/7/status")
        XCTAssertEqual(form.version, "4")
        XCTAssertEqual(form.reason, "")
        XCTAssertNil(form.reasonError)
        XCTAssertFalse(form.hasErrors)
        XCTAssertEqual(form.orderURL, "/orders/7")
    }

    func testAReasonThatCannotBeKeptComesBackWithItsMessageAndWhatWasTyped() {
        for (problem, message) in [
            (ChangeOrderStatus.ReasonProblem.missing, "Enter why the order is cancelled"),
            (.tooLong(maximum: 500), "Reason must be 500 characters or fewer"),
            (.controlCharacters, "Reason must not contain control characters"),
            (.looksLikeCardNumber, "Remove the card number from the reason"),
            (.invisibleCharacters, "Reason must not include hidden formatting characters, such as text direction marks"),
        ] {
            sut.presentStatusChange(response: .reasonRefused(order(.new), problem, typed: "typed"))
            guard case .cancelForm(let form) = spy.change else { return XCTFail("\(problem)") }
            XCTAssertEqual(form.reasonError, message)
            XCTAssertEqual(form.reason, "typed")
            XCTAssertEqual(form.title, "Error: Cancel order 7")
            XCTAssertEqual(form.errors, [.init(field: "reason", message: message)])
        }
    }

    func testRefusalsSayWhy() {
        sut.presentStatusChange(response: .conflict(current: order(.packed), .markPaid))
        XCTAssertEqual(spy.change, .refused(.changedMeanwhile(orderID: "7", now: .packed, wanted: .paid)))
        sut.presentStatusChange(response: .notAllowed(current: order(.new), .markShipped))
        XCTAssertEqual(spy.change, .refused(.statusNotAllowed(orderID: "7", now: .new, wanted: .shipped)))
        sut.presentStatusChange(response: .notAllowed(current: order(.shipped), .cancel))
        XCTAssertEqual(spy.change, .refused(.readOnly(orderID: "7", status: .shipped)))
        sut.presentOrderToCancel(response: .notAllowed(order(.cancelled)))
        XCTAssertEqual(spy.toCancel, .refused(.readOnly(orderID: "7", status: .cancelled)))
        for (response, viewModel) in [
            (ChangeOrderStatus.ChangeStatus.Response.badRequest, ChangeOrderStatus.ChangeStatus.ViewModel.badRequest),
            (.notFound, .notFound), (.storeUnavailable, .unavailable),
        ] {
            sut.presentStatusChange(response: response)
            XCTAssertEqual(spy.change, viewModel)
        }
    }

    func testRefusalPagesSayWhatHappenedAndLeadBackToTheOrder() {
        let changed = ErrorPage.viewModel(for: .conflict, reason: .changedMeanwhile(orderID: "7", now: .packed, wanted: .paid))
        XCTAssertEqual(changed.heading, "Order 7 was changed by someone else")
        XCTAssertTrue(changed.message.contains("is now packed, so it was not marked as paid"), changed.message)
        XCTAssertEqual(changed.orderURL, "/orders/7")
        let readOnly = ErrorPage.viewModel(for: .conflict, reason: .readOnly(orderID: "7", status: .shipped))
        XCTAssertEqual(readOnly.heading, "Order 7 is shipped")
        XCTAssertTrue(readOnly.message.contains("cannot be edited, deleted or moved to another status"), readOnly.message)
        let notAllowed = ErrorPage.viewModel(for: .conflict, reason: .statusNotAllowed(orderID: "7", now: .new, wanted: .shipped))
        XCTAssertEqual(notAllowed.heading, "Order 7 cannot be marked as shipped")
        XCTAssertEqual(ErrorPage.Reason.readOnly(orderID: "7", status: .shipped).status, .conflict)
        XCTAssertEqual(ErrorPage.Reason.notPermitted(.viewer).status, .forbidden)
    }
}
