import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListOrdersViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        try await setupListOrdersViewController()
    }

    // MARK: Test setup

    func setupListOrdersViewController() async throws {
        pagesSpy = PageRendererSpy()
        sut = ListOrdersViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ListOrdersBusinessLogicSpy: ListOrdersBusinessLogic {
        var fetchOrdersCalled = false
        var request: ListOrders.FetchOrders.Request?
        weak var viewController: ListOrdersDisplayLogic?
        var viewModel = ListOrders.FetchOrders.ViewModel(displayedOrders: [])

        func fetchOrders(request: ListOrders.FetchOrders.Request) async {
            fetchOrdersCalled = true
            self.request = request
            viewController?.displayFetchedOrders(viewModel: viewModel)
        }

        var tabsRequest: ListOrders.FetchTabs.Request?
        var tabs = ListOrders.FetchTabs.ViewModel()
        func fetchTabs(request: ListOrders.FetchTabs.Request) async {
            tabsRequest = request
            viewController?.displayTabs(viewModel: tabs)
        }
    }

    // MARK: Tests

    func testShouldFetchOrdersWhenTheListIsRequested() async {
        // Given
        let spy = ListOrdersBusinessLogicSpy()
        spy.viewController = sut
        sut.interactor = spy

        // When
        let response = await sut.showOrders(after: nil, before: nil, flash: nil)

        // Then
        XCTAssert(spy.fetchOrdersCalled, "Requesting the list should ask the interactor to fetch orders")
        XCTAssertEqual(spy.request?.opensCards, false, "The list shows no card: none is decrypted")
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8")
    }

    func testShouldPassThePageTheURLNames() async {
        // Given
        let spy = ListOrdersBusinessLogicSpy()
        spy.viewController = sut
        sut.interactor = spy

        // When
        _ = await sut.showOrders(after: "1183096800.0_1", before: nil, flash: nil)

        // Then
        XCTAssertEqual(spy.request?.after, "1183096800.0_1")
        XCTAssertNil(spy.request?.before)
    }

    func testDisplayFetchedOrdersShouldRenderTheListTemplateWithTheViewModel() {
        // Given
        let displayedOrder = ListOrders.FetchOrders.ViewModel.DisplayedOrder(
            id: "1", url: "/orders/1", date: "29 Jun 2007, 6am", machineDate: "2007-06-29T06:00:00+00:00", name: "Amy Apple",
            phone: "555-0100", total: "$1.23", status: "New", statusClass: "status-new")
        let viewModel = ListOrders.FetchOrders.ViewModel(displayedOrders: [displayedOrder])

        // When
        sut.displayFetchedOrders(viewModel: viewModel)

        // Then
        XCTAssertEqual(pagesSpy.rendered.count, 1)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ListOrders/list")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Orders")
        let rendered = pagesSpy.rendered.first?.context as? ListOrders.FetchOrders.ViewModel
        XCTAssertEqual(rendered?.displayedOrders, [displayedOrder], "Displaying fetched orders should render them")
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testDisplayFetchedOrdersShouldAnswer503WhenTheOrdersCouldNotBeLoaded() {
        // When
        sut.displayFetchedOrders(
            viewModel: ListOrders.FetchOrders.ViewModel(displayedOrders: [], errorMessage: "Could not load"))

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    func testShouldShowAndThenClearTheFlashPassedByTheRedirect() async {
        // Given
        let spy = ListOrdersBusinessLogicSpy()
        spy.viewController = sut
        sut.interactor = spy

        // When
        let response = await sut.showOrders(after: nil, before: nil, flash: "Order 7 was created.")

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.flash, "Order 7 was created.")
        XCTAssertEqual(response.setCookies.count, 1)
        XCTAssert(response.setCookies[0].hasPrefix("\(Flash.cookieName)=;"), "The flash is shown once")
        XCTAssert(response.setCookies[0].contains("Max-Age=0"))
    }

    func testShouldSetNoCookieWhenNoFlashWasPassed() async {
        // Given
        let spy = ListOrdersBusinessLogicSpy()
        spy.viewController = sut
        sut.interactor = spy

        // When
        let response = await sut.showOrders(after: nil, before: nil, flash: nil)

        // Then
        XCTAssertNil(pagesSpy.rendered.first?.flash)
        XCTAssertEqual(response.setCookies, [])
    }

    func testShouldPassTheSearchFiltersAndSortAsTheyCame() async {
        // Given
        let spy = ListOrdersBusinessLogicSpy()
        spy.viewController = sut
        sut.interactor = spy
        let filters = OrdersFilterParameters(text: "José", shipping: "1", from: "x", to: "2026-11-30", sort: "-name")

        // When
        _ = await sut.showOrders(after: "a", before: nil, filters: filters, flash: nil)

        // Then
        XCTAssertEqual(spy.request?.filters, filters)
        XCTAssertEqual(spy.request?.after, "a")
    }
}
