import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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

        var tabs: ListOrders.FetchTabs.ViewModel?
        func displayTabs(viewModel: ListOrders.FetchTabs.ViewModel) { tabs = viewModel }
    }

    // MARK: Tests

    func testPresentFetchedOrdersShouldFormatFetchedOrdersForDisplay() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        var order = Seeds.Orders.amy
        order.itemsRecorded = true
        order.totals = OrderTotals(subtotalCents: 100, shippingCents: 0, taxCents: 11, tax: nil)
        let response = ListOrders.FetchOrders.Response.fetched([order], newerPage: nil, olderPage: nil, mayCreateOrders: true)

        // When
        sut.presentFetchedOrders(response: response)

        // Then
        let displayedOrders = spy.viewModel.displayedOrders
        XCTAssertEqual(displayedOrders.count, 1)
        let displayedOrder = displayedOrders[0]
        XCTAssertEqual(displayedOrder.id, "1", "Presenting fetched orders should properly format order ID")
        XCTAssertEqual(displayedOrder.url, "/orders/1", "Each order links to its page")
        XCTAssertEqual(displayedOrder.date, "29 Jun 2007, 6am", "The date and time, as lists write them, in the shop's time zone")
        XCTAssertEqual(displayedOrder.machineDate, "2007-06-29T06:00:00+00:00")
        XCTAssertEqual(displayedOrder.phone, Seeds.Orders.amy.phone, "The phone, as typed")
        XCTAssertEqual(displayedOrder.name, "Amy Apple", "Presenting fetched orders should properly format name")
        XCTAssertEqual(displayedOrder.total, "$1.11", "The order's total in cents: lines, shipping and tax")
        XCTAssertEqual(displayedOrder.status, "New", "The status in words")
        XCTAssertEqual(displayedOrder.statusClass, "status-new")
        XCTAssertNil(spy.viewModel.errorMessage)
        XCTAssertEqual(spy.viewModel.newOrderURL, "/drafts")
    }

    /// A shipped order's row says when, by which carrier and its tracking number; others say nothing.
    func testAShippedOrdersRowSaysItsShipment() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        var shipped = Seeds.Orders.amy
        shipped.status = .shipped
        shipped.shippedAt = Seeds.june30
        shipped.carrier = "UPS"
        shipped.trackingNumber = "1Z999AA10123456784"
        var noCarrier = Seeds.Orders.bob
        noCarrier.status = .shipped
        var packed = Seeds.Orders.bob
        packed.status = .packed
        packed.id = "3"

        sut.presentFetchedOrders(
            response: .fetched([shipped, noCarrier, packed], newerPage: nil, olderPage: nil, mayCreateOrders: true))

        XCTAssertEqual(
            spy.viewModel.displayedOrders.map(\.shipped), ["Shipped 30 Jun 2007, UPS 1Z999AA10123456784", "Shipped", nil])
    }

    /// The list's Total is the order's real total (`OrderTotal.totalCents`); an order keyed
    /// before lines costs its shipping.
    func testTheTotalIsTheOrdersTotalInCentsAndALegacyOrdersIsItsShipping() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        sut.presentFetchedOrders(response: .fetched([GoodsSeeds.order, Seeds.Orders.bob], newerPage: nil, olderPage: nil))

        XCTAssertEqual(spy.viewModel.displayedOrders.map(\.total), ["$99.81", "$9.99"])
    }

    func testTheNewOrderLinkIsOfferedOnlyToWhoMayCreateOrders() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        for (response, url) in [
            (ListOrders.FetchOrders.Response.fetched([], newerPage: nil, olderPage: nil, mayCreateOrders: false), nil),
            (.storeUnavailable(mayCreateOrders: false), nil), (.storeUnavailable(mayCreateOrders: true), "/drafts"),
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

    // MARK: Search, filters and sort

    let filtered = OrdersFilters(
        text: "josé nuñez", shipping: .twoDay, status: .paid, from: CalendarDay(year: 2026, month: 11, day: 1),
        to: CalendarDay(year: 2026, month: 11, day: 30), sort: OrdersQuery.Sort(.name, descending: false))

    func testTheFormHoldsWhatIsInForceAndEachFilterIsATagThatRemovesIt() {
        // Given
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        // When
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: filtered))

        // Then
        let form = try! XCTUnwrap(spy.viewModel.filters)
        XCTAssertEqual(form.action, "/orders")
        XCTAssertEqual(form.text, "josé nuñez")
        XCTAssertEqual(form.from, "2026-11-01")
        XCTAssertEqual(form.to, "2026-11-30")
        XCTAssertEqual(
            form.sortOptions.map(\.label),
            ["Newest first", "Oldest first", "By customer name, A to Z", "By customer name, Z to A", "By total, highest first",
             "By total, lowest first"])
        XCTAssertEqual(form.sortOptions.map(\.value), ["", "date", "name", "-name", "-total", "total"])
        XCTAssertEqual(form.sortOptions.filter(\.checked).map(\.value), ["name"], "The sort in force is chosen")
        XCTAssertTrue(form.open, "Filters in force: the folded filters start open")
        XCTAssertEqual(form.shippingOptions.map(\.label), ["Any", "Standard Shipping", "One-Day Shipping", "Two-Day Shipping"])
        XCTAssertEqual(form.shippingOptions.map(\.value), ["", "0", "1", "2"])
        XCTAssertEqual(form.shippingOptions.map(\.checked), [false, false, false, true])
        XCTAssertEqual(form.statusOptions.map(\.label), ["Any", "New", "Paid", "Packed", "Shipped", "Cancelled"])
        XCTAssertEqual(form.statusOptions.map(\.value), ["", "new", "paid", "packed", "shipped", "cancelled"])
        XCTAssertEqual(form.statusOptions.map(\.checked), [false, false, true, false, false, false])
        XCTAssertEqual(
            form.tags.map(\.label),
            ["Shipping: Two-Day Shipping", "Status: Paid", "Ordered from 1 November 2026", "Ordered up to 30 November 2026"],
            "The search is in its box: a tag for each filter")
        XCTAssertEqual(
            form.tags.map(\.removeURL),
            [
                "/orders?q=jos%C3%A9%20nu%C3%B1ez&status=paid&from=2026-11-01&to=2026-11-30&sort=name",
                "/orders?q=jos%C3%A9%20nu%C3%B1ez&shipping=2&from=2026-11-01&to=2026-11-30&sort=name",
                "/orders?q=jos%C3%A9%20nu%C3%B1ez&shipping=2&status=paid&to=2026-11-30&sort=name",
                "/orders?q=jos%C3%A9%20nu%C3%B1ez&shipping=2&status=paid&from=2026-11-01&sort=name",
            ], "Each removes itself and keeps the rest, the sort too")
        XCTAssertEqual(form.clearURL, "/orders?sort=name", "Clearing keeps the sort")
        XCTAssertNil(spy.viewModel.noMatchMessage)

        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil))
        XCTAssertEqual(spy.viewModel.filters?.tags, [])
        XCTAssertNil(spy.viewModel.filters?.clearURL, "Nothing to clear")
        XCTAssertEqual(spy.viewModel.filters?.sortOptions.filter(\.checked).map(\.value), [""], "Newest first")
        XCTAssertEqual(spy.viewModel.filters?.open, false, "Nothing in force: the filters are folded")
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: OrdersFilters(text: "amy")))
        XCTAssertEqual(spy.viewModel.filters?.open, false, "A search alone is in the search row: the filters stay folded")
        XCTAssertEqual(spy.viewModel.filters?.shippingOptions.map(\.checked), [true, false, false, false], "Any")
    }

    func testEachProblemIsSaidBesideItsFieldWithWhatWasTyped() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        sut.presentFetchedOrders(
            response: .fetched(
                [], newerPage: nil, olderPage: nil,
                problems: [.textTooLong, .notADate(.from, typed: "2026-02-30"), .notADate(.to, typed: "soon")]))

        let form = try! XCTUnwrap(spy.viewModel.filters)
        XCTAssertEqual(form.textError, "Search for 200 characters or fewer")
        XCTAssertEqual(form.from, "2026-02-30")
        XCTAssertEqual(form.fromError, "Enter the first day as a real date, for example 2026-11-23")
        XCTAssertEqual(form.to, "soon")
        XCTAssertEqual(form.toError, "Enter the last day as a real date, for example 2026-11-30")
        XCTAssertTrue(form.open, "A date refused: the filters open where it is said")

        sut.presentFetchedOrders(response: .fetched([], newerPage: nil, olderPage: nil, problems: [.toBeforeFrom]))
        XCTAssertEqual(spy.viewModel.filters?.toError, "The last day must be the same as or after the first day")
        XCTAssertNil(spy.viewModel.filters?.fromError)
    }

    func testTheColumnTheListIsSortedBySaysWhichWay() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        // Newest first, as the list opens.
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil))
        var columns = spy.viewModel.columns
        XCTAssertEqual(columns.map(\.label), ["Order", "Date", "Customer", "Phone", "Status", "Total"])
        XCTAssertEqual(columns.map(\.ariaSort), [nil, "descending", nil, nil, nil, nil])
        XCTAssertEqual(spy.viewModel.caption, "Orders, newest first")

        // By name, A to Z, with a search.
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: OrdersFilters(text: "a b", sort: .init(.name, descending: false))))
        columns = spy.viewModel.columns
        XCTAssertEqual(columns.map(\.ariaSort), [nil, nil, "ascending", nil, nil, nil])
        XCTAssertEqual(spy.viewModel.caption, "Orders found, by customer name, A to Z")
        XCTAssertEqual(columns.map(\.className), [nil, nil, nil, "phone", "status", "number"])
    }

    func testTheResultsHeadingCountsWhatWasFoundAndWhatThereIsAndTakesFocusAfterASearch() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        func heading(_ found: Int, _ inAll: Int, _ filters: OrdersFilters = OrdersFilters(text: "jo")) -> String? {
            sut.presentFetchedOrders(
                response: .fetched(
                    [Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: filters,
                    counts: ListOrders.FetchOrders.Counts(found: found, inAll: inAll)))
            return spy.viewModel.resultCount
        }

        XCTAssertEqual(heading(6, 324), "6 orders found (324 in all)")
        XCTAssertTrue(spy.viewModel.focusResultCount, "After a search the heading takes focus")
        XCTAssertEqual(heading(1, 1), "1 order found (1 in all)")
        XCTAssertEqual(heading(2_500, 10_001), "2,500 orders found (more than 10,000 in all)")
        XCTAssertEqual(heading(10_001, 10_001), "More than 10,000 orders found (more than 10,000 in all)")
        XCTAssertEqual(heading(324, 324, OrdersFilters()), "324 orders", "No search: how many there are")
        XCTAssertFalse(spy.viewModel.focusResultCount, "The list as it opens: focus stays where the browser puts it")
        XCTAssertEqual(heading(1, 1, OrdersFilters()), "1 order")
        XCTAssertEqual(heading(10_001, 10_001, OrdersFilters(sort: .init(.total, descending: true))), "More than 10,000 orders")

        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil))
        XCTAssertNil(spy.viewModel.resultCount, "Not counted: no heading")
    }

    func testPagesOfAFilteredListKeepTheFiltersAndSort() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        let byTotal = OrdersFilters(text: "ny", sort: .init(.total, descending: true))

        sut.presentFetchedOrders(
            response: .fetched(
                [Seeds.Orders.amy], newerPage: OrdersCursor(key: .total(500), id: 2), olderPage: OrdersCursor(key: .total(100), id: 1),
                filters: byTotal))

        XCTAssertEqual(
            spy.viewModel.pagination,
            .init(
                newerPageURL: "/orders?q=ny&sort=-total&before=t_2_500", olderPageURL: "/orders?q=ny&sort=-total&after=t_1_100",
                newerPageLabel: "Previous page", olderPageLabel: "Next page"))
    }

    func testAnEmptyResultSaysWhatFoundNothing() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        for (filters, message) in [
            (OrdersFilters(text: "zebra"), "No orders match “zebra”."),
            (OrdersFilters(text: "zebra", shipping: .oneDay), "No orders match “zebra” with the filters."),
            (OrdersFilters(from: CalendarDay(year: 2030, month: 1, day: 1)), "No orders match the filters."),
        ] {
            sut.presentFetchedOrders(response: .fetched([], newerPage: nil, olderPage: nil, filters: filters))
            XCTAssertEqual(spy.viewModel.noMatchMessage, message)
            XCTAssertEqual(spy.viewModel.filters?.clearURL, "/orders")
        }
        sut.presentFetchedOrders(response: .fetched([], newerPage: nil, olderPage: nil, filters: OrdersFilters(sort: .init(.total, descending: true))))
        XCTAssertNil(spy.viewModel.noMatchMessage, "No orders at all, only sorted: there are none yet")
    }

    func testTheDownloadLinkCarriesTheQueryForWhoMayExport() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy

        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: filtered, mayExport: true))
        XCTAssertEqual(spy.viewModel.exportURL, "/orders.csv?q=jos%C3%A9%20nu%C3%B1ez&shipping=2&status=paid&from=2026-11-01&to=2026-11-30&sort=name")

        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy], newerPage: nil, olderPage: nil, filters: filtered, mayExport: false))
        XCTAssertNil(spy.viewModel.exportURL)
        sut.presentFetchedOrders(response: .fetched([], newerPage: nil, olderPage: nil, filters: filtered, mayExport: true))
        XCTAssertNil(spy.viewModel.exportURL, "Nothing to download")
    }

    // MARK: Bulk moves

    func testPresentFetchedOrdersOffersABoxPerRowWithItsVersionAndTheMovesButton() {
        let spy = ListOrdersDisplayLogicSpy()
        sut.viewController = spy
        var amy = Seeds.Orders.amy
        amy.id = "1042"
        amy.version = 7
        let filters = OrdersFilters(status: .packed)
        sut.presentFetchedOrders(
            response: .fetched([amy], newerPage: nil, olderPage: nil, filters: filters, bulk: .init(action: .markShipped)))
        let row = spy.viewModel.displayedOrders.first
        XCTAssertEqual(row?.selectValue, "1042.7", "The id and the version the list shows")
        XCTAssertEqual(row?.selectLabel, "Select order 1042, Amy Apple")
        XCTAssertEqual(spy.viewModel.bulk?.action, "/orders/bulk")
        XCTAssertEqual(spy.viewModel.bulk?.move, "markShipped")
        XCTAssertEqual(spy.viewModel.bulk?.button, "Mark selected as shipped")
        XCTAssertEqual(spy.viewModel.bulk?.list, "status=packed")
        XCTAssertEqual(spy.viewModel.bulk?.errors, [])
        XCTAssertNil(spy.viewModel.bulkProblem)

        // The form back with its problem: the summary links to the first row's box.
        sut.presentFetchedOrders(
            response: .fetched([amy], newerPage: nil, olderPage: nil, filters: filters, bulk: .init(action: .markShipped, problem: "Select")))
        XCTAssertEqual(spy.viewModel.bulk?.errors, [.init(field: "select-1042", message: "Select")])

        // No move offered: no boxes; a problem still said, over the list.
        sut.presentFetchedOrders(response: .fetched([amy], newerPage: nil, olderPage: nil, bulk: .init(action: nil, problem: "Select")))
        XCTAssertNil(spy.viewModel.displayedOrders.first?.selectValue)
        XCTAssertNil(spy.viewModel.bulk)
        XCTAssertEqual(spy.viewModel.bulkProblem?.errors.map(\.message), ["Select"])
        sut.presentFetchedOrders(response: .fetched([amy], newerPage: nil, olderPage: nil))
        XCTAssertNil(spy.viewModel.bulk)
        XCTAssertNil(spy.viewModel.bulkProblem)
    }
}
