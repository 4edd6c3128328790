import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Databases a server of f843ad1 left (`Fixtures/README.md`: how they were made), opened with
/// today's code: the released migrations keep their names and versions and none of them runs
/// again; only those added since f843ad1 run,
/// and every order, event, note, account, session and failed sign-in readable.
final class DatabasesOfF843ad1Tests: TemporaryDirectoryTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    static let sqliteMigrations = [
        "v1: orders", "v2: order versions", "v3: card numbers encrypted", "v4: health probe", "v5: accounts", "v6: sessions",
        "v7: sign-in attempts", "v8: order history", "v9: order search", "v10: order status", "v11: order notes",
        "v12: no double orders",
    ]
    static let postgresMigrations = [
        "1 orders", "2 card numbers encrypted", "3 health probe", "4 accounts", "5 sessions", "6 sign-in attempts",
        "7 order history", "8 order search", "9 order status", "10 order notes", "11 no double orders",
    ]
    /// The migrations added since f843ad1: they run on its databases, after the ones it had.
    static let sqliteMigrationsSince = [
        "v13: first supervisor", "v14: products", "v15: tax rates", "v16: order lines and drafts", "v17: customers",
        "v19: search street line 1", "v21: order shipments", "v22: notes for the packer", "v23: accounts in the browser", "v25: api tokens",
        "v26: drafts remember their customer",
        "v27: merged customers",
        "v28: saved views",
        "v29: bulk moves",
        "v30: cancelling",
        "v31: idempotency keys",
        "v32: webhooks",
        "v33: drafts started from orders",
        "v34: orders by phone digits and email",
    ]
    static let postgresMigrationsSince = [
        "12 first supervisor", "13 products", "14 tax rates", "15 order lines and drafts", "16 customers", "18 search street line 1",
        "20 order shipments", "21 notes for the packer", "22 accounts in the browser", "24 api tokens", "25 drafts remember their customer",
        "26 merged customers", "27 saved views", "28 bulk moves", "29 cancelling", "30 idempotency keys", "31 webhooks",
        "32 drafts started from orders", "33 orders by phone digits and email",
    ]

    func testTheSQLiteFileOfF843ad1IsUpToDateAndReadable() async throws {
        // Given: a copy of the file and its card key file
        let path = databasePath
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("f843ad1.sqlite").path, toPath: path)
        try FileManager.default.copyItem(
            atPath: Self.fixtures.appendingPathComponent("f843ad1.sqlite.card-key").path, toPath: CardKeySettings.defaultKeyFile(forDatabase: path))

        // When: opened as `cleanstore --database` opens it (the key file beside it)
        let database = try OrdersDatabase.open(path, cardKeys: CardKeySettings(), logger: TestStores.silentLogger)
        try await database.use { try await Self.checkReadable(database) }

        // Then: the migrations are the ones it had, and none is missing
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try await queue.read { db in
            XCTAssertEqual(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid"),
                Self.sqliteMigrations + Self.sqliteMigrationsSince)
            XCTAssertTrue(try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger).hasCompletedMigrations(db))
            // v34 wrote every older order's keys for the duplicate check, as a write would.
            let rows = try Row.fetchAll(db, sql: "SELECT phone, email, phone_digits, email_key FROM orders")
            XCTAssertEqual(rows.count, 5)
            for row in rows {
                XCTAssertEqual([row[2], row[3]], [DraftPlacing.phoneKey(row[0]), DraftPlacing.emailKey(row[1])] as [String])
            }
            XCTAssertEqual(try Int.fetchOne(db, sql: "SELECT count(*) FROM orders WHERE phone_digits = '9999999999'"), 1)
        }
    }

    func testThePostgreSQLDumpOfF843ad1IsUpToDateAndReadable() async throws {
        // Given: the dump loaded into an empty database (by a client of its own: the dump empties
        // its connection's search_path)
        let url = try await TestPostgres.makeDatabase()
        let dump = try String(contentsOf: Self.fixtures.appendingPathComponent("f843ad1.postgres.sql"), encoding: .utf8)
        try await TestPostgres.withClient(url: url) { client in
            try await client.withConnection { connection in
                for statement in Self.statements(ofDump: dump) {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: TestPostgres.logger)
                }
            }
        }
        let before = try await Self.appliedMigrations(url: url)
        XCTAssertEqual(before.map(\.name), Self.postgresMigrations)

        // When: opened as `cleanstore --database postgres://…` opens it (prepare: the migrations)
        let database = try OrdersDatabase.open(
            url, cardKeys: CardKeySettings(keyBase64: TestCardKeys.base64), logger: TestStores.silentLogger)
        try await database.use { try await Self.checkReadable(database) }

        // Then: none of its migrations ran again; those added since ran after them
        let after = try await Self.appliedMigrations(url: url)
        XCTAssertEqual(after.map(\.name), before.map(\.name) + Self.postgresMigrationsSince)
        XCTAssertEqual(after.prefix(before.count).map(\.appliedAt), before.map(\.appliedAt))
        // 33 wrote every older order's keys for the duplicate check, as a write would.
        let keys = try await TestPostgres.withClient(url: url) { client in
            var rows: [[String]] = []
            for try await (phone, email, digits, key) in try await client.query(
                "SELECT phone, email, phone_digits, email_key FROM orders", logger: TestPostgres.logger
            ).decode((String, String, String, String).self) {
                rows.append([phone, email, digits, key])
            }
            return rows
        }
        XCTAssertEqual(keys.count, 5)
        for row in keys { XCTAssertEqual([row[2], row[3]], [DraftPlacing.phoneKey(row[0]), DraftPlacing.emailKey(row[1])]) }
        XCTAssertEqual(keys.filter { $0[2] == "9999999999" }.count, 1)
    }

    /// The SQL statements of a `pg_dump --inserts` file, one at a time (PostgresNIO prepares each
    /// query: one statement a query): each ends with `;` at the end of a line (no value of the
    /// fixtures holds one). Comments and psql's meta-commands (`\restrict`) are left out.
    static func statements(ofDump dump: String) -> [String] {
        var statements: [String] = []
        var current = ""
        for line in dump.split(separator: "\n") where !line.hasPrefix("--") && !line.hasPrefix("\\") {
            current += line + "\n"
            if line.hasSuffix(";") {
                statements.append(current)
                current = ""
            }
        }
        return statements
    }

    /// "version name" and when, of every row of `cleanstore_schema_migrations`, by version.
    static func appliedMigrations(url: String) async throws -> [(name: String, appliedAt: Date)] {
        try await TestPostgres.withClient(url: url) { client in
            var rows: [(name: String, appliedAt: Date)] = []
            for try await (version, name, appliedAt) in try await client.query(
                "SELECT version, name, applied_at FROM cleanstore_schema_migrations ORDER BY version", logger: TestPostgres.logger
            ).decode((Int, String, Date).self) {
                rows.append(("\(version) \(name)", appliedAt))
            }
            return rows
        }
    }

    static func at(_ second: Int) -> Date { Date(timeIntervalSince1970: 1_800_000_000 + TimeInterval(second)) }

    /// What the fixtures hold (`Fixtures/README.md`), read through the stores.
    @Sendable static func checkReadable(_ database: OrdersDatabase) async throws {
        try await database.store.checkHealth()
        let orders = try await database.store.fetchOrders(page: OrdersPageRequest(limit: 10)).orders
        XCTAssertEqual(orders.map(\.firstName), ["Eve", "Dot", "Cid", "Bea", "Ann"])
        XCTAssertEqual(orders.map(\.status), [.cancelled, .shipped, .packed, .paid, .new])
        XCTAssertEqual(orders.map(\.version), [2, 4, 3, 2, 2])
        XCTAssertEqual(orders.map(\.paymentMethod.creditCardNumber), ["4111111111111111", "5555555555554444", "4111111111111111", "5555555555554444", "4111111111111111"])
        XCTAssertEqual(orders.first?.cancellationReason, "Customer changed their mind")
        let ann = try XCTUnwrap(orders.last)
        XCTAssertEqual(ann.phone, "999-999-9999")
        XCTAssertEqual(ann.updatedBy, AccountName(username: "bob", displayName: "Bob Battery"))
        let annsEvents = try await database.events.fetchEvents(orderID: ann.id!)
        XCTAssertEqual(annsEvents.map(\.kind), [.updated, .created])
        let dotsEvents = try await database.events.fetchEvents(orderID: orders[1].id!)
        XCTAssertEqual(dotsEvents.map(\.statusChange?.to), [.shipped, .packed, .paid, nil])
        let notes = try await database.notes.notes(forOrder: ann.id!)
        XCTAssertEqual(notes.map(\.text), ["Call before delivery; gate code 42"])
        // The idempotency key still names Ann's order.
        var again = ann
        again.id = nil
        do {
            _ = try await database.store.createOrder(orderToCreate: again, idempotencyKey: "form-key-ann", by: nil, at: at(100))
            XCTFail("The key of Ann's form creates no second order")
        } catch {
            XCTAssertEqual(error, .alreadyCreated(ann))
        }

        let accounts = try await database.accounts.fetchAccounts()
        XCTAssertEqual(accounts.map(\.username), ["Amy", "bob"])
        XCTAssertEqual(accounts.map(\.isDisabled), [false, true])
        let session = try await database.sessions.account(
            forSession: SessionID(bytes: Data(repeating: 7, count: 32))!, now: at(4), timeouts: SessionTimeouts())
        XCTAssertEqual(session?.username, "Amy")
        let failures = try await database.signInAttempts.countFailures(username: "CAROL", since: at(0))
        XCTAssertEqual(failures, 1)
    }
}
