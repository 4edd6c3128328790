import Foundation
import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Cancelling by role and state (issue 29): a clerk cancels a new order and asks a supervisor to
/// cancel a paid or packed one; a supervisor cancels, approves or declines. Each layer of the scene
/// with spies for its neighbours.
final class ChangeOrderStatusCancellationTests: XCTestCase {
    var workerSpy: OrdersWorkerSpy!
    var interactor: ChangeOrderStatusInteractor!
    var presenterSpy: ChangeOrderStatusInteractorTests.ChangeOrderStatusPresentationLogicSpy!

    override func setUp() {
        super.setUp()
        workerSpy = OrdersWorkerSpy()
        interactor = ChangeOrderStatusInteractor(ordersWorker: workerSpy)
        presenterSpy = ChangeOrderStatusInteractorTests.ChangeOrderStatusPresentationLogicSpy()
        interactor.presenter = presenterSpy
    }

    let clerk = SignedIn(name: testAccount.name, role: .clerk)
    let supervisor = SignedIn(name: AccountSeeds.sue.name, role: .supervisor)

    func stored(_ status: OrderStatus, requested: Bool = false) -> Order {
        var order = Seeds.Orders.amy
        order.status = status
        if requested { order.cancellationRequest = CancellationRequest(reason: "Wrong size", by: testAccount.name, at: Seeds.june30) }
        return order
    }

    func step(_ action: String, version: String? = "1", reason: String? = nil, as signedIn: SignedIn) -> ChangeOrderStatus.ChangeCancellation.Request {
        .init(orderID: "1", fields: .init(action: action, version: version, reason: reason), signedIn: signedIn)
    }

    // MARK: Who may cancel what

    func testAClerkCancelsANewOrderButOnlyASupervisorAPaidOrPackedOne() {
        let viewer = SignedIn(name: testAccount.name, role: .viewer)
        for status in [OrderStatus.new, .paid, .packed] {
            let order = stored(status)
            XCTAssertEqual(clerk.may(.cancel, on: order), status == .new, "\(status)")
            XCTAssertTrue(supervisor.may(.cancel, on: order), "\(status)")
            XCTAssertFalse(viewer.may(.cancel, on: order), "\(status)")
            XCTAssertEqual(clerk.mayRequestCancellation(of: order), status != .new, "\(status)")
            XCTAssertFalse(supervisor.mayRequestCancellation(of: order), "a supervisor cancels: \(status)")
            XCTAssertFalse(viewer.mayRequestCancellation(of: order), "\(status)")
            XCTAssertFalse(clerk.mayRequestCancellation(of: stored(status, requested: true)), "one request at a time: \(status)")
        }
        XCTAssertTrue(clerk.may(.requestCancellation))
        XCTAssertFalse(clerk.may(.decideCancellation))
        XCTAssertTrue(supervisor.may(.decideCancellation))
        XCTAssertFalse(viewer.may(.changeStatus(.cancel)), "the route's door")
        XCTAssertTrue(clerk.may(.changeStatus(.cancel)), "the route's door: a clerk cancels a new order")
    }

    func testTheStatusFormsActionSaysWhichUseTheRouteTableChecks() {
        XCTAssertEqual(ChangeOrderStatus.StatusFormFields(action: "requestCancel", version: "1").use, .requestCancellation)
        XCTAssertEqual(ChangeOrderStatus.StatusFormFields(action: "approveCancel", version: "1").use, .decideCancellation)
        XCTAssertEqual(ChangeOrderStatus.StatusFormFields(action: "declineCancel", version: "1").use, .decideCancellation)
        XCTAssertEqual(ChangeOrderStatus.StatusFormFields(action: "cancel", version: "1").use, .changeStatus(.cancel))
        XCTAssertEqual(ChangeOrderStatus.StatusFormFields(action: "requestcancel", version: "1").use, .changeStatus(nil))
    }

    // MARK: Interactor

