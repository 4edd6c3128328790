import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ViewOrderHistoryInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ViewOrderHistoryInteractor!
    var presenterSpy: ViewOrderHistoryPresentationLogicSpy!
    var workerSpy: ViewOrderHistoryWorkerSpy!
    var ordersWorkerSpy: OrdersWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = ViewOrderHistoryWorkerSpy()
        ordersWorkerSpy = OrdersWorkerSpy()
        sut = ViewOrderHistoryInteractor(worker: workerSpy, ordersWorker: ordersWorkerSpy)
        presenterSpy = ViewOrderHistoryPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ViewOrderHistoryPresentationLogicSpy: ViewOrderHistoryPresentationLogic {
        var presentHistoryResponse: ViewOrderHistory.FetchHistory.Response?

        func presentHistory(response: ViewOrderHistory.FetchHistory.Response) {
            presentHistoryResponse = response
        }
    }

    /// Answers with `events`, or throws `failure`.
    final class ViewOrderHistoryWorkerSpy: ViewOrderHistoryWorker {
        var events: [OrderEvent] = []
        var failure: OrdersStoreError?
        var fetchEventsCalledWithID: String?

        init() {
            super.init(eventsStore: OrderEventsMemStore())
        }

        override func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
            fetchEventsCalledWithID = orderID
            if let failure { throw failure }
            return events
        }
    }

    static let created = OrderEvent(orderID: "1", kind: .created, by: AccountSeeds.amy.name, at: Seeds.june29)
    static let updated = OrderEvent(
        orderID: "1", kind: .updated, by: AccountSeeds.sue.name, at: Seeds.june30,
        changes: [OrderChange(field: "First name", old: "Amy", new: "Ann")])
    static let deleted = OrderEvent(orderID: "1", kind: .deleted, by: nil, at: Seeds.june30.addingTimeInterval(60))

    // MARK: Tests

    func testFetchHistoryShouldAskTheWorkerForTheEventsAndThePresenterToFormatThem() async {
        // Given
        workerSpy.events = [Self.updated, Self.created]

        // When
        await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "1"))

        // Then
        XCTAssertEqual(workerSpy.fetchEventsCalledWithID, "1")
        XCTAssertEqual(presenterSpy.presentHistoryResponse, .found(orderID: "1", events: [Self.updated, Self.created], isDeleted: false))
        XCTAssertEqual(sut.events, [Self.updated, Self.created], "The data store keeps the events")
    }

    func testFetchHistoryShouldSayTheOrderWasDeleted() async {
        // Given: the order is gone (the orders worker knows none)
        workerSpy.events = [Self.deleted, Self.updated, Self.created]
        ordersWorkerSpy.storedOrders = []

        // When: a supervisor asks
        await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "1", signedIn: testBrowser.signedIn))

        // Then
        XCTAssertEqual(
            presenterSpy.presentHistoryResponse, .found(orderID: "1", events: [Self.deleted, Self.updated, Self.created], isDeleted: true))
    }

    func testADeletedOrdersHistoryIsForSupervisorsOnly() async {
        // Given
        workerSpy.events = [Self.deleted, Self.updated, Self.created]
        ordersWorkerSpy.storedOrders = []

        for role in [AccountRole.viewer, .clerk] {
            // When
            await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "1", signedIn: SignedIn(name: testAccount.name, role: role)))

            // Then
            XCTAssertEqual(presenterSpy.presentHistoryResponse, .notPermitted(role), "\(role)")
            XCTAssertEqual(sut.events, [], "Nothing of it is kept")
        }
    }

    func testFetchHistoryOfAnOrderWithNoEventsShouldFindTheOrderAnyway() async {
        // When: order 1 (Amy, seeded before history was kept) has no events
        await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "1"))

        // Then
        XCTAssertEqual(ordersWorkerSpy.fetchOrderCalledWithID, "1")
        XCTAssertEqual(presenterSpy.presentHistoryResponse, .found(orderID: "1", events: [], isDeleted: false))
    }

    func testFetchHistoryShouldPresentNotFoundWhenTheOrderNeverExisted() async {
        // When
        await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "99"))

        // Then
        XCTAssertEqual(presenterSpy.presentHistoryResponse, .notFound)
    }

    func testFetchHistoryShouldPresentStoreUnavailableWhenTheStoreFails() async {
        for failing in ["events", "orders"] {
            // Given
            workerSpy.failure = failing == "events" ? .cannotFetch("disk I/O error") : nil
            ordersWorkerSpy.failure = failing == "orders" ? .cannotFetch("disk I/O error") : nil

            // When
            await sut.fetchHistory(request: ViewOrderHistory.FetchHistory.Request(orderID: "1"))

            // Then
            XCTAssertEqual(presenterSpy.presentHistoryResponse, .storeUnavailable, failing)
        }
    }
}
