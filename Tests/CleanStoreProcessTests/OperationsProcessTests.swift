import AsyncHTTPClient
import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The commands an operator runs beside the server: backup, migrate, check.
final class OperationsProcessTests: ProcessTestCase {
    // MARK: backup

    func testABackupTakenUnderLoadHoldsEveryOrderAcknowledgedBeforeItStartedAndIsIntact() async throws {
        // Given: a server that has acknowledged 100 orders
        let server = try ServerProcess(database: databasePath)
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        var before = Set<String>()
        for _ in 0..<100 {
            if let id = try await browser.placeOrder(fields: Seeds.validFormFields).orderID { before.insert(id) }
        }
        XCTAssertEqual(before.count, 100)
        let copy = directory.appendingPathComponent("backup.sqlite").path

        // When: a backup is taken while four lanes of placings run
        let acknowledged = Acknowledged()
        let firstPlaced = ServerProcessTests.Acknowledgements()
        let load = Task {
            defer { Task { await firstPlaced.finish() } }
            try await withThrowingTaskGroup(of: Void.self) { lanes in
                for _ in 0..<4 {
                    lanes.addTask {
                        while !Task.isCancelled {
                            if let id = try await browser.placeOrder(fields: Seeds.validFormFields).orderID {
                                acknowledged.add(id)
                                await firstPlaced.add()
                            }
                        }
                    }
                }
                try await lanes.waitForAll()
            }
        }
        // A placing is six requests (draft, sections, check, place): the backup starts once the load
        // has placed its first order, so that it is truly taken under load (or the load failed).
        await firstPlaced.wait(for: 1)
        let database = databasePath
        let backup = try await Task.detached { try runCleanStore(["backup", copy, "--database", database]) }.value
        load.cancel()
        _ = try? await load.value
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0)
        XCTAssertGreaterThan(acknowledged.count, 0, "The load ran")

