import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore

/// The real executable and its SQLite files: owner-only files, a complete database file after a
/// clean shutdown.
final class StorageProcessTests: XCTestCase {
    var directory: URL!
    var client: HTTPClient!

    override func setUpWithError() throws {
        try super.setUpWithError()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("cleanstore-storage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
    }

    override func tearDown() async throws {
        try await client.shutdown()
        try? FileManager.default.removeItem(at: directory)
        try await super.tearDown()
    }

    var databasePath: String { directory.appendingPathComponent("orders.sqlite").path }

    /// Creates `count` orders through the server; returns their ids.
    func createOrders(_ count: Int, through server: ServerProcess) async throws -> [String] {
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        var ids: [String] = []
        for index in 0..<count {
            var fields = Seeds.validFormFields
            fields.lastName = "Number \(index)"
            let result = try await browser.post("/orders", fields: fields)
            XCTAssertEqual(result.status, 303)
            ids.append(try XCTUnwrap(result.orderID))
        }
        return ids
    }

    // MARK: Shutdown

    func testAfterACleanShutdownACopyOfTheDatabaseFileAloneHoldsEveryOrder() async throws {
        // Given: orders created, then listed (a read), while the files are the owner's only
        let server = try ServerProcess(database: databasePath)
        let ids = try await createOrders(5, through: server)
        let list = try await LiveBrowser.open(server.baseURL, client: client).get("/orders")
        XCTAssertEqual(list.status, 200)
        for file in [databasePath, databasePath + "-wal", databasePath + "-shm"] {
            XCTAssertEqual(String(try OrdersSQLiteStoreFileTests.permissions(file), radix: 8), "600", file)
        }

        // When
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0)

        // Then
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("cleanstore-copy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: copy) }
        let copied = copy.appendingPathComponent("orders.sqlite").path
        try FileManager.default.copyItem(atPath: databasePath, toPath: copied)
        let orders = try await OrdersSQLiteStore(path: copied).fetchOrders()
        XCTAssertEqual(Set(orders.compactMap(\.id)), Set(ids))
        XCTAssert(orders.allSatisfy { $0.paymentMethod.creditCardNumber == "4111111111111111" })
    }
}
