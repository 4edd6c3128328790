import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The order page's way back to the list it was opened from and on to that list's next order
/// (`ShowOrder.FetchNavigation`): the interactor, presenter and view controller, each with spies.
final class ShowOrderNavigationTests: XCTestCase {
    final class PresenterSpy: ShowOrderNavigationPresentationLogic {
        var responses: [ShowOrder.FetchNavigation.Response] = []
        func presentNavigation(response: ShowOrder.FetchNavigation.Response) { responses.append(response) }
    }

    final class DisplaySpy: ShowOrderNavigationDisplayLogic {
        var viewModels: [ShowOrder.FetchNavigation.ViewModel] = []
        func displayNavigation(viewModel: ShowOrder.FetchNavigation.ViewModel) { viewModels.append(viewModel) }
    }

    func makeInteractor(_ worker: OrdersWorkerSpy) -> (ShowOrderInteractor, PresenterSpy) {
        let sut = ShowOrderInteractor(ordersWorker: worker)
        let spy = PresenterSpy()
        sut.navigationPresenter = spy
        return (sut, spy)
    }

    // MARK: Interactor

    func testAfterAMoveTheNextOrderOfTheListAfterThisOne() async {
        let worker = OrdersWorkerSpy()
        worker.page = OrdersPage(orders: [Seeds.Orders.bob], hasNewer: true, hasOlder: false)
        let (sut, spy) = makeInteractor(worker)

        await sut.fetchNavigation(request: ShowOrder.FetchNavigation.Request(orderID: "1", from: "/orders?status=packed&q=+a+", afterMove: true))

        XCTAssertEqual(spy.responses, [.navigation(filters: OrdersFilters(text: "a", status: .packed), next: Seeds.Orders.bob)])
        XCTAssertEqual(worker.fetchOrderCalledWithID, "1")
        XCTAssertEqual(
            worker.pageRequest,
            OrdersPageRequest(
                position: .after(OrdersCursor(order: Seeds.Orders.amy, sortedBy: .date)!), limit: 1,
                query: OrdersQuery(text: "a", status: .packed), opensCards: false),
            "one order, after this one's place in the list's sort; its link shows no card, so none is decrypted")
    }

    func testWithoutAMoveOnlyTheWayBackAndARefusedListIsNone() async {
        let worker = OrdersWorkerSpy()
        let (sut, spy) = makeInteractor(worker)

        await sut.fetchNavigation(request: ShowOrder.FetchNavigation.Request(orderID: "1", from: "/orders?status=paid"))
        await sut.fetchNavigation(request: ShowOrder.FetchNavigation.Request(orderID: "1", from: "//evil.com", afterMove: true))
        await sut.fetchNavigation(request: ShowOrder.FetchNavigation.Request(orderID: "1", from: nil, afterMove: true))

        XCTAssertEqual(
            spy.responses,
            [.navigation(filters: OrdersFilters(status: .paid), next: nil), .navigation(filters: nil, next: nil), .navigation(filters: nil, next: nil)])
        XCTAssertNil(worker.pageRequest, "nothing read")
    }

    func testAStoreThatFailsLeavesTheNextLinkOut() async {
        let worker = OrdersWorkerSpy()
        worker.failure = .unavailable("down")
        let (sut, spy) = makeInteractor(worker)
        await sut.fetchNavigation(request: ShowOrder.FetchNavigation.Request(orderID: "1", from: "/orders?status=paid", afterMove: true))
        XCTAssertEqual(spy.responses, [.navigation(filters: OrdersFilters(status: .paid), next: nil)])
    }

    // MARK: Presenter

    func testTheListsURLAndTheNextOrdersLinkCarryingIt() {
        let presenter = ShowOrderPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        let spy = DisplaySpy()
        presenter.navigationViewController = spy

        presenter.presentNavigation(response: .navigation(filters: OrdersFilters(status: .packed), next: Seeds.Orders.bob))
        presenter.presentNavigation(response: .navigation(filters: OrdersFilters(text: "jane"), next: Seeds.Orders.bob))
        presenter.presentNavigation(response: .navigation(filters: OrdersFilters(), next: nil))
        presenter.presentNavigation(response: .navigation(filters: nil, next: nil))

        XCTAssertEqual(
            spy.viewModels,
            [
                .init(listURL: "/orders?status=packed", nextURL: "/orders/2?from=%2Forders%3Fstatus%3Dpacked", nextLabel: "Next packed order →"),
                .init(listURL: "/orders?q=jane", nextURL: "/orders/2?from=%2Forders%3Fq%3Djane", nextLabel: "Next order in the list →"),
                .init(listURL: "/orders", nextURL: nil, nextLabel: nil),
                .init(listURL: nil, nextURL: nil, nextLabel: nil),
            ])
    }

    // MARK: View controller

    final class NavigationLogicSpy: ShowOrderNavigationLogic {
        weak var viewController: ShowOrderNavigationDisplayLogic?
        var requests: [ShowOrder.FetchNavigation.Request] = []
        func fetchNavigation(request: ShowOrder.FetchNavigation.Request) async {
            requests.append(request)
            viewController?.displayNavigation(
                viewModel: .init(listURL: "/orders?status=paid", nextURL: "/orders/2?from=%2Forders%3Fstatus%3Dpaid", nextLabel: "Next paid order →"))
        }
    }

    func testThePageGoesBackToItsListAndItsFormsCarryIt() async throws {
        let pages = PageRendererSpy()
        let sut = ShowOrderViewController(
            environment: try await makeTestEnvironment(store: OrdersMemStore(orders: [Seeds.Orders.amy]), pages: pages), browser: testBrowser)
        let spy = NavigationLogicSpy()
        spy.viewController = sut
        sut.navigationInteractor = spy

        let response = await sut.showOrder(id: "1", flash: "Order 1 marked as packed.", from: "/orders?status=paid")

        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(spy.requests.map(\.from), ["/orders?status=paid"])
        XCTAssertEqual(spy.requests.map(\.afterMove), [true])
        let shown = try XCTUnwrap(pages.rendered.first?.context as? ShowOrder.GetOrder.ViewModel.DisplayedOrder)
        XCTAssertEqual(shown.ordersURL, "/orders?status=paid")
        XCTAssertEqual(shown.backLabel, "Back to orders")
        XCTAssertEqual(shown.nextURL, "/orders/2?from=%2Forders%3Fstatus%3Dpaid")
        XCTAssertEqual(shown.nextLabel, "Next paid order →")
        XCTAssertEqual(shown.statusURL, "/orders/1/status?from=%2Forders%3Fstatus%3Dpaid")
    }

    func testWithoutFromNothingIsAsked() async throws {
        let sut = ShowOrderViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)
        let spy = NavigationLogicSpy()
        sut.navigationInteractor = spy
        _ = await sut.showOrder(id: "1", flash: nil)
        XCTAssertTrue(spy.requests.isEmpty)
    }
}
