import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ExportOrdersRouterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ExportOrdersRouter!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ExportOrdersRouter()
    }

    // MARK: Tests

    func testRouteToDownloadShouldHandTheBrowserACSVFileThatNoCacheKeeps() async throws {
        // When
        let response = sut.routeToDownload(filename: "orders-2026-11-23.csv", body: ResponseBody(byteBuffer: ByteBuffer(string: "Order\r\n")))

        // Then
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers[.contentType], "text/csv; charset=utf-8; header=present")
        XCTAssertEqual(response.headers[.contentDisposition], "attachment; filename=\"orders-2026-11-23.csv\"")
        XCTAssertEqual(response.headers[.cacheControl], "no-store")
        let text = try await response.bodyText()
        XCTAssertEqual(text, "Order\r\n", "The body as it was given")
    }
}
