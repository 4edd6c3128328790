import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore

/// The real executable and its SQLite files: owner-only files, a complete database file after a
/// clean shutdown, the card key made on first start, and `rotate-card-key` while a server serves.
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

    func testRotateCardKeyReencryptsEveryOrderWhileTheServerServes() async throws {
        try await rotateCardKeyWhileServing(database: databasePath) { cards in
            try await OrdersSQLiteStore(path: self.databasePath, cards: cards).fetchOrders()
        }
    }

    func testRotateCardKeyReencryptsEveryOrderOfAPostgreSQLDatabaseWhileTheServerServes() async throws {
        let url = try await TestPostgres.makeDatabase()
        try await rotateCardKeyWhileServing(database: url) { cards in
            let store = try await TestPostgres.openStore(url: url, cards: cards, for: self)
            try await store.migrate()
            return try await store.fetchOrders()
        }
    }

    /// Orders written under the old key (the test key); a server restarted with a new key, the old
    /// one as previous; `cleanstore rotate-card-key` run beside it while it takes orders; then the
    /// new key alone reads every order and the old one alone none (`orders` reads them with a keyring).
    func rotateCardKeyWhileServing(
        database: String, orders: @escaping (CardKeyring) async throws -> [Order], file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        // Given
        let oldFile = directory.appendingPathComponent("old.card-key").path
        let newFile = directory.appendingPathComponent("new.card-key").path
        try OwnerOnlyFile.create(atPath: oldFile, contents: Data(TestCardKeys.base64.utf8))
        try OwnerOnlyFile.create(atPath: newFile, contents: Data(TestCardKeys.otherBase64.utf8))
        let before = try ServerProcess(database: database)
        let ids = try await createOrders(30, through: before)
        XCTAssertEqual(before.stop(with: SIGTERM).status, 0, file: file, line: line)
        let keys = ["--card-key-file", newFile, "--previous-card-key-file", oldFile]
        let server = try ServerProcess(database: database, arguments: keys, environment: ["CLEANSTORE_CARD_KEY": nil])

        // When: rotate-card-key runs beside it, in batches of 7, while the server takes orders
        let rotate = Process()
        rotate.executableURL = ServerProcess.executable
        rotate.arguments = ["rotate-card-key", "--database", database, "--batch-size", "7"] + keys
        rotate.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CLEANSTORE_CARD_KEY" }
        let output = Pipe()
        rotate.standardOutput = output
        rotate.standardError = output
        try rotate.run()
        let during = try await createOrders(5, through: server)
        let rotateLog = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        rotate.waitUntilExit()

        // Then: it succeeded, and said so without a key
        XCTAssertEqual(rotate.terminationStatus, 0, rotateLog, file: file, line: line)
        XCTAssert(rotateLog.contains("Re-encrypted"), rotateLog, file: file, line: line)
        XCTAssert(rotateLog.contains("remaining under other keys=0"), rotateLog, file: file, line: line)
        let (status, serverLog) = server.stop(with: SIGTERM)
        XCTAssertEqual(status, 0, serverLog, file: file, line: line)
        for log in [rotateLog, serverLog] {
            XCTAssertFalse(log.contains(TestCardKeys.base64) || log.contains(TestCardKeys.otherBase64), log, file: file, line: line)
        }

        // And the new key alone now serves every order
        let after = try ServerProcess(database: database, arguments: ["--card-key-file", newFile], environment: ["CLEANSTORE_CARD_KEY": nil])
        let browser = try await LiveBrowser.open(after.baseURL, client: client)
        for id in ids + during {
            let page = try await browser.get("/orders/\(id)")
            XCTAssertEqual(page.status, 200, "Order \(id)", file: file, line: line)
        }
        XCTAssertEqual(after.stop(with: SIGTERM).status, 0, file: file, line: line)
        let stored = try await orders(CardKeyring(current: TestCardKeys.other))
        XCTAssertEqual(stored.count, 35, file: file, line: line)
        XCTAssert(stored.allSatisfy { $0.paymentMethod.creditCardNumber == "4111111111111111" && $0.version == 1 }, file: file, line: line)
        do {
            _ = try await orders(TestCardKeys.keyring)
            XCTFail("The old key alone opens the database no more", file: file, line: line)
        } catch {
            XCTAssert("\(error)".contains("encrypted under card key \(TestCardKeys.other.id)"), "\(error)", file: file, line: line)
        }
    }
}
