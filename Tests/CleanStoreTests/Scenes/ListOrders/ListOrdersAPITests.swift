import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of ListOrders: the query as the list page's URL carries it; the page of orders as
/// the API's document, or the filters' problems as a 422.
final class ListOrdersAPITests: XCTestCase {
    let viewer = SignedIn(name: testAccount.name, role: .viewer)

    final class BusinessLogicSpy: ListOrdersBusinessLogic {
        var request: ListOrders.FetchOrders.Request?
        func fetchOrders(request: ListOrders.FetchOrders.Request) async { self.request = request }
        func fetchTabs(request: ListOrders.FetchTabs.Request) async { XCTFail("The API's list has no tabs") }
    }

    final class DisplaySpy: ListOrdersAPIDisplayLogic {
        var viewModel: ListOrders.FetchOrders.APIViewModel?
        func displayFetchedOrders(viewModel: ListOrders.FetchOrders.APIViewModel) { self.viewModel = viewModel }
    }

    func testTheQueryIsTheListPagesParameters() async throws {
        let sut = ListOrdersAPIViewController(environment: try await makeTestEnvironment(), signedIn: viewer)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        _ = try? await sut.listOrders(
            .init(q: "amy", shipping: .twoDay, status: .paid, from: "2007-06-01", to: "2007-06-30", sort: ._hyphen_total, after: "c1"))
        XCTAssertEqual(
            spy.request?.filters,
            OrdersFilterParameters(text: "amy", shipping: "2", status: "paid", from: "2007-06-01", to: "2007-06-30", sort: "-total"))
        XCTAssertEqual(spy.request?.after, "c1")
        XCTAssertNil(spy.request?.before)
        XCTAssertEqual(spy.request?.signedIn, viewer)
        XCTAssertEqual(spy.request?.opensCards, false, "A summary has no card (openapi.yaml): none is decrypted")
    }

    func testThePresenterMakesSummariesWithCentsAndCursors() throws {
        let sut = ListOrdersAPIPresenter()
        let spy = DisplaySpy()
        sut.viewController = spy
        let older = try XCTUnwrap(OrdersCursor(order: Seeds.Orders.bob, sortedBy: .date))
        sut.presentFetchedOrders(response: .fetched([Seeds.Orders.amy, Seeds.Orders.bob], newerPage: nil, olderPage: older))
        guard case .page(let page) = spy.viewModel else { return XCTFail("\(String(describing: spy.viewModel))") }
        XCTAssertEqual(page.orders.map(\.id), ["1", "2"])
        XCTAssertEqual(page.orders.first?.total, .init(amount: Seeds.Orders.amy.totals.totalCents, currency: .usd))
        XCTAssertEqual(page.next, older.token)
        XCTAssertNil(page.previous)
    }

    func testTheFiltersProblemsAreA422InThePagesWords() {
        let sut = ListOrdersAPIPresenter()
        let spy = DisplaySpy()
        sut.viewController = spy
        sut.presentFetchedOrders(response: .fetched([], newerPage: nil, olderPage: nil, problems: [.textTooLong]))
        guard case .problem(let problem) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(problem.status, .unprocessableContent)
        XCTAssertEqual(problem.errors.map(\.field), ["q"])
        XCTAssertEqual(
            problem.errors.first?.message, ListOrdersPresenter.filtersForm(OrdersFilters(), problems: [.textTooLong]).textError)

        sut.presentFetchedOrders(response: .storeUnavailable())
        XCTAssertEqual(spy.viewModel, .problem(.unavailable))
    }
}
