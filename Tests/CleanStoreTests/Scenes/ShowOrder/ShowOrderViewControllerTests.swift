import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowOrderViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowOrderViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ShowOrderViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ShowOrderBusinessLogicSpy: ShowOrderBusinessLogic {
        var getOrderRequest: ShowOrder.GetOrder.Request?

        func getOrder(request: ShowOrder.GetOrder.Request) async {
            getOrderRequest = request
        }
    }

    static let displayedOrder = ShowOrder.GetOrder.ViewModel.DisplayedOrder(
        id: "7", date: "29 June 2007", email: "amy.apple@clean-swift.com", name: "Amy Apple", total: "$0.00",
        phone: "111-111-1111", shipmentAddress: ["1 Infinite Loop", "Cupertino, CA 95014"],
        shipmentMethod: "Standard Shipping", billingAddress: ["1 Infinite Loop", "Cupertino, CA 95014"],
        cardNumber: "•••• 1111", expirationDate: "04/29", title: "Order 7", createdBy: "Created by Amy Apple (Amy)",
        lastChanged: "Last changed by Sue Super (sue) on 30 June 2007 at 2:05pm", editURL: "/orders/7/edit", historyURL: "/orders/7/history", slipURL: "/orders/7/slip",
        deleteURL: "/orders/7/delete", ordersURL: "/orders")

    // MARK: Tests

    func testShouldGetTheOrderNamedInTheURL() async {
        // Given
        let spy = ShowOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showOrder(id: "7", flash: nil)

        // Then
        XCTAssertEqual(spy.getOrderRequest?.orderID, "7", "Showing an order should ask the interactor for that order")
    }

    func testDisplayOrderShouldRenderTheOrderPage() {
        // When
        sut.displayOrder(viewModel: .order(Self.displayedOrder))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ShowOrder/show")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Order 7")
        var withToken = Self.displayedOrder
        withToken.csrfToken = testCSRFToken
        XCTAssertEqual(
            pagesSpy.rendered.first?.context as? ShowOrder.GetOrder.ViewModel.DisplayedOrder, withToken,
            "With the browser's CSRF token for its forms")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testDisplayOrderShouldRenderA404PageWhenThereIsNoOrder() {
        // When
        sut.displayOrder(viewModel: .notFound)

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "error")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Page not found")
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    func testDisplayOrderShouldRenderA503PageWhenTheOrderCouldNotBeLoaded() {
        // When
        sut.displayOrder(viewModel: .unavailable)

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    func testShouldShowTheFlashPassedByAnUpdateOnce() async {
        // Given: the real cycle over a store holding order 1
        let environment = try! await makeTestEnvironment(store: OrdersMemStore(orders: [Seeds.Orders.amy]), pages: pagesSpy)
        sut = ShowOrderViewController(environment: environment, browser: testBrowser)

        // When
        let response = await sut.showOrder(id: "1", flash: "Order 1 was updated.")

        // Then
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.first?.flash, "Order 1 was updated.")
        XCTAssertEqual(response.setCookieParts.first?.contains("Max-Age=0"), true)
    }

    func testASavedPackedOrderWhoseAddressChangedHasItsBannerLinkToTheSlip() async {
        let spy = ShowOrderBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showOrder(id: "1", flash: "Order 1 was updated.")
        var order = ViewModelSamples.shown
        order.savedBanner = nil
        order.reprintSlipURL = "/orders/1/slip"
        sut.displayOrder(viewModel: .order(order))

        XCTAssertNil(pagesSpy.rendered.last?.flash, "not the layout's banner")
        let shown = pagesSpy.rendered.last?.context as? ShowOrder.GetOrder.ViewModel.DisplayedOrder
        XCTAssertEqual(shown?.savedBanner, "Order 1 was updated.", "the page's own, beside the slip's link")

        order.reprintSlipURL = nil
        sut.displayOrder(viewModel: .order(order))
        XCTAssertEqual(pagesSpy.rendered.last?.flash, "Order 1 was updated.", "any other page: the layout's banner")
        XCTAssertNil((pagesSpy.rendered.last?.context as? ShowOrder.GetOrder.ViewModel.DisplayedOrder)?.savedBanner)
    }

    func testShouldHandTheInteractorTheConfirmationOfACreate() async {
        // Given
        let spy = ShowOrderBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showOrder(id: "7", flash: nil, confirmation: Flash.Confirmation(orderID: "7", note: "Sent twice."))

        // Then
        XCTAssertEqual(spy.getOrderRequest?.confirmation, ShowOrder.GetOrder.Confirmation(orderID: "7", note: "Sent twice."))
    }

    func testShouldShowTheConfirmationPassedByACreateOnceAndNoBanner() async throws {
        // Given: the real cycle over a store holding order 1
        let environment = try await makeTestEnvironment(store: OrdersMemStore(orders: [Seeds.Orders.amy]), pages: pagesSpy)
        sut = ShowOrderViewController(environment: environment, browser: testBrowser)

        // When
        let response = await sut.showOrder(id: "1", flash: nil, confirmation: Flash.Confirmation(orderID: "1"))

        // Then
        XCTAssertEqual(response.status, .ok)
        XCTAssertNil(pagesSpy.rendered.first?.flash, "The panel says it: no banner")
        let page = try XCTUnwrap(pagesSpy.rendered.first?.context as? ShowOrder.GetOrder.ViewModel.DisplayedOrder)
        XCTAssertEqual(page.confirmation?.orderNumber, "1")
        XCTAssertEqual(page.confirmation?.createAnotherURL, "/drafts")
        XCTAssertEqual(response.setCookieParts.first?.contains("Max-Age=0"), true, "Shown once")
    }
}
