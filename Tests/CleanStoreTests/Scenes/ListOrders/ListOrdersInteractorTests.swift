import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListOrdersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListOrdersInteractor!
    let shopTimeZone = TimeZone(identifier: "America/Chicago")!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        setupListOrdersInteractor()
    }

    // MARK: Test setup

    func setupListOrdersInteractor() {
        sut = ListOrdersInteractor(ordersWorker: OrdersWorkerSpy(), filterWorker: OrdersFilterWorker(timeZone: shopTimeZone))
    }

    // MARK: Test doubles

    final class ListOrdersPresentationLogicSpy: ListOrdersPresentationLogic {
        var presentFetchedOrdersCalled = false
        var response: ListOrders.FetchOrders.Response?

        func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
            presentFetchedOrdersCalled = true
            self.response = response
        }
    }


    // MARK: Tests

    func testFetchOrdersShouldAskOrdersWorkerToFetchOrdersAndPresenterToFormatResult() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(signedIn: testBrowser.signedIn))

        // Then
        XCTAssertEqual(workerSpy.pageRequest, OrdersPageRequest(position: .newest, limit: 50), "The newest page of 50")
        XCTAssert(presenterSpy.presentFetchedOrdersCalled, "FetchOrders() should ask presenter to format orders result")
        XCTAssertEqual(
            presenterSpy.response,
            .fetched(
                [Seeds.Orders.bob, Seeds.Orders.amy], newerPage: nil, olderPage: nil, mayCreateOrders: true, mayExport: true,
                counts: ListOrders.FetchOrders.Counts(found: 2, inAll: 2)),
            "No neighbouring pages; a supervisor may create orders and download them; the one page is every order")
        XCTAssertEqual(workerSpy.countedQueries, [], "A first page that holds them all counts them: no count asked of the store")
        XCTAssertEqual(sut.orders, [Seeds.Orders.bob, Seeds.Orders.amy], "The data store should keep the fetched orders")
    }

    func testFetchOrdersAsksTheStoreToOpenTheCardsOnlyWhenTheRequestSays() async {
        // Given
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy

        // When: the HTML list (no card shown) and the API's list (each card's last four) ask
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(opensCards: false))
        let htmlPage = workerSpy.pageRequest
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request())

        // Then
        XCTAssertEqual(htmlPage, OrdersPageRequest(position: .newest, limit: 50, opensCards: false), "Nothing decrypted")
        XCTAssertEqual(workerSpy.pageRequest, OrdersPageRequest(position: .newest, limit: 50, opensCards: true))
    }

    func testFetchOrdersShouldStartThePageWhereTheRequestSaysAndNameTheNeighbouringPages() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.page.hasNewer = true
        workerSpy.page.hasOlder = true
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: "1183183200.0_9"))

        // Then
        XCTAssertEqual(workerSpy.pageRequest?.position, .after(OrdersCursor(date: Seeds.june30, id: 9)))
        XCTAssertEqual(
            presenterSpy.response,
            .fetched(
                [Seeds.Orders.bob, Seeds.Orders.amy],
                newerPage: OrdersCursor(date: Seeds.june30, id: 2),  // newer than its first order
                olderPage: OrdersCursor(date: Seeds.june29, id: 1),  // older than its last order
                counts: ListOrders.FetchOrders.Counts(found: 324, inAll: 324)))
        XCTAssertEqual(workerSpy.countedQueries, [OrdersQuery()], "No search: every order counted once")
        XCTAssertEqual(workerSpy.countedUpTo, [10_001], "Exactly up to 10,000, and one more to know there are more")

        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(before: "1183096800.0_1"))
        XCTAssertEqual(workerSpy.pageRequest?.position, .before(OrdersCursor(date: Seeds.june29, id: 1)))

        for token in ["nonsense", "1_", "_1", "x_1", "1.0_y", "inf_1", ""] {
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: token))
            XCTAssertEqual(workerSpy.pageRequest?.position, .newest, "A cursor that is no cursor: \(token)")
        }
    }

    func testFetchOrdersShouldPresentStoreUnavailableWhenTheStoreFails() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("disk gone")
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request())

        // Then
        XCTAssertEqual(presenterSpy.response, .storeUnavailable())
        XCTAssertNil(sut.orders)
    }

    func testOnlyAClerkOrASupervisorMayCreateOrders() async {
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        for (role, may) in [(AccountRole.viewer, false), (.clerk, true), (.supervisor, true)] {
            // When
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            guard case .fetched(_, _, _, let mayCreateOrders, _, _, _, _, _) = presenterSpy.response else { return XCTFail("\(role)") }
            XCTAssertEqual(mayCreateOrders, may, "\(role)")
        }
    }

    func testOnlyASupervisorMayDownloadTheList() async {
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        for (role, may) in [(AccountRole.viewer, false), (.clerk, false), (.supervisor, true)] {
            // When
            await sut.fetchOrders(request: ListOrders.FetchOrders.Request(signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            guard case .fetched(_, _, _, _, _, _, let mayExport, _, _) = presenterSpy.response else { return XCTFail("\(role)") }
            XCTAssertEqual(mayExport, may, "\(role)")
        }
    }

    // MARK: Search, filters and sort

    func testTheURLsSearchFiltersAndSortBecomeTheStoresQueryWithDaysInTheShopsTimeZone() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        let parameters = OrdersFilterParameters(
            text: "  jose nunez ", shipping: "1", status: "packed", from: "2026-11-01", to: "11/30/2026", sort: "-total")

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(filters: parameters))

        // Then
        let query = workerSpy.pageRequest?.query
        XCTAssertEqual(query?.text, "jose nunez")
        XCTAssertEqual(query?.shippingSpeed, .oneDay)
        XCTAssertEqual(query?.status, .packed)
        // Chicago is UTC-5 in November: the shop's midnight is 05:00 UTC.
        XCTAssertEqual(query?.createdFrom, ISO8601DateFormatter().date(from: "2026-11-01T05:00:00Z"), "From the start of the first day")
        XCTAssertEqual(query?.createdBefore, ISO8601DateFormatter().date(from: "2026-12-01T06:00:00Z"), "Up to the end of the last day (CST from Nov 1)")
        XCTAssertEqual(query?.sort, OrdersQuery.Sort(.total, descending: true))
        guard case .fetched(_, _, _, _, let filters, let problems, _, _, _) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(
            filters,
            OrdersFilters(
                text: "jose nunez", shipping: .oneDay, status: .packed, from: CalendarDay(year: 2026, month: 11, day: 1),
                to: CalendarDay(year: 2026, month: 11, day: 30), sort: OrdersQuery.Sort(.total, descending: true)))
        XCTAssertEqual(problems, [])
    }

    func testValuesThatMeanNothingAreLeftOutAndTheProblemsPresented() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        sut.ordersWorker = workerSpy
        let parameters = OrdersFilterParameters(
            text: String(repeating: "a", count: 201), shipping: "9", from: "2026-02-30", to: "yesterday", sort: "price")

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(filters: parameters))

        // Then
        XCTAssertEqual(workerSpy.pageRequest, OrdersPageRequest(position: .newest, limit: 50), "Every order, newest first")
        guard case .fetched(_, _, _, _, let filters, let problems, _, _, _) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(filters, OrdersFilters())
        XCTAssertEqual(problems, [.textTooLong, .notADate(.from, typed: "2026-02-30"), .notADate(.to, typed: "yesterday")])
    }

    func testPagesOfASortedListHaveCursorsOfItsSortAndACursorOfAnotherSortMeansTheFirstPage() async {
        // Given
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.page.hasNewer = true
        workerSpy.page.hasOlder = true
        sut.ordersWorker = workerSpy
        let byName = OrdersFilterParameters(sort: "name")
        let nameCursor = OrdersCursor(key: .name("apple amy"), id: 1)

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(after: nameCursor.token, filters: byName))

        // Then
        XCTAssertEqual(workerSpy.pageRequest?.position, .after(nameCursor))
        XCTAssertEqual(workerSpy.pageRequest?.query.sort, OrdersQuery.Sort(.name, descending: false))
        guard case .fetched(_, let newerPage, let olderPage, _, _, _, _, _, _) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(newerPage, OrdersCursor(order: Seeds.Orders.bob, sortedBy: .name))
        XCTAssertEqual(olderPage, OrdersCursor(order: Seeds.Orders.amy, sortedBy: .name))

        // A date cursor (a link from before the sort changed) under a sort by name: the first page.
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(before: "1183096800.0_1", filters: byName))
        XCTAssertEqual(workerSpy.pageRequest?.effectivePosition, .newest, "Every store reads the first page")
    }

    func testASearchCountsWhatItFindsAndEveryOrderEachUpToTheLimit() async {
        // Given: a search whose results take more than a page
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.page.hasOlder = true
        workerSpy.foundCount = 60
        workerSpy.allCount = 20_000
        sut.ordersWorker = workerSpy

        // When
        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(filters: OrdersFilterParameters(text: "jo", status: "paid")))

        // Then: the search's query and the empty one, each counted up to one past the limit
        XCTAssertEqual(workerSpy.countedQueries, [OrdersQuery(text: "jo", status: .paid), OrdersQuery()])
        XCTAssertEqual(workerSpy.countedUpTo, [10_001, 10_001])
        guard case .fetched(_, _, _, _, _, _, _, let counts, _) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(counts, ListOrders.FetchOrders.Counts(found: 60, inAll: 10_001), "More than 10,000: counted no further")
    }

    func testAStoreThatCannotCountIsAStoreThatCannotBeRead() async {
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = OrdersWorkerSpy()
        workerSpy.countFailure = .cannotFetch("disk I/O error")
        workerSpy.page.hasOlder = true
        sut.ordersWorker = workerSpy

        await sut.fetchOrders(request: ListOrders.FetchOrders.Request(filters: OrdersFilterParameters(text: "jo")))

        XCTAssertEqual(presenterSpy.response, .storeUnavailable(filters: OrdersFilters(text: "jo")))
    }

    // MARK: Bulk moves

    func testTheBulkMoveOfferedIsTheOneLeadingOnFromTheFilteredStatusForWhoMayMakeIt() {
        func signedIn(_ role: AccountRole) -> SignedIn { SignedIn(name: AccountSeeds.amy.name, role: role) }
        let cases: [(OrderStatus?, AccountRole, OrderStatus.Action?)] = [
            (.new, .clerk, .markPaid), (.paid, .clerk, .markPacked), (.packed, .supervisor, .markShipped),
            (.shipped, .supervisor, nil), (.cancelled, .supervisor, nil), (nil, .supervisor, nil), (.packed, .viewer, nil),
        ]
        for (status, role, expected) in cases {
            let bulk = ListOrdersInteractor.bulk(filters: OrdersFilters(status: status), signedIn: signedIn(role), problem: nil)
            XCTAssertEqual(bulk?.action, expected, "\(String(describing: status)) \(role)")
            XCTAssertEqual(bulk == nil, expected == nil)
        }
        XCTAssertNil(ListOrdersInteractor.bulk(filters: OrdersFilters(status: .packed), signedIn: nil, problem: nil), "No one signed in")
        XCTAssertEqual(
            ListOrdersInteractor.bulk(filters: OrdersFilters(), signedIn: signedIn(.clerk), problem: "Select"),
            ListOrders.FetchOrders.Bulk(action: nil, problem: "Select"), "A problem is said even with no move to offer")
    }

    func testFetchOrdersHandsTheBulkFormsProblemOn() async {
        let presenterSpy = ListOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        sut.ordersWorker = OrdersWorkerSpy()
        await sut.fetchOrders(
            request: ListOrders.FetchOrders.Request(
                signedIn: testBrowser.signedIn, filters: OrdersFilterParameters(status: "paid"), bulkProblem: "Select"))
        guard case .fetched(_, _, _, _, _, _, _, _, let bulk) = presenterSpy.response else { return XCTFail() }
        XCTAssertEqual(bulk, ListOrders.FetchOrders.Bulk(action: .markPacked, problem: "Select"))
    }
}