    func testAClerksCancelOfAPaidOrderNeedsASupervisorAndChangesNothing() async {
        workerSpy.storedOrders = [stored(.paid)]
        await interactor.changeStatus(request: .init(orderID: "1", fields: .init(action: "cancel", version: "1", reason: "No"), signedIn: clerk))
        XCTAssertEqual(presenterSpy.change, .needsSupervisor(current: stored(.paid)))
        XCTAssertNil(workerSpy.statusChange, "nothing asked of the store")

        await interactor.changeStatus(
            request: .init(orderID: "1", fields: .init(action: "cancel", version: "1", reason: "No"), signedIn: supervisor))
        XCTAssertEqual(workerSpy.statusChange?.to, .cancelled, "a supervisor cancels it")

        workerSpy.storedOrders = [stored(.new)]
        workerSpy.statusChange = nil
        await interactor.changeStatus(request: .init(orderID: "1", fields: .init(action: "cancel", version: "1", reason: "No"), signedIn: clerk))
        XCTAssertEqual(workerSpy.statusChange?.to, .cancelled, "a clerk cancels a new order")
        XCTAssertEqual(workerSpy.statusChange?.reason, "No")
    }

    func testACancelFromAStalePageIsTheStoresConflictNotARoleRefusal() async {
        var paid = stored(.paid)
        paid.version = 2
        workerSpy.storedOrders = [paid]
        workerSpy.failure = nil
        await interactor.changeStatus(request: .init(orderID: "1", fields: .init(action: "cancel", version: "1", reason: "No"), signedIn: clerk))
        XCTAssertEqual(workerSpy.statusChange?.expectedVersion, 1, "the store decides: the page was of version 1, when it was new")
    }

    func testTheCancelPageOfAPaidOrderAsksASupervisorForAClerk() async {
        workerSpy.storedOrders = [stored(.packed)]
        await interactor.getOrderToCancel(request: .init(orderID: "1", signedIn: clerk))
        XCTAssertEqual(presenterSpy.toCancel, .requestForm(stored(.packed)))
        await interactor.getOrderToCancel(request: .init(orderID: "1", signedIn: supervisor))
        XCTAssertEqual(presenterSpy.toCancel, .order(stored(.packed)))
        workerSpy.storedOrders = [stored(.packed, requested: true)]
        await interactor.getOrderToCancel(request: .init(orderID: "1", signedIn: clerk))
        XCTAssertEqual(presenterSpy.toCancel, .alreadyRequested(stored(.packed, requested: true)))
    }

    func testARequestCarriesItsReasonAsKeptToTheWorkerAndIsPresented() async {
        workerSpy.storedOrders = [stored(.paid)]
        await interactor.changeCancellation(request: step("requestCancel", reason: "  Wrong\r\nsize  ", as: clerk))
        XCTAssertEqual(workerSpy.cancellationDecision?.decision, .request(reason: "Wrong\nsize"))
        XCTAssertEqual(workerSpy.cancellationDecision?.expectedVersion, 1)
        XCTAssertEqual(workerSpy.changedBy, clerk.name, "recorded as the clerk's")
        guard case .decided(let saved, .requestCancel) = presenterSpy.cancellation else {
            return XCTFail("\(String(describing: presenterSpy.cancellation))")
        }
        XCTAssertEqual(saved.cancellationRequest?.reason, "Wrong\nsize")
        XCTAssertEqual(interactor.order, saved, "the data store keeps the order as saved")
    }

    func testARequestsReasonFollowsTheFreeTextRuleAndABadFormIsABadRequest() async {
        workerSpy.storedOrders = [stored(.paid)]
        for (typed, problem) in [("", FreeTextRule.Problem.missing), ("card 4111 1111 1111 1111", .looksLikeCardNumber)] {
            await interactor.changeCancellation(request: step("requestCancel", reason: typed, as: clerk))
            XCTAssertEqual(presenterSpy.cancellation, .reasonRefused(stored(.paid), problem, typed: typed), typed)
            XCTAssertNil(workerSpy.cancellationDecision, typed)
        }
        for version in [nil, "one"] as [String?] {
            await interactor.changeCancellation(request: step("approveCancel", version: version, as: supervisor))
            XCTAssertEqual(presenterSpy.cancellation, .badRequest)
        }
        XCTAssertNil(workerSpy.cancellationDecision)
    }

