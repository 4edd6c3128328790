import XCTest

@testable import CleanStore

final class ListOrdersPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersPresenter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        setupListOrdersPresenter()
    }

    // MARK: Test setup

    func setupListOrdersPresenter() {
        sut = ListOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
    }

    // MARK: Test doubles

    final class ListOrdersDisplayLogicSpy: ListOrdersDisplayLogic {
        var displayFetchedOrdersCalled = false
        var viewModel: ListOrders.FetchOrders.ViewModel!

        func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel) {
            displayFetchedOrdersCalled = true
            self.viewModel = viewModel
        }
    }

    // MARK: Tests

    func testPresentFetchedOrdersShouldFormatFetchedOrdersForDisplay() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.amy
        order.total = Decimal(string: "1.11")!
        let response = ListOrders.FetchOrders.Response.fetched([order], newerPage: nil, olderPage: nil, mayCreateOrders: true)

        // When
        sut.presentFetchedOrders(response: response)

        // Then
        let displayedOrders = spy.viewModel.displayedOrders
        XCTAssertEqual(displayedOrders.count, 1)
        let displayedOrder = displayedOrders[0]
        XCTAssertEqual(displayedOrder.id, "1", "Presenting fetched orders should properly format order ID")
        XCTAssertEqual(displayedOrder.url, "/orders/1", "Each order links to its page")
        XCTAssertEqual(displayedOrder.date, "6/29/07", "Presenting fetched orders should properly format order date")
        XCTAssertEqual(displayedOrder.email, "amy.apple@clean-swift.com", "Presenting fetched orders should properly format email")
        XCTAssertEqual(displayedOrder.name, "Amy Apple", "Presenting fetched orders should properly format name")
        XCTAssertEqual(displayedOrder.total, "$1.11", "Presenting fetched orders should properly format total")
        XCTAssertNil(spy.viewModel.errorMessage)
        XCTAssertEqual(spy.viewModel.newOrderURL, "/orders/new")
    }

    func testTheNewOrderLinkIsOfferedOnlyToWhoMayCreateOrders() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        for (response, url) in [
            (ListOrders.FetchOrders.Response.fetched([], newerPage: nil, olderPage: nil, mayCreateOrders: false), nil),
            (.storeUnavailable(mayCreateOrders: false), nil), (.storeUnavailable(mayCreateOrders: true), "/orders/new"),
        ] as [(ListOrders.FetchOrders.Response, String?)] {
            // When
            sut.presentFetchedOrders(response: response)

            // Then
            XCTAssertEqual(spy.viewModel.newOrderURL, url, "\(response)")
        }
    }

    func testPresentFetchedOrdersShouldAskViewControllerToDisplayFetchedOrders() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy, Seeds.Orders.bob], newerPage: nil, olderPage: nil))

        // Then
        XCTAssert(spy.displayFetchedOrdersCalled, "Presenting fetched orders should ask view controller to display them")
        XCTAssertEqual(spy.viewModel.displayedOrders.map(\.name), ["Amy Apple", "Bob Battery"], "Order is kept")
    }

    func testPresentFetchedOrdersShouldLinkTheNeighbouringPagesOnlyWhenThereAreSome() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil))

        // Then
        XCTAssertNil(spy.viewModel.pagination, "One page: no links")

        sut.presentFetchedOrders(
            response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: OrdersCursor(date: Seeds.june29, id: 1)))
        XCTAssertEqual(spy.viewModel.pagination, .init(newerPageURL: nil, olderPageURL: "/orders?after=1183096800.0_1"))

        sut.presentFetchedOrders(
            response: .fetched([Seeds.Orders.amy], newerPage: OrdersCursor(date: Seeds.june30, id: 2), olderPage: nil))
        XCTAssertEqual(spy.viewModel.pagination, .init(newerPageURL: "/orders?before=1183183200.0_2", olderPageURL: nil))
    }

    func testPresentFetchedOrdersShouldExplainAStoreFailure() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentFetchedOrders(response: .storeUnavailable())

        // Then
        XCTAssertEqual(spy.viewModel.displayedOrders, [])
        XCTAssertEqual(spy.viewModel.errorMessage, "The orders could not be loaded. Try again in a moment.")
    }
}
