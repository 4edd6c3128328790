import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The tabs above the list (`ListOrders.FetchTabs`): the interactor, presenter and view controller,
/// each with spies for its neighbours.
final class ListOrdersTabsTests: XCTestCase {
    let amy = SignedIn(name: AccountName(username: "amy", displayName: "Amy Clerk"), role: .clerk)
    let viewer = SignedIn(name: AccountName(username: "vic", displayName: "Vic Viewer"), role: .viewer)
    let sam = SignedIn(name: AccountName(username: "sam", displayName: "Sam Supervisor"), role: .supervisor)

    final class TabsPresenterSpy: ListOrdersTabsPresentationLogic {
        var responses: [ListOrders.FetchTabs.Response] = []
        func presentTabs(response: ListOrders.FetchTabs.Response) { responses.append(response) }
    }

    final class DisplaySpy: ListOrdersDisplayLogic {
        var tabs: [ListOrders.FetchTabs.ViewModel] = []
        func displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel) {}
        func displayTabs(viewModel: ListOrders.FetchTabs.ViewModel) { tabs.append(viewModel) }
    }

    func makeInteractor(_ worker: OrdersWorkerSpy, views: SavedViewsMemStore) -> (ListOrdersInteractor, TabsPresenterSpy) {
        let sut = ListOrdersInteractor(
            ordersWorker: worker, filterWorker: OrdersFilterWorker(timeZone: TimeZone(identifier: "UTC")!),
            savedViewsWorker: SavedViewsWorker(store: views))
        let spy = TabsPresenterSpy()
        sut.tabsPresenter = spy
        return (sut, spy)
    }

    // MARK: Interactor

    func testFetchTabsCountsEachStatusTabUpToTheLimitWithTheAccountsViewsOnly() async throws {
        // Given
        let worker = OrdersWorkerSpy()
        let views = SavedViewsMemStore()
        let mine = try await views.addView(accountKey: "amy", name: "Jane", query: "q=jane")
        _ = try await views.addView(accountKey: "bob", name: "Bob's", query: "q=bob")
        let (sut, spy) = makeInteractor(worker, views: views)

        // When
        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: amy, filters: OrdersFilterParameters(text: "jane")))

        // Then: New, Paid, Packed as a list of each counts them (the same query), then all orders
        XCTAssertEqual(
            spy.responses,
            [
                .tabs(
                    views: [mine], counts: ListOrders.FetchTabs.Counts(all: 324, new: 6, paid: 6, packed: 6), current: "q=jane",
                    mayTakeOrders: true)
            ])
        XCTAssertEqual(worker.countedQueries.map(\.status), [.new, .paid, .packed, nil])
        XCTAssertEqual(worker.countedUpTo, [10_001, 10_001, 10_001, 10_001], "exact up to 10,000, then 'more than'")
    }

    func testASupervisorsTabsCountTheCancellationRequestsAsTheirListFiltersThem() async throws {
        // Given
        let worker = OrdersWorkerSpy()
        let (sut, spy) = makeInteractor(worker, views: SavedViewsMemStore())

        // When
        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: sam, filters: OrdersFilterParameters(cancellation: "requested")))

        // Then: the list's own filter (`cancellation=requested`) counted as its page counts it
        XCTAssertEqual(
            spy.responses,
            [
                .tabs(
                    views: [], counts: ListOrders.FetchTabs.Counts(all: 324, new: 6, paid: 6, packed: 6, cancellationRequests: 6),
                    current: "cancellation=requested", mayTakeOrders: true, mayDecideCancellations: true)
            ])
        XCTAssertEqual(worker.countedQueries.map(\.cancellationRequested), [false, false, false, true, false])
        XCTAssertEqual(worker.countedQueries[3], OrdersFilterWorker(timeZone: TimeZone(identifier: "UTC")!).query(
            from: OrdersFilterParameters(cancellation: "requested")).query)
        XCTAssertEqual(worker.countedUpTo.last, 10_001)
    }

    func testAClerksAndAViewersTabsCountNoCancellationRequests() async throws {
        for signedIn in [amy, viewer] {
            let worker = OrdersWorkerSpy()
            let (sut, spy) = makeInteractor(worker, views: SavedViewsMemStore())

            await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: signedIn))

            guard case .tabs(_, let counts, _, _, let mayDecide) = spy.responses.first else { return XCTFail("\(spy.responses)") }
            XCTAssertFalse(mayDecide, "\(signedIn.role): the supervisors' tab")
            XCTAssertNil(counts?.cancellationRequests)
            XCTAssertFalse(worker.countedQueries.contains(where: \.cancellationRequested))
        }
    }

    func testWithoutAQueryTheDefaultViewOpensAndWithOneTheTabsAreShown() async throws {
        let views = SavedViewsMemStore()
        let packed = try await views.addView(accountKey: "amy", name: "Packed", query: "status=packed")
        _ = try await views.changeView(id: packed.id, accountKey: "amy", change: .makeDefault)
        let (sut, spy) = makeInteractor(OrdersWorkerSpy(), views: views)

        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: amy, queryGiven: false))
        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: amy, queryGiven: true))
        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: viewer, queryGiven: false))

        var opened = packed
        opened.isDefault = true
        XCTAssertEqual(spy.responses.first, .openDefault(opened))
        guard case .tabs(let shown, _, let current, _, _) = spy.responses[1] else { return XCTFail("\(spy.responses)") }
        XCTAssertEqual(shown, [opened])
        XCTAssertEqual(current, "", "all orders, asked for with a query (/orders?view=all)")
        guard case .tabs(let vics, _, _, let mayTakeOrders, _) = spy.responses[2] else { return XCTFail("\(spy.responses)") }
        XCTAssertEqual(vics, [], "another account's default is never mine")
        XCTAssertFalse(mayTakeOrders, "a viewer takes no orders: no Drafts tab")
    }

    func testTheListWorksWhenNothingCanBeCounted() async {
        let worker = OrdersWorkerSpy()
        worker.countFailure = .unavailable("down")
        let (sut, spy) = makeInteractor(worker, views: SavedViewsMemStore())

        await sut.fetchTabs(request: ListOrders.FetchTabs.Request(signedIn: amy))

        XCTAssertEqual(spy.responses, [.tabs(views: [], counts: nil, current: "", mayTakeOrders: true)])
    }

    // MARK: Presenter

    func testTabsHaveTheirCountsTheCurrentOneMarkedAndTheSavedViewsAfter() {
        let presenter = ListOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = DisplaySpy()
        presenter.viewController = spy
        let views = [
            SavedView(id: 4, accountKey: "amy", name: "Packed again", query: "status=packed", position: 0),
            SavedView(id: 5, accountKey: "amy", name: "Jane", query: "q=jane", position: 1),
        ]

        presenter.presentTabs(
            response: .tabs(
                views: views, counts: ListOrders.FetchTabs.Counts(all: 10_001, new: 1_234, paid: 0, packed: 7), current: "status=packed",
                mayTakeOrders: true))

        typealias Tab = ListOrders.FetchTabs.ViewModel.Tab
        XCTAssertEqual(
            spy.tabs.first?.tabs?.tabs,
            [
                Tab(label: "All", count: "10,000+", url: "/orders", current: false),
                Tab(label: "New", count: "1,234", url: "/orders?status=new", current: false),
                Tab(label: "Paid", count: "0", url: "/orders?status=paid", current: false),
                Tab(label: "Packed (to ship)", count: "7", url: "/orders?status=packed", current: true),
                Tab(label: "Drafts", count: nil, url: "/drafts", current: false),
                Tab(label: "Packed again", count: nil, url: "/orders?status=packed", current: false),
                Tab(label: "Jane", count: nil, url: "/orders?q=jane", current: false),
            ],
            "one tab current: the built-in one first")
        XCTAssertNil(spy.tabs.first?.tabs?.saveURL, "a list a tab shows is saved already")
        XCTAssertEqual(spy.tabs.first?.tabs?.manageURL, "/orders/views")
    }

    func testASupervisorHasTheCancellationRequestsTabWithItsCountBeforeDrafts() {
        typealias Tab = ListOrders.FetchTabs.ViewModel.Tab
        let counts = ListOrders.FetchTabs.Counts(all: 12, new: 3, paid: 4, packed: 5, cancellationRequests: 2)

        let shown = ListOrdersPresenter.tabs(
            views: [], counts: counts, current: "cancellation=requested", mayTakeOrders: true, mayDecideCancellations: true)
        let notCounted = ListOrdersPresenter.tabs(
            views: [], counts: nil, current: "", mayTakeOrders: true, mayDecideCancellations: true)
        let clerks = ListOrdersPresenter.tabs(views: [], counts: counts, current: "", mayTakeOrders: true)

        XCTAssertEqual(shown.tabs.map(\.label), ["All", "New", "Paid", "Packed (to ship)", "Cancellation requests", "Drafts"])
        XCTAssertEqual(shown.tabs[4], Tab(label: "Cancellation requests", count: "2", url: "/orders?cancellation=requested", current: true))
        XCTAssertEqual(shown.tabs.filter(\.current).count, 1)
        XCTAssertNil(shown.saveURL, "a list a tab shows is saved already")
        XCTAssertEqual(notCounted.tabs[4], Tab(label: "Cancellation requests", count: nil, url: "/orders?cancellation=requested", current: false))
        XCTAssertFalse(clerks.tabs.map(\.label).contains("Cancellation requests"), "a supervisor's tab")

        // None waiting: no tab (it wrapped the tabs to a second line at 1280 px), unless it is the list shown.
        let noneWaiting = ListOrders.FetchTabs.Counts(all: 12, new: 3, paid: 4, packed: 5, cancellationRequests: 0)
        let quiet = ListOrdersPresenter.tabs(views: [], counts: noneWaiting, current: "", mayTakeOrders: true, mayDecideCancellations: true)
        XCTAssertEqual(quiet.tabs.map(\.label), ["All", "New", "Paid", "Packed (to ship)", "Drafts"])
        let shownEmpty = ListOrdersPresenter.tabs(
            views: [], counts: noneWaiting, current: "cancellation=requested", mayTakeOrders: true, mayDecideCancellations: true)
        XCTAssertEqual(shownEmpty.tabs[4], Tab(label: "Cancellation requests", count: "0", url: "/orders?cancellation=requested", current: true))
    }

    func testASearchNoTabShowsOffersToSaveItAndAllIsReachableBesideADefault() {
        let tabs = ListOrdersPresenter.tabs(
            views: [SavedView(id: 4, accountKey: "amy", name: "Packed", query: "status=packed", position: 0, isDefault: true)], counts: nil,
            current: "q=jane&status=paid", mayTakeOrders: false)

        XCTAssertEqual(tabs.tabs.map(\.label), ["All", "New", "Paid", "Packed (to ship)", "Packed"])
        XCTAssertEqual(tabs.tabs.first?.url, "/orders?view=all")
        XCTAssertEqual(tabs.tabs.compactMap(\.count), [], "not counted: no counts shown")
        XCTAssertFalse(tabs.tabs.contains(where: \.current))
        XCTAssertEqual(tabs.saveURL, "/orders/views/new?q=jane&status=paid")
    }

    func testOpeningTheDefaultIsARedirectToItsList() {
        let presenter = ListOrdersPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = DisplaySpy()
        presenter.viewController = spy

        presenter.presentTabs(response: .openDefault(SavedView(id: 4, accountKey: "amy", name: "P", query: "status=packed", position: 0)))

        XCTAssertEqual(spy.tabs, [ListOrders.FetchTabs.ViewModel(tabs: nil, redirectURL: "/orders?status=packed")])
    }

    // MARK: View controller

    final class BusinessLogicSpy: ListOrdersBusinessLogic {
        weak var viewController: ListOrdersDisplayLogic?
        var tabs = ListOrders.FetchTabs.ViewModel()
        var tabsRequests: [ListOrders.FetchTabs.Request] = []
        var fetched = 0

        func fetchOrders(request: ListOrders.FetchOrders.Request) async {
            fetched += 1
            viewController?.displayFetchedOrders(viewModel: ListOrders.FetchOrders.ViewModel(displayedOrders: []))
        }

        func fetchTabs(request: ListOrders.FetchTabs.Request) async {
            tabsRequests.append(request)
            viewController?.displayTabs(viewModel: tabs)
        }
    }

    func testTheListAsksForItsTabsFirstAndRendersThem() async throws {
        let pages = PageRendererSpy()
        let sut = ListOrdersViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = BusinessLogicSpy()
        spy.viewController = sut
        let shown = ListOrders.FetchTabs.ViewModel.Tabs(tabs: [.init(label: "All", count: "2", url: "/orders", current: true)])
        spy.tabs = ListOrders.FetchTabs.ViewModel(tabs: shown)
        sut.interactor = spy

        let response = await sut.showOrders(after: nil, before: nil, filters: OrdersFilterParameters(status: "new"), flash: nil, queryGiven: true)

        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(spy.tabsRequests.map(\.filters), [OrdersFilterParameters(status: "new")])
        XCTAssertEqual(spy.tabsRequests.map(\.signedIn), [testBrowser.signedIn])
        XCTAssertEqual(spy.fetched, 1)
        XCTAssertEqual((pages.rendered.first?.context as? ListOrders.FetchOrders.ViewModel)?.tabs, shown)
    }

    func testTheDefaultViewIsA303AndNoListIsFetched() async throws {
        let sut = ListOrdersViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)
        let spy = BusinessLogicSpy()
        spy.viewController = sut
        spy.tabs = ListOrders.FetchTabs.ViewModel(redirectURL: "/orders?status=packed")
        sut.interactor = spy

        let response = await sut.showOrders(after: nil, before: nil, flash: nil, queryGiven: false)

        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/orders?status=packed")
        XCTAssertEqual(spy.tabsRequests.map(\.queryGiven), [false])
        XCTAssertEqual(spy.fetched, 0)
    }
}
