import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore

/// The real executable and its SQLite files: owner-only files, a complete database file after a
/// clean shutdown, the card key made on first start.
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

    // MARK: Card keys

    func testWithNoKeyGivenTheFirstStartMakesAKeyFileBesideTheDatabaseAndLaterStartsUseIt() async throws {
        // Given no key (no option, no environment)
        let keyFile = databasePath + ".card-key"
        let first = try ServerProcess(database: databasePath, environment: ["CLEANSTORE_CARD_KEY": nil])
        let ids = try await createOrders(1, through: first)
        let (status, log) = first.stop(with: SIGTERM)
        XCTAssertEqual(status, 0, log)

        // Then: a key file, 0600, named loudly in the log, which never shows the key
        let key = try CardKey(base64: try String(contentsOfFile: keyFile, encoding: .utf8))
        XCTAssertEqual(String(try OrdersSQLiteStoreFileTests.permissions(keyFile), radix: 8), "600")
        let warning = log.components(separatedBy: "\n").first { $0.contains("generated a new card key") }
        XCTAssertEqual(warning?.contains("warning"), true, log)
        XCTAssertEqual(warning?.contains(keyFile), true, log)
        XCTAssertFalse(log.contains(key.base64), "The key is never logged")

        // And the next start uses it: the order reads back
        let second = try ServerProcess(database: databasePath, environment: ["CLEANSTORE_CARD_KEY": nil])
        let page = try await LiveBrowser.open(second.baseURL, client: client).get("/orders/\(ids[0])")
        XCTAssertEqual(page.status, 200)
        XCTAssert(page.body.contains("1111"), "The card's last four digits show")
        let (_, secondLog) = second.stop(with: SIGTERM)
        XCTAssert(secondLog.contains("encrypted with card key \(key.id), from \(keyFile)"), secondLog)
        XCTAssertFalse(secondLog.contains("generated"), secondLog)
        let stored = try await OrdersSQLiteStore(path: databasePath, cards: CardKeyring(current: key)).fetchOrder(id: ids[0])
        XCTAssertEqual(stored?.paymentMethod.creditCardNumber, "4111111111111111")
    }
}
