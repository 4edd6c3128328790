import Hummingbird
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

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

    final class ExportOrdersRouterSpy: ExportOrdersRoutingLogic, ExportOrdersDataPassing {
        var filename: String?

        func routeToDownload(filename: String, body: ResponseBody) -> Response {
            self.filename = filename
            return Response(status: .ok, body: body)
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

    func testAnExportIsHandedToTheRouterAsADownloadOfItsCSV() async throws {
        // Given
        let routerSpy = ExportOrdersRouterSpy()
        sut.router = routerSpy
        let batches = try await ExportOrdersWorker(ordersStore: OrdersMemStore(orders: [Seeds.Orders.amy]), logger: Logger(label: "t"))
            .export(.all, parameters: [], by: nil)

        // When
        sut.displayExport(
            viewModel: ExportOrders.Export.ViewModel(
                filename: "orders-2026-11-23.csv", header: ["Order"], rows: batches.map { ExportOrders.Export.RowBatch(orders: $0) { [$0.id ?? ""] } }))

        // Then: the file's name to the router; its body the header and a row for each order
        XCTAssertEqual(routerSpy.filename, "orders-2026-11-23.csv")
        let response = try XCTUnwrap(sut.response)
        XCTAssertEqual(response.status, .ok)
        let text = try await response.bodyText()
        XCTAssertEqual(text, CSVRendering.byteOrderMark + "Order\r\n\(Seeds.Orders.amy.id ?? "")\r\n")
    }

    func testABigExportIsWrittenRowsPerTurnAtATimeAcrossTheWorkersBatches() async throws {
        // Given: more orders than two of the worker's batches, and the ids the worker reads, in order
        let count = ExportOrdersWorker.batchSize * 2 + 100
        let orders = (0..<count).map { index in
            var order = Seeds.Orders.amy
            order.date = Seeds.june29.addingTimeInterval(Double(index))
            return order
        }
        let worker = ExportOrdersWorker(ordersStore: OrdersMemStore(orders: orders), logger: Logger(label: "t"))
        var ids: [String] = []
        for try await batch in try await worker.export(.all, parameters: [], by: nil) {
            ids += batch.map { $0.id ?? "" }
        }
        sut.router = ExportOrdersRouterSpy()

        // When
        let batches = try await worker.export(.all, parameters: [], by: nil)
        sut.displayExport(
            viewModel: ExportOrders.Export.ViewModel(
                filename: "orders.csv", header: ["Order"], rows: batches.map { ExportOrders.Export.RowBatch(orders: $0) { [$0.id ?? ""] } }))
        let written = try await APIResponseBodyTests.written(try XCTUnwrap(sut.response).body)

        // Then: every order once, in the worker's order, after the header; written (and the thread
        // handed back) every `rowsPerTurn` rows, whatever the batches, the rest at the end
        XCTAssertEqual(Set(ids).count, count)
        let text = written.buffers.map { String(buffer: $0) }.joined()
        XCTAssertEqual(text, CSVRendering.byteOrderMark + "Order\r\n" + ids.map { $0 + "\r\n" }.joined())
        let lineEnds = written.buffers.map { String(buffer: $0).components(separatedBy: "\r\n").count - 1 }
        let turns = count / ExportOrdersViewController.rowsPerTurn
        XCTAssertEqual(
            lineEnds,
            [1 + ExportOrdersViewController.rowsPerTurn] + Array(repeating: ExportOrdersViewController.rowsPerTurn, count: turns - 1)
                + [count % ExportOrdersViewController.rowsPerTurn])
        XCTAssertTrue(written.finished)
    }

    func testAStoreThatCannotBeReadIsThe503Page() {
        sut.displayStoreUnavailable()

        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "error")
    }
}
