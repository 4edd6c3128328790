import Hummingbird
import Logging
import XCTest

@testable import CleanStore

final class ExportOrdersViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExportOrdersViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ExportOrdersViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ExportOrdersBusinessLogicSpy: ExportOrdersBusinessLogic {
        var request: ExportOrders.Export.Request?

        func exportOrders(request: ExportOrders.Export.Request) async {
            self.request = request
        }
    }

    // MARK: Tests

    func testTheURLsParametersAndWhoIsAskingGoToTheInteractor() async {
        // Given
        let spy = ExportOrdersBusinessLogicSpy()
        sut.interactor = spy
        let filters = OrdersFilterParameters(text: "José", shipping: "1", from: "2026-11-01", to: "x", sort: "-total")

        // When
        _ = await sut.exportOrders(filters: filters)

        // Then
        XCTAssertEqual(spy.request?.filters, filters)
        XCTAssertEqual(spy.request?.signedIn, testBrowser.signedIn)
    }

    func testAnExportIsADownloadOfCSVThatNoCacheKeeps() async throws {
        // Given
        let batches = try await ExportOrdersWorker(ordersStore: OrdersMemStore(orders: [Seeds.Orders.amy]), logger: Logger(label: "t"))
            .export(.all, parameters: [], by: nil)

        // When
        sut.displayExport(
            viewModel: ExportOrders.Export.ViewModel(
                filename: "orders-2026-11-23.csv", header: ["Order"], rows: batches.map { $0.map { [$0.id ?? ""] } }))

        // Then
        let response = try XCTUnwrap(sut.response)
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers[.contentType], "text/csv; charset=utf-8; header=present")
        XCTAssertEqual(response.headers[.contentDisposition], "attachment; filename=\"orders-2026-11-23.csv\"")
        XCTAssertEqual(response.headers[.cacheControl], "no-store")
    }

    func testAStoreThatCannotBeReadIsThe503Page() {
        sut.displayStoreUnavailable()

        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "error")
    }
}