    func testApproveAndDeclineAreAskedOfTheWorkerAndItsRefusalsPresented() async {
        workerSpy.storedOrders = [stored(.packed, requested: true)]
        await interactor.changeCancellation(request: step("approveCancel", as: supervisor))
        XCTAssertEqual(workerSpy.cancellationDecision?.decision, .approve)
        guard case .decided(let approved, .approveCancel) = presenterSpy.cancellation else { return XCTFail() }
        XCTAssertEqual(approved.status, .cancelled)
        await interactor.changeCancellation(request: step("declineCancel", as: supervisor))
        XCTAssertEqual(workerSpy.cancellationDecision?.decision, .decline)

        let current = stored(.packed)
        workerSpy.failure = .conflict(current: current)
        await interactor.changeCancellation(request: step("declineCancel", as: supervisor))
        XCTAssertEqual(presenterSpy.cancellation, .conflict(current: current))
        workerSpy.failure = .refused(current: current, reason: "No one is waiting")
        await interactor.changeCancellation(request: step("approveCancel", as: supervisor))
        XCTAssertEqual(presenterSpy.cancellation, .refused(current: current, reason: "No one is waiting"))
        let shipped = stored(.shipped)
        workerSpy.failure = .statusNotAllowed(current: shipped, to: .cancelled)
        await interactor.changeCancellation(request: step("approveCancel", as: supervisor))
        XCTAssertEqual(
            presenterSpy.cancellation, .refused(current: shipped, reason: "This order is shipped: a shipped order is never cancelled"))
        workerSpy.failure = .notFound(id: "1")
        await interactor.changeCancellation(request: step("approveCancel", as: supervisor))
        XCTAssertEqual(presenterSpy.cancellation, .notFound)
        workerSpy.failure = .cannotUpdate("disk")
        await interactor.changeCancellation(request: step("approveCancel", as: supervisor))
        XCTAssertEqual(presenterSpy.cancellation, .storeUnavailable)
    }

    func testAShipmentRefusedWhileARequestWaitsIsPresentedWithItsReason() async {
        let packed = stored(.packed, requested: true)
        workerSpy.failure = .refused(current: packed, reason: OrderWrites.waitingForSupervisor)
        await interactor.changeStatus(
            request: .init(orderID: "1", fields: .init(action: "markShipped", version: "1", carrier: "UPS"), signedIn: clerk))
        XCTAssertEqual(presenterSpy.change, .refused(current: packed, reason: OrderWrites.waitingForSupervisor))
    }

    // MARK: Presenter

