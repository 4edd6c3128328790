import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class DeleteOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: DeleteOrderViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = DeleteOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: Browser(id: testBrowserID, csrfToken: "token-2"))
    }

    // MARK: Test doubles

    final class DeleteOrderBusinessLogicSpy: DeleteOrderBusinessLogic {
        var getOrderToDeleteRequest: DeleteOrder.GetOrderToDelete.Request?
        var deleteOrderRequest: DeleteOrder.DeleteOrder.Request?

        func getOrderToDelete(request: DeleteOrder.GetOrderToDelete.Request) async { getOrderToDeleteRequest = request }
        func deleteOrder(request: DeleteOrder.DeleteOrder.Request) async { deleteOrderRequest = request }
    }

    final class DeleteOrderRoutingLogicSpy: DeleteOrderRoutingLogic, DeleteOrderDataPassing {
        var flash: Flash?
        var routeToListOrdersFlash: String?

        func routeToListOrders(flash message: String) -> Response {
            routeToListOrdersFlash = message
            return .seeOther("/orders")
        }
    }

    static let displayedOrder = DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
        id: "7", date: "29 June 2007", name: "Amy Apple", email: "amy.apple@clean-swift.com", total: "$0.00",
        title: "Delete order 7", deleteURL: "/orders/7/delete", orderURL: "/orders/7")

    // MARK: Tests: routes build requests

    func testShowOrderToDeleteShouldAskForTheOrderNamedInTheURL() async {
        // Given
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showOrderToDelete(id: "7")

        // Then
        XCTAssertEqual(spy.getOrderToDeleteRequest?.orderID, "7")
    }

    func testDeleteOrderShouldAskToDeleteTheOrderNamedInTheURL() async {
        // Given
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.deleteOrder(id: "7")

        // Then
        XCTAssertEqual(spy.deleteOrderRequest?.orderID, "7")
        XCTAssertNil(spy.deleteOrderRequest?.signedIn, "No one is signed in")
    }

    func testDeleteOrderShouldSayWhoIsSignedIn() async throws {
        // Given
        sut = DeleteOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testSignedInBrowser)
        let spy = DeleteOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.deleteOrder(id: "7")

        // Then
        XCTAssertEqual(spy.deleteOrderRequest?.signedIn, AccountSeeds.sue.name)
    }

    // MARK: Tests: display logic

    func testDisplayOrderToDeleteShouldRenderTheConfirmationWithTheToken() throws {
        // When
        sut.displayOrderToDelete(viewModel: .order(Self.displayedOrder))

        // Then
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "DeleteOrder/confirm")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Delete order 7")
        let page = try XCTUnwrap(pagesSpy.rendered.first?.context as? DeleteOrderViewController.ConfirmationPage)
        XCTAssertEqual(page.order, Self.displayedOrder)
        XCTAssertEqual(page.csrfToken, "token-2")
    }

    func testDisplayOrderToDeleteShouldRender404Or503WhenThereIsNoOrderToShow() {
        // When
        sut.displayOrderToDelete(viewModel: .notFound)

        // Then
        XCTAssertEqual(sut.response?.status, .notFound)

        // When
        sut.displayOrderToDelete(viewModel: .unavailable)

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    func testDisplayDeletedOrderShouldRouteToTheListWithTheFlash() {
        // Given
        let routerSpy = DeleteOrderRoutingLogicSpy()
        sut.router = routerSpy

        // When
        sut.displayDeletedOrder(viewModel: .deleted(flash: "Order 7 was deleted."))

        // Then
        XCTAssertEqual(routerSpy.routeToListOrdersFlash, "Order 7 was deleted.")
        XCTAssertEqual(sut.response?.status, .seeOther)
    }

    func testDisplayDeletedOrderShouldRender404Or503WhenNothingWasDeleted() {
        // When
        sut.displayDeletedOrder(viewModel: .notFound)

        // Then
        XCTAssertEqual(sut.response?.status, .notFound)

        // When
        sut.displayDeletedOrder(viewModel: .unavailable)

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }
}
