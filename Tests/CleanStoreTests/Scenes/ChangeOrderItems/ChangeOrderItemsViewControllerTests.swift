import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderItemsViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderItemsViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ChangeOrderItemsViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ChangeOrderItemsBusinessLogicSpy: ChangeOrderItemsBusinessLogic {
        var request: ChangeOrderItems.ChangeItems.Request?

        func changeItems(request: ChangeOrderItems.ChangeItems.Request) async {
            self.request = request
        }
    }

    // MARK: Tests

    func testAFormAsksTheInteractorForTheOrderItNamesAsWhoeverIsSignedIn() async {
        let spy = ChangeOrderItemsBusinessLogicSpy()
        sut.interactor = spy
        let form = ChangeOrderItems.Form.remove(key: "l1", .init(version: "3"))

        _ = await sut.changeItems(orderID: "7", form: form)

        XCTAssertEqual(spy.request?.orderID, "7")
        XCTAssertEqual(spy.request?.form, form)
        XCTAssertEqual(spy.request?.signedIn, testBrowser.signedIn?.name)
    }

    func testSavedGoesBackToTheOrder() {
        sut.displayChangedItems(viewModel: .changed(orderID: "2", flash: "Items saved; tax re-computed: $7.32"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/2")
    }

    func testAFormWithErrorsIsTheOrdersPageTheRouterGives() async {
        // Given: an interactor that refuses the form, a router that answers with the order's page
        let refused = ShowOrder.GetOrder.RefusedItems(
            form: .addLine(.init(sku: "", quantity: "1", version: "3")), errors: [.init(field: "sku", problem: .skuMissing)])
        let interactor = RefusingInteractor(refused: refused)
        interactor.viewController = sut
        sut.interactor = interactor
        let router = RouterSpy()
        sut.router = router

        // When
        let response = await sut.changeItems(orderID: "7", form: refused.form)

        // Then
        XCTAssertEqual(router.refusedPage?.orderID, "7")
        XCTAssertEqual(router.refusedPage?.refused, refused)
        XCTAssertEqual(response.status, .unprocessableContent, "The router's page is the answer")
        XCTAssertEqual(pagesSpy.rendered.count, 0, "This scene renders no page of its own")
    }

    final class RefusingInteractor: ChangeOrderItemsBusinessLogic {
        weak var viewController: ChangeOrderItemsDisplayLogic?
        let refused: ShowOrder.GetOrder.RefusedItems

        init(refused: ShowOrder.GetOrder.RefusedItems) { self.refused = refused }

        func changeItems(request: ChangeOrderItems.ChangeItems.Request) async {
            viewController?.displayChangedItems(viewModel: .invalid(orderID: request.orderID, refused: refused))
        }
    }

    final class RouterSpy: ChangeOrderItemsRoutingLogic, ChangeOrderItemsDataPassing {
        var flash: Flash?
        var refusedPage: (orderID: String, refused: ShowOrder.GetOrder.RefusedItems)?

        func routeToShowOrder(orderID: String, flash: String) -> Response { .seeOther(Paths.order(orderID)) }

        func routeToShowOrder(orderID: String, refused: ShowOrder.GetOrder.RefusedItems) async -> Response {
            refusedPage = (orderID, refused)
            return Response(status: .unprocessableContent)
        }
    }

    func testRefusalsAreTheirPages() {
        let cases: [(ChangeOrderItems.ChangeItems.ViewModel, HTTPResponse.Status)] = [
            (.refused(.itemsChangedMeanwhile(orderID: "2")), .conflict), (.refused(.itemsRefused(orderID: "2", reason: "r")), .conflict),
            (.notFound, .notFound), (.unavailable, .serviceUnavailable),
        ]
        for (viewModel, status) in cases {
            sut.displayChangedItems(viewModel: viewModel)
            XCTAssertEqual(sut.response?.status, status, "\(viewModel)")
        }
    }
}