    func testThePresenterSaysEachStepAndAsksASupervisorWithTheCancelFormsQuestion() {
        let presenter = ChangeOrderStatusPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = ChangeOrderStatusPresenterTests.ChangeOrderStatusDisplayLogicSpy()
        presenter.viewController = spy
        var paid = stored(.paid)
        paid.version = 4

        presenter.presentCancellationChange(response: .decided(paid, .requestCancel))
        XCTAssertEqual(spy.cancellation, .decided(orderID: "1", flash: "A supervisor has been asked to cancel order 1."))
        presenter.presentCancellationChange(response: .decided(stored(.cancelled), .approveCancel))
        XCTAssertEqual(spy.cancellation, .decided(orderID: "1", flash: "Cancellation approved: order 1 was cancelled."))
        presenter.presentCancellationChange(response: .decided(stored(.packed), .declineCancel))
        XCTAssertEqual(spy.cancellation, .decided(orderID: "1", flash: "Cancellation declined: order 1 is packed and goes on."))

        presenter.presentOrderToCancel(response: .requestForm(paid))
        guard case .form(let form) = spy.toCancel else { return XCTFail("\(String(describing: spy.toCancel))") }
        XCTAssertEqual(form.heading, "Ask a supervisor to cancel order 1")
        XCTAssertEqual(form.formAction, "requestCancel")
        XCTAssertEqual(form.button, "Ask a supervisor to cancel")
        XCTAssertEqual(form.action, "/orders/1/status")
        XCTAssertEqual(form.version, "4")
        XCTAssertNotNil(form.explanation)

        presenter.presentCancellationChange(response: .reasonRefused(paid, .missing, typed: " "))
        guard case .requestForm(let again) = spy.cancellation else { return XCTFail() }
        XCTAssertEqual(again.title, "Error: Ask a supervisor to cancel order 1")
        XCTAssertEqual(again.reasonError, "Enter why the order is cancelled")
        XCTAssertEqual(again.reason, " ", "as typed")

        presenter.presentOrderToCancel(response: .alreadyRequested(paid))
        XCTAssertEqual(spy.toCancel, .refused(.editRefused(orderID: "1", reason: ChangeOrderStatusPresenter.alreadyRequested)))
        presenter.presentStatusChange(response: .needsSupervisor(current: paid))
        XCTAssertEqual(spy.change, .refused(.cancelNeedsSupervisor(orderID: "1", status: .paid)))
        XCTAssertEqual(ErrorPage.Reason.cancelNeedsSupervisor(orderID: "1", status: .paid).status, .forbidden)
        presenter.presentCancellationChange(response: .conflict(current: paid))
        guard case .refused(.editRefused("1", _)) = spy.cancellation else { return XCTFail() }
        for (response, viewModel) in [
            (ChangeOrderStatus.ChangeCancellation.Response.badRequest, ChangeOrderStatus.ChangeCancellation.ViewModel.badRequest),
            (.notFound, .notFound), (.storeUnavailable, .unavailable),
        ] {
            presenter.presentCancellationChange(response: response)
            XCTAssertEqual(spy.cancellation, viewModel)
        }
    }

    // MARK: View controller

    func testTheStatusRouteHandsACancellationStepToItsUseCaseAndAnswersEachPage() async throws {
        let pages = PageRendererSpy()
        let sut = ChangeOrderStatusViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = ChangeOrderStatusViewControllerTests.ChangeOrderStatusBusinessLogicSpy()
        sut.interactor = spy
        let fields = ChangeOrderStatus.StatusFormFields(action: "requestCancel", version: "2", reason: "r")
        _ = await sut.changeStatus(id: "7", fields: fields)
        XCTAssertEqual(spy.cancellation?.orderID, "7")
        XCTAssertEqual(spy.cancellation?.fields, fields)
        XCTAssertEqual(spy.cancellation?.signedIn, testBrowser.signedIn)
        XCTAssertNil(spy.change, "not a move")
        _ = await sut.showCancelForm(id: "7")
        XCTAssertEqual(spy.toCancel?.signedIn, testBrowser.signedIn, "who asks decides the form")

        sut.displayCancellationChange(viewModel: .decided(orderID: "7", flash: "f"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/7")
        let form = ChangeOrderStatus.CancelForm(
            title: "t", heading: "h", summary: "s", action: "/orders/7/status", formAction: "requestCancel", version: "2", reason: "",
            reasonError: "e", orderURL: "/orders/7")
        sut.displayCancellationChange(viewModel: .requestForm(form))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        XCTAssertEqual(pages.rendered.last?.template, "ChangeOrderStatus/cancel")
        for (viewModel, status) in [
            (ChangeOrderStatus.ChangeCancellation.ViewModel.refused(.editRefused(orderID: "7", reason: "r")), HTTPResponse.Status.conflict),
            (.badRequest, .badRequest), (.notFound, .notFound), (.unavailable, .serviceUnavailable),
        ] {
            sut.displayCancellationChange(viewModel: viewModel)
            XCTAssertEqual(sut.response?.status, status, "\(viewModel)")
        }
        sut.displayStatusChange(viewModel: .refused(.cancelNeedsSupervisor(orderID: "7", status: .paid)))
        XCTAssertEqual(sut.response?.status, .forbidden)
    }
}

