import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The real executable and its SQLite files: owner-only files, a complete database file after a
/// clean shutdown, `/healthz` on a read-only or vanished database, the card key made on first start,
/// and `rotate-card-key` while a server serves.
final class StorageProcessTests: ProcessTestCase {
    func healthz(_ server: ServerProcess) async throws -> (status: UInt, body: String) {
        let response = try await client.execute(HTTPClientRequest(url: server.baseURL + "/healthz"), timeout: .seconds(10))
        return (response.status.code, String(buffer: try await response.body.collect(upTo: 1 << 16)))
    }

    /// Creates `count` orders through the server; returns their ids.
    func createOrders(_ count: Int, through server: ServerProcess) async throws -> [String] {
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        var ids: [String] = []
        for index in 0..<count {
            var fields = Seeds.validFormFields
            fields.lastName = "Number \(index)"
            let result = try await browser.placeOrder(fields: fields)
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
            XCTAssertEqual(String(try permissions(file), radix: 8), "600", file)
        }

        // When
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0)

        // Then
        let orders = try await OrdersSQLiteStore(path: try copyAlone(databasePath)).fetchOrders()
        XCTAssertEqual(Set(orders.compactMap(\.id)), Set(ids))
        XCTAssert(orders.allSatisfy { $0.paymentMethod.creditCardNumber == "4111111111111111" })
    }

    // MARK: Faults

    /// Makes the database file read-only (0400) for the server about to start: root may write any
    /// file, so as root the server is to run as nobody, whose files they then are, from a copy of
    /// what it reads that nobody may read (the clone may sit where nobody cannot). Returns the
    /// launcher that runs it so, and that copy (nil when not root).
    func makeDatabaseReadOnly() throws -> (launcher: [String], home: URL?) {
        var launcher: [String] = []
        var home: URL?
        if getuid() == 0 {
            launcher = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--"]
            for item in try FileManager.default.contentsOfDirectory(atPath: directory.path) + [""] {
                try FileManager.default.setAttributes(
                    [.ownerAccountID: 65534, .groupOwnerAccountID: 65534], ofItemAtPath: directory.appendingPathComponent(item).path)
            }
            home = directory.appendingPathComponent("installation")
            try ServerProcess.copyInstallation(into: home!)
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: databasePath)
        return (launcher, home)
    }

    func testOnAReadOnlyDatabaseHealthzIs503AndSaysWhyInTheLog() async throws {
        // Given: a database whose last orders are still in its -wal (the server was killed), then
        // made read-only
        let first = try ServerProcess(database: databasePath)
        _ = try await createOrders(2, through: first)
        // Signed in before: signing in writes a session, which a read-only database cannot.
        let browser = try await LiveBrowser.open(first.baseURL, client: client)
        _ = first.stop(with: SIGKILL)
        let (launcher, home) = try makeDatabaseReadOnly()

        // When
        let server = try ServerProcess(database: databasePath, launcher: launcher, home: home)
        let health = try await healthz(server)
        let list = try await browser.talking(to: server.baseURL).get("/orders")

        // Then: reads work, the probe does not, and the log says why
        XCTAssertEqual(health.status, 503)
        XCTAssertEqual(health.body, "unavailable")
        XCTAssertEqual(list.status, 200, "Orders can still be read")
        XCTAssert(list.body.contains("Number 1"), list.body)
        let (_, log) = server.stop(with: SIGTERM)
        let line = log.components(separatedBy: "\n").first { $0.contains("Health check failed") }
        XCTAssertEqual(line?.contains("error"), true, log)
        XCTAssertEqual(line?.contains("attempt to write a readonly database"), true, "SQLite's reason is in the line: \(log)")
    }

    func testOnAReadOnlyDatabaseWithAnEmptyWALTheServerDoesNotStartAndSaysWhy() async throws {
        // Given: a database closed cleanly (its WAL checkpointed and gone), then made read-only
        let first = try ServerProcess(database: databasePath)
        _ = try await createOrders(1, through: first)
        XCTAssertEqual(first.stop(with: SIGTERM).status, 0)
        let (launcher, home) = try makeDatabaseReadOnly()

        // When / Then: GRDB writes to the file when it opens it without a WAL, so the server stops at once
        XCTAssertThrowsError(try ServerProcess(database: databasePath, launcher: launcher, home: home)) { error in
            guard case ServerProcess.ServerError.exited(let log) = error else { return XCTFail("\(error)") }
            XCTAssert(log.contains("Cannot open the SQLite database \(databasePath)"), log)
            XCTAssert(log.contains("attempt to write a readonly database"), log)
        }
    }

    func testADatabaseDeletedWhileServingIsNoticedAndTheNextStartSaysItIsCreatingAnEmptyOne() async throws {
        // Given
        let server = try ServerProcess(database: databasePath)
        _ = try await createOrders(2, through: server)
        let healthy = try await healthz(server)
        XCTAssertEqual(healthy.status, 200)
        let browser = try await LiveBrowser.open(server.baseURL, client: client)

        // When: the database's files are deleted
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: databasePath + suffix)
        }

        // Then: the probe says so, a new order is refused, and nothing re-creates the file
        let health = try await healthz(server)
        XCTAssertEqual(health.status, 503)
        var fields = Seeds.validFormFields
        fields.lastName = "After"
        let create = try await browser.placeOrder(fields: fields)
        XCTAssertNotEqual(create.status, 303, "No order is acknowledged into a deleted file")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath))
        let (status, log) = server.stop(with: SIGTERM)
        XCTAssertEqual(status, 0, log)
        XCTAssert(log.contains("is no longer the file opened at start-up"), log)

        // And the next start on the path says, at notice level, that it is creating an empty database
        let restarted = try ServerProcess(database: databasePath)
        let (_, restartLog) = restarted.stop(with: SIGTERM)
        let line = restartLog.components(separatedBy: "\n").first { $0.contains("No database at \(databasePath): creating a new, empty one") }
        XCTAssertEqual(line?.contains("notice"), true, restartLog)
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
        XCTAssertEqual(String(try permissions(keyFile), radix: 8), "600")
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