        // Then
        XCTAssertEqual(backup.status, 0, backup.output)
        XCTAssert(backup.output.contains("The card key is not in the copy"), backup.output)
        XCTAssertEqual(try permissions(copy), 0o600)
        let copyQueue = try DatabaseQueue(path: copy)
        let integrity = try await copyQueue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
        try copyQueue.close()
        XCTAssertEqual(integrity, "ok")
        let copied = try OrdersSQLiteStore(path: copy)
        let stored = Set(try await copied.fetchOrders().compactMap(\.id))
        XCTAssert(before.isSubset(of: stored), "Missing from the copy: \(before.subtracting(stored).sorted())")
    }

    func testABackupNeverOverwritesAFileAndPointsPostgreSQLToPgDump() throws {
        // Given
        let existing = directory.appendingPathComponent("taken.sqlite").path
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
        _ = try OrdersSQLiteStore(path: databasePath)

        // When
        let overwrite = try runCleanStore(["backup", existing, "--database", databasePath])
        let postgres = try runCleanStore(["backup", existing + "2", "--database", "postgres://shop@127.0.0.1:1/shop"])
        let missing = try runCleanStore(["backup", existing + "3", "--database", databasePath + "-missing"])

        // Then
        XCTAssertNotEqual(overwrite.status, 0)
        XCTAssert(overwrite.output.contains("exists already"), overwrite.output)
        XCTAssertEqual(try String(contentsOfFile: existing, encoding: .utf8), "keep me")
        XCTAssertNotEqual(postgres.status, 0)
        XCTAssert(postgres.output.contains("pg_dump"), postgres.output)
        XCTAssertNotEqual(missing.status, 0)
        XCTAssert(missing.output.contains("nothing to back up"), missing.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath + "-missing"), "No database was made")
    }

    // MARK: metrics

    func testMetricsAreServedOnTheirOwnListenerAndNeverOnTheClerksPort() async throws {
        // Given
        let metricsPort = try freeLoopbackPort()
        let server = try ServerProcess(database: databasePath, arguments: ["--metrics-port", "\(metricsPort)"])
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        func scrape() async throws -> (status: UInt, type: String?, body: String) {
            let response = try await client.execute(HTTPClientRequest(url: "http://127.0.0.1:\(metricsPort)/metrics"), timeout: .seconds(10))
            return (response.status.code, response.headers["content-type"].first, String(buffer: try await response.body.collect(upTo: 1 << 20)))
        }

        // When
        let before = try await scrape()
        let placed = try await browser.placeOrder(fields: Seeds.validFormFields)
        XCTAssertEqual(placed.status, 303)
        // Hummingbird's MetricsMiddleware counts a request once its body is written (a post-write
        // closure), so the 303 can reach the browser a moment before its count: a loaded machine saw
        // the count missing. Scrape again until it is there (each scrape a request; no sleep), at most
        // 100 times, and then assert as before.
        let placeCount = #"hb_requests{http_route="/drafts/{id}/place",http_request_method="POST",http_response_status_code="303"} 1"#
        var after = try await scrape()
        var scrapes = 1
        while !after.body.contains(placeCount), scrapes < 100 {
            after = try await scrape()
            scrapes += 1
        }
        let onTheClerksPort = try await browser.get("/metrics")

        // Then
        XCTAssertEqual(before.status, 200)
        XCTAssertEqual(after.type, "text/plain; version=0.0.4; charset=utf-8")
        XCTAssertFalse(before.body.contains(#"cleanstore_orders_total{event="created"} 1"#))
        XCTAssert(after.body.contains(#"cleanstore_orders_total{event="created"} 1"#), after.body)
        XCTAssert(after.body.contains(placeCount), after.body)
        XCTAssert(after.body.contains("cleanstore_open_connections"))
        XCTAssert(after.body.contains("cleanstore_store_calls_in_flight 0"), "Every store call has ended")
        XCTAssertEqual(onTheClerksPort.status, 404)
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0)
    }

    // MARK: migrate

    func testMigrateBringsANewDatabaseUpToDateAndExits() throws {
        // When
        let sqlite = try runCleanStore(["migrate", "--database", databasePath])

        // Then
        XCTAssertEqual(sqlite.status, 0, sqlite.output)
        XCTAssert(sqlite.output.contains("is up to date"), sqlite.output)
        let migrated = try DatabaseQueue(path: databasePath)
        let tables = try migrated.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        XCTAssert(tables.contains("orders"), "\(tables)")
    }

    func testMigrateOnPostgreSQL() async throws {
        // Given
        let url = try await TestPostgres.makeDatabase()

        // When
        let migrated = try runCleanStore(["migrate", "--database", url])
        let again = try runCleanStore(["migrate", "--database", url])

        // Then
        XCTAssertEqual(migrated.status, 0, migrated.output)
        XCTAssertEqual(again.status, 0, again.output)
    }

    // MARK: check

    func testCheckPassesARightConfiguration() throws {
        // Given
        _ = try OrdersSQLiteStore(path: databasePath)
        let secretFile = directory.appendingPathComponent("secret").path
        try OwnerOnlyFile.create(atPath: secretFile, contents: Data("a-secret-of-more-than-32-bytes-0123456789\n".utf8))

        // When
        let check = try runCleanStore(["check", "--database", databasePath, "--secret-file", secretFile])

        // Then
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssert(check.output.contains("ready to serve"), check.output)
    }

    func testCheckSaysEveryProblemAndExitsNonZero() throws {
        // When: a short secret, no templates, no static files, no database
        let check = try runCleanStore(
            ["check", "--database", databasePath, "--secret", "k9", "--views", "/nonexistent", "--public", "/nonexistent"])

        // Then
        XCTAssertNotEqual(check.status, 0)
        for problem in ["The secret is 2 bytes long", "Templates:", "Static files:", "No database at \(databasePath)"] {
            XCTAssert(check.output.contains(problem), "\(problem) in \(check.output)")
        }
        XCTAssertFalse(check.output.contains("k9"), "The secret is never shown")
        XCTAssertFalse(FileManager.default.fileExists(atPath: databasePath), "check creates no database")
    }

    func testCheckFindsNoSecretAndAnUnreachableDatabase() throws {
        // When
        let check = try runCleanStore(
            ["check", "--database", "postgres://shop@127.0.0.1:1/shop?sslmode=disable", "--timeout", "1"],
            environment: ["CLEANSTORE_SECRET": nil])

        // Then
        XCTAssertNotEqual(check.status, 0)
        XCTAssert(check.output.contains("No secret"), check.output)
        XCTAssert(check.output.contains("Database:"), check.output)
    }
}

/// The ids of the orders the server acknowledged (a 303 naming them), from several lanes at once.
final class Acknowledged: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<String>()

    func add(_ id: String) { lock.withLock { _ = set.insert(id) } }
    var ids: Set<String> { lock.withLock { set } }
    var count: Int { lock.withLock { set.count } }
}
