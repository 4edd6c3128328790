import Foundation
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `/healthz` tells the truth about the store: 200 `ok` when it can read and write, else 503, with
/// the reason in the log (at error level, with the request id) and never in the answer.
final class HealthCheckTests: TemporaryDirectoryTestCase {
    /// The app, logging at info level into `log`, on an SQLite store whose file is then deleted.
    func appOnADeletedDatabase(log: LogCapture, holding orders: [Order] = []) async throws -> TestApp {
        let store = try OrdersSQLiteStore(path: databasePath)
        for order in orders { _ = try await store.createOrder(orderToCreate: order, by: nil, at: Seeds.june29) }
        let app = try await TestApp(store: store, logger: log.logger(level: .info))
        try FileManager.default.removeItem(atPath: databasePath)
        return app
    }

    func testHealthzIs503AndLogsWhyWhenTheDatabaseFileIsGone() async throws {
        // Given: a server on an SQLite file, which is then deleted
        let log = LogCapture()
        let app = try await appOnADeletedDatabase(log: log)

        // When
        let response = try await app.test { client in try await client.get("/healthz") }

        // Then
        XCTAssertEqual(response.status, .serviceUnavailable)
        XCTAssertEqual(response.headers[.contentType], "text/plain; charset=utf-8")
        XCTAssertEqual(response.text, "unavailable", "The answer names no path and no error")
        let line = log.text.components(separatedBy: "\n").first { $0.contains("Health check failed") }
        XCTAssertEqual(line?.hasPrefix("error "), true, log.text)
        XCTAssertEqual(line?.contains("is no longer the file opened at start-up"), true, log.text)
        XCTAssertEqual(line?.contains("hb.request.id="), true, "The line names the request: \(log.text)")
    }

    func testAnOrderSavedIntoADeletedDatabaseIsRefusedAndLoggedWithTheRequestID() async throws {
        let log = LogCapture()
        let app = try await appOnADeletedDatabase(log: log, holding: [try XCTUnwrap(Seeds.order())])

        // Its edit form posted (a new order is placed from a draft, in the same database)
        let response = try await app.test { client in try await client.post("/orders/1", form: Seeds.formBody(Seeds.validFormFields)) }

        XCTAssertNotEqual(response.status, .seeOther, "No order is acknowledged into a deleted file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "Nor is an empty database made in its place")
        let line = log.text.components(separatedBy: "\n").first { $0.contains("Store failed") }
        XCTAssertEqual(line?.hasPrefix("error "), true, log.text)
        XCTAssertEqual(line?.contains("deleted, moved or replaced"), true, log.text)
        XCTAssertEqual(line?.contains("hb.request.id="), true, log.text)
    }

    func testHealthzIs503WhenTheDiskIsFull() async throws {
        let log = LogCapture()
        let app = try await TestApp(store: HardeningTests.FullDiskStore(), logger: log.logger(level: .info))
        let response = try await app.test { client in try await client.get("/healthz") }
        XCTAssertEqual(response.status, .serviceUnavailable)
        XCTAssertEqual(response.text, "unavailable")
        XCTAssert(log.text.contains("disk is full"), log.text)
    }
}
