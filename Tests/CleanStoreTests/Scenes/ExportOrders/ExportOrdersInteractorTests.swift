import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExportOrdersInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExportOrdersInteractor!
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExportOrdersInteractor(
            worker: ExportOrdersWorkerSpy(), filterWorker: OrdersFilterWorker(timeZone: TimeZone(identifier: "UTC")!), now: { Self.now })
    }

    // MARK: Test doubles

    final class ExportOrdersPresentationLogicSpy: ExportOrdersPresentationLogic {
        var response: ExportOrders.Export.Response?

        func presentExport(response: ExportOrders.Export.Response) {
            self.response = response
        }
    }

    final class ExportOrdersWorkerSpy: ExportOrdersWorker {
        var query: OrdersQuery?
        var parameters: [String] = []
        var by: AccountName?
        var failure: OrdersStoreError?

        init() {
            super.init(ordersStore: OrdersMemStore(orders: [Seeds.Orders.amy, Seeds.Orders.bob]), logger: Logger(label: "spy"))
        }

        override func export(_ query: OrdersQuery, parameters: [(name: String, value: String)], by account: AccountName?)
            async throws(OrdersStoreError) -> Batches
        {
            self.query = query
            self.parameters = parameters.map { "\($0.name)=\($0.value)" }
            by = account
            if let failure { throw failure }
            return try await super.export(query, parameters: parameters, by: account)
        }
    }

    // MARK: Tests

    func testExportAsksTheWorkerForEveryOrderTheListsQueryFindsAndThePresenterToWriteThem() async throws {
        // Given
        let presenterSpy = ExportOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = ExportOrdersWorkerSpy()
        sut.worker = workerSpy

        // When
        await sut.exportOrders(
            request: ExportOrders.Export.Request(
                filters: OrdersFilterParameters(text: " bob ", shipping: "2", from: "nonsense", sort: "name"), signedIn: testBrowser.signedIn))

        // Then
        XCTAssertEqual(workerSpy.query, OrdersQuery(text: "bob", shippingSpeed: .twoDay, sort: .init(.name, descending: false)), "As the list reads it")
        XCTAssertEqual(workerSpy.parameters, ["q=bob", "shipping=2", "sort=name"], "What is logged: what was applied")
        XCTAssertEqual(workerSpy.by, testBrowser.signedIn?.name, "Who exported")
        XCTAssertEqual(sut.query, workerSpy.query, "The data store keeps the query")
        guard case .export(let batches, let at) = presenterSpy.response else { return XCTFail("\(String(describing: presenterSpy.response))") }
        XCTAssertEqual(at, Self.now)
        var ids: [String] = []
        for try await batch in batches { ids += batch.compactMap(\.id) }
        XCTAssertEqual(ids, ["2"], "Bob, two-day shipping")
    }

    func testAStoreThatCannotBeReadIsPresentedBeforeAnythingIsSent() async {
        // Given
        let presenterSpy = ExportOrdersPresentationLogicSpy()
        sut.presenter = presenterSpy
        let workerSpy = ExportOrdersWorkerSpy()
        workerSpy.failure = .cannotFetch("disk gone")
        sut.worker = workerSpy

        // When
        await sut.exportOrders(request: ExportOrders.Export.Request())

        // Then
        guard case .storeUnavailable = presenterSpy.response else { return XCTFail("\(String(describing: presenterSpy.response))") }
    }
}
