import Hummingbird
import XCTest

@testable import CleanStore

final class DeleteOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = DeleteOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), csrfToken: "token-2")
    }

    // MARK: Test doubles

    final class DeleteOrderBusinessLogicSpy: DeleteOrderBusinessLogic {
        var getOrderToDeleteRequest: DeleteOrder.GetOrderToDelete.Request?
        var deleteOrderRequest: DeleteOrder.DeleteOrder.Request?

        func getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request) async { getOrderToDeleteRequest = request }
        func deleteOrder(request: DeleteOrder.DeleteOrder.Request) async { deleteOrderRequest = request }
    }

    final class DeleteOrderRoutingLogicSpy: DeleteOrderRoutingLogic, DeleteOrderDataPassing {
        var dataStore: DeleteOrderDataStore?
        var routeToListOrdersMessage: String?

        func routeToListOrders(message: String) -> Response {
            routeToListOrdersMessage = message
            return .seeOther("/orders")
        }
    }

    static let displayedOrder = DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
        id: "7", date: "6/29/07", name: "Amy Apple", email: "amy.apple@clean-swift.com", total: "$0.00")

    // MARK: Tests: routes build requests

    func testShowOrderToDeleteShouldAskForTheOrderNamedInTheURL() async {
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showOrderToDelete(id: "7")
        XCTAssertEqual(spy.getOrderToDeleteRequest?.orderID, "7")
    }

    func testDeleteOrderShouldAskToDeleteTheOrderNamedInTheURL() async {
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.deleteOrder(id: "7")
        XCTAssertEqual(spy.deleteOrderRequest?.orderID, "7")
    }

    // MARK: Tests: display logic

    func testDisplayOrderToDeleteShouldRenderTheConfirmationWithTheToken() throws {
        sut.displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel(displayedOrder: Self.displayedOrder))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "DeleteOrder/confirm")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Delete order 7")
        let page = try XCTUnwrap(pagesSpy.rendered.first?.context as? DeleteOrderViewController.ConfirmationPage)
        XCTAssertEqual(page.order, Self.displayedOrder)
        XCTAssertEqual(page.csrfToken, "token-2")
    }

    func testDisplayOrderToDeleteShouldRender404WhenThereIsNoOrder() {
        sut.displayOrderToDelete(viewModel: DeleteOrder.GetOrderToDelete.ViewModel(displayedOrder: nil))
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    func testDisplayDeletedOrderShouldRouteToTheListWithTheMessage() {
        let routerSpy = DeleteOrderRoutingLogicSpy()
        sut.router = routerSpy
        sut.displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel(message: "Order 7 was deleted."))
        XCTAssertEqual(routerSpy.routeToListOrdersMessage, "Order 7 was deleted.")
        XCTAssertEqual(sut.response?.status, .seeOther)
    }

    func testDisplayDeletedOrderShouldRender404WhenNothingWasDeleted() {
        sut.displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel(message: nil))
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayDeletedOrder(viewModel: DeleteOrder.DeleteOrder.ViewModel(message: nil, errorMessage: "x"))
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }
}
