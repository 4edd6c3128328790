import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ViewOrderHistoryViewControllerTests: XCTestCase {
    typealias ViewModel = ViewOrderHistory.FetchHistory.ViewModel

    // MARK: Subject under test

    var sut: ViewOrderHistoryViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ViewOrderHistoryViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ViewOrderHistoryBusinessLogicSpy: ViewOrderHistoryBusinessLogic {
        var fetchHistoryRequest: ViewOrderHistory.FetchHistory.Request?

        func fetchHistory(request: ViewOrderHistory.FetchHistory.Request) async {
            fetchHistoryRequest = request
        }
    }

    static let history = ViewModel.DisplayedHistory(
        title: "History of order 7", orderID: "7", deletedNotice: nil, orderURL: "/orders/7",
        events: [
            ViewModel.DisplayedEvent(
                title: "Order changed", by: "Sue Super (sue)", date: "30 June 2007 at 6am", machineDate: "2007-06-30T06:00:00+00:00",
                changes: [ViewModel.DisplayedChange(field: "First name", old: "Amy", new: "Ann")], noChanges: nil)
        ],
        emptyMessage: nil, ordersURL: "/orders")

    // MARK: Tests

    func testShowHistoryShouldFetchTheHistoryOfTheOrderNamedInTheURL() async {
        // Given
        let spy = ViewOrderHistoryBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showHistory(id: "7")

        // Then
        XCTAssertEqual(spy.fetchHistoryRequest?.orderID, "7", "Requesting the page should ask the interactor for the order's history")
    }

    func testDisplayHistoryShouldRenderTheScenesTemplate() {
        // When
        sut.displayHistory(viewModel: .history(Self.history))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ViewOrderHistory/history")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "History of order 7")
        XCTAssertEqual(pagesSpy.rendered.first?.context as? ViewModel.DisplayedHistory, Self.history)
        XCTAssertEqual(sut.response?.status, .ok)
    }

    func testDisplayHistoryShouldRender404Or503WhenThereIsNoHistoryToShow() {
        sut.displayHistory(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayHistory(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.map(\.template), ["error", "error"])
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given: every optional set
        var history = Self.history
        history.deletedNotice = "Order 7 was deleted. Its history is kept."
        history.emptyMessage = "No changes to this order have been recorded."
        var event = history.events[0]
        event.noChanges = "Saved with no changes."
        event.batchURL = "/orders/bulk/4"
        event.batchLabel = "Part of bulk move 4"
        var change = event.changes[0]
        change.summary = "Card changed, still ending 1111"

        // When
        func unreachable(_ value: Any, _ child: (String) -> Any?) -> [String] {
            Mirror(reflecting: value).children.compactMap(\.label).filter { child($0) == nil }
        }
        let names = unreachable(history, history.child) + unreachable(event, event.child) + unreachable(change, change.child)

        // Then
        XCTAssertEqual(names, [], "Add these to the template tables in ViewModels+ViewOrderHistory.swift")
    }
}
