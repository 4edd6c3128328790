import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderStatusViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderStatusViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ChangeOrderStatusViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ChangeOrderStatusBusinessLogicSpy: ChangeOrderStatusBusinessLogic {
        var toCancel: ChangeOrderStatus.GetOrderToCancel.Request?
        var change: ChangeOrderStatus.ChangeStatus.Request?

        func getOrderToCancel(request: ChangeOrderStatus.GetOrderToCancel.Request) async { toCancel = request }
        func changeStatus(request: ChangeOrderStatus.ChangeStatus.Request) async { change = request }
        var toShip: ChangeOrderStatus.GetOrderToShip.Request?
        var tracking: ChangeOrderStatus.ChangeTracking.Request?
        func getOrderToShip(request: ChangeOrderStatus.GetOrderToShip.Request) async { toShip = request }
        func changeTracking(request: ChangeOrderStatus.ChangeTracking.Request) async { tracking = request }
        var undo: ChangeOrderStatus.UndoStatus.Request?
        func undoStatus(request: ChangeOrderStatus.UndoStatus.Request) async { undo = request }
        var cancellation: ChangeOrderStatus.ChangeCancellation.Request?
        func changeCancellation(request: ChangeOrderStatus.ChangeCancellation.Request) async { cancellation = request }
    }

    let form = ChangeOrderStatus.CancelForm(
        title: "Cancel order 7", heading: "Cancel order 7", summary: "s", action: "/orders/7/status", version: "2", reason: "",
        reasonError: nil, orderURL: "/orders/7")

    // MARK: Tests

    func testTheRoutesPassTheOrderTheFormAndWhoIsAsking() async {
        let spy = ChangeOrderStatusBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showCancelForm(id: "7")
        XCTAssertEqual(spy.toCancel?.orderID, "7")
        let fields = ChangeOrderStatus.StatusFormFields(action: "cancel", version: "2", reason: "r")
        _ = await sut.changeStatus(id: "7", fields: fields)
        XCTAssertEqual(spy.change?.orderID, "7")
        XCTAssertEqual(spy.change?.fields, fields)
        XCTAssertEqual(spy.change?.signedIn, testBrowser.signedIn)
    }

    func testTheCancelFormIsRenderedWithTheCSRFTokenAnd422WhenItHasAProblem() {
        sut.displayOrderToCancel(viewModel: .form(form))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "ChangeOrderStatus/cancel")
        XCTAssertEqual((pagesSpy.rendered.last?.context as? ChangeOrderStatusViewController.CancelPage)?.csrfToken, testCSRFToken)

        var refused = form
        refused.reasonError = "Enter why the order is cancelled"
        sut.displayStatusChange(viewModel: .cancelForm(refused))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
    }

    func testAChangeRedirectsToTheOrderWithItsFlash() {
        sut.displayStatusChange(viewModel: .changed(orderID: "7", flash: "Order 7 was marked as paid."))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/7")
        XCTAssertNotNil(sut.response?.headers[.setCookie], "The flash travels in a cookie")
    }

    func testEveryRefusalHasItsStatus() {
        for (viewModel, status) in [
            (ChangeOrderStatus.ChangeStatus.ViewModel.refused(.changedMeanwhile(orderID: "7", now: .paid, wanted: .packed)), HTTPResponse.Status.conflict),
            (.refused(.readOnly(orderID: "7", status: .shipped)), .conflict), (.refused(.notPermitted(.clerk)), .forbidden),
            (.badRequest, .badRequest), (.notFound, .notFound), (.unavailable, .serviceUnavailable),
        ] {
            sut.displayStatusChange(viewModel: viewModel)
            XCTAssertEqual(sut.response?.status, status, "\(viewModel)")
        }
        sut.displayOrderToCancel(viewModel: .refused(.readOnly(orderID: "7", status: .cancelled)))
        XCTAssertEqual(sut.response?.status, .conflict)
    }

    func testEveryPropertyOfTheCancelPageIsReachableFromTheTemplate() {
        var withError = form
        withError.reasonError = "e"
        withError.formMessage = "m"
        withError.explanation = "x"
        let page = ChangeOrderStatusViewController.CancelPage(form: withError, csrfToken: "t")
        for viewModel in [page as any MustacheParent, withError, ChangeOrderStatus.DisplayedError(field: "f", message: "m")] {
            // (Not the title: the page's, which the layout prints; TemplateNamesTests checks both ways.)
            let unreachable = Mirror(reflecting: viewModel).children.compactMap(\.label).filter { $0 != "title" && viewModel.child(named: $0) == nil }
            XCTAssertEqual(unreachable, [], "\(viewModel)")
        }
    }
}
