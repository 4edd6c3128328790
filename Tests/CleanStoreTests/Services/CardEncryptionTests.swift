import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Card numbers at rest, on SQLite and PostgreSQL: what the database holds (file bytes, WAL, every
/// column of every row) shows no card number; a clear-text database is encrypted when opened; a
/// wrong key fails clearly (altered bytes spoil their own order alone: `UnreadableCardTests`);
/// rotation re-encrypts every row, after which the old key is no longer needed.
final class CardEncryptionTests: TemporaryDirectoryTestCase {
    /// Test card numbers of several lengths and brands.
    static let numbers = [
        "4111111111111111", "5555555555554444", "378282246310005", "6011111111111117", "4012888888881881", "3530111333300000",
    ]

    /// A number as it must never be found at rest: digits only, and in groups of four.
    static func forms(of number: String) -> [String] {
        var grouped = ""
        for (index, digit) in number.enumerated() {
            if index > 0 && index % 4 == 0 { grouped += " " }
            grouped.append(digit)
        }
        return [number, grouped]
    }

    static func order(card number: String, name: String = "Amy") -> Order {
        var order = OrdersStoreContractTests.newOrder(Seeds.Orders.amy)
        order.firstName = name
        order.paymentMethod.creditCardNumber = number
        return order
    }

    // MARK: Databases of each kind

    /// An SQL database of one kind, empty, and how to open stores on it with a keyring, and read
    /// everything it holds as the bytes an attacker with a copy would have.
    struct Database {
        var name: String
        var open: (CardKeyring) async throws -> any OrdersStoreProtocol & CardKeyRotating
        /// SQLite: the database file and its -wal, byte for byte; PostgreSQL: every column of every
        /// row of every table, as text.
        var rawContents: () async throws -> Data
    }

    func makeDatabases() async throws -> [Database] {
        let path = directory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path
        let url = try await TestPostgres.makeDatabase()
        return [
            Database(
                name: "SQLite", open: { try OrdersSQLiteStore(path: path, cards: $0) },
                rawContents: { try Self.sqliteFiles(path) }),
            Database(
                name: "PostgreSQL",
                open: { cards in
                    let store = try await TestPostgres.openStore(url: url, cards: cards, for: self)
                    try await store.migrate()
                    return store
                },
                rawContents: { try await Self.everyRowAsText(url: url) }),
        ]
    }

    static func sqliteFiles(_ path: String) throws -> Data {
        var data = try Data(contentsOf: URL(fileURLWithPath: path))
        if let wal = FileManager.default.contents(atPath: path + "-wal") { data += wal }
        return data
    }

    static func everyRowAsText(url: String) async throws -> Data {
        try await TestPostgres.withClient(url: url) { client in
            var tables: [String] = []
            for try await table in try await client.query(
                "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public'"
            ).decode(String.self) {
                tables.append(table)
            }
            var text = ""
            for table in tables {
                for try await row in try await client.query("SELECT t::text FROM \(unescaped: table) t").decode(String.self) {
                    text += row + "\n"
                }
            }
            return Data(text.utf8)
        }
    }

    /// Asserts that none of `numbers`, in any form, is in `contents`.
    func assertNoCardNumber(_ numbers: [String], in contents: Data, _ message: String, line: UInt = #line) {
        for number in numbers {
            for form in Self.forms(of: number) {
                XCTAssertNil(contents.range(of: Data(form.utf8)), "\(message): \(form) is stored in clear", line: line)
            }
        }
    }

    // MARK: Tests

    func testNoCardNumberIsStoredInClearAndEveryOneComesBack() async throws {
        for database in try await makeDatabases() {
            // Given: orders with known numbers, one changed to another number, one deleted
            let store = try await database.open(TestCardKeys.keyring)
            var created: [Order] = []
            for (index, number) in Self.numbers.prefix(4).enumerated() {
                created.append(try await store.createOrder(orderToCreate: Self.order(card: number, name: "Customer \(index)")))
            }
            var changed = created[0]
            changed.paymentMethod.creditCardNumber = Self.numbers[4]
            created[0] = try await store.updateOrder(orderToUpdate: changed)
            _ = try await store.deleteOrder(id: created[1].id!)
            created.remove(at: 1)

            // Then: every number comes back as it was given
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders, created.reversed(), database.name)
            for order in created {
                let fetched = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(fetched?.paymentMethod.creditCardNumber, order.paymentMethod.creditCardNumber, database.name)
            }

            // And what the database holds shows none of them, but does hold the orders
            let contents = try await database.rawContents()
            XCTAssertNotNil(contents.range(of: Data("amy.apple@clean-swift.com".utf8)), "\(database.name): the orders are there")
            assertNoCardNumber(Self.numbers, in: contents, database.name)
        }
    }

    func testAnSQLiteDatabaseWithClearTextCardNumbersIsEncryptedWhenOpened() async throws {
        // Given: a database of schema v2 (clear-text numbers), as a previous release wrote it, with
        // an order whose number was changed, an order deleted, and pages of orders deleted (their old
        // numbers left in free space within pages, and in free pages)
        let path = directory.appendingPathComponent("old.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
            .migrate(queue, upTo: "v2: order versions")
        try await queue.write { db in
            try db.execute(sql: "PRAGMA secure_delete = OFF")
            let numbers = Array(Self.numbers.prefix(3)) + Array(repeating: Self.numbers[5], count: 200)
            for (index, number) in numbers.enumerated() {
                try db.execute(
                    sql: """
                        INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1,
                            shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, card_number,
                            card_expiry_year, card_expiry_month, billing_street1, billing_street2, billing_city,
                            billing_state, billing_zip, total)
                        VALUES (?, 'Amy', 'Apple', '111-111-1111', 'amy.apple@clean-swift.com', '1 Infinite Loop', '',
                            'Cupertino', 'CA', '95014', 0, ?, 2029, 4, '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', '0.00')
                        """,
                    arguments: [Seeds.june29.timeIntervalSince1970 + Double(index), number])
            }
            try db.execute(sql: "UPDATE orders SET card_number = ?, version = 2 WHERE id = 1", arguments: [Self.numbers[3]])
            try db.execute(sql: "DELETE FROM orders WHERE id = 2 OR id > 3")
        }
        try queue.close()
        let before = try Self.sqliteFiles(path)
        for number in [Self.numbers[2], Self.numbers[3], Self.numbers[5]] {
            XCTAssertNotNil(before.range(of: Data(number.utf8)), "Precondition: \(number) is in the old file, live or in free pages")
        }

        // When
        let log = LogCapture()
        let store = try OrdersSQLiteStore(path: path, cards: TestCardKeys.keyring, logger: log.logger())

        // Then: every number reads as before, none is left in clear in the file or its WAL
        let orders = try await store.fetchOrders()
        XCTAssertEqual(orders.map(\.paymentMethod.creditCardNumber), [Self.numbers[2], Self.numbers[3]])
        XCTAssertEqual(orders.map(\.version), [1, 2])
        assertNoCardNumber(Self.numbers, in: try Self.sqliteFiles(path), "After opening")
        XCTAssert(log.text.contains("notice Encrypted the card numbers of 2 orders with card key \(TestCardKeys.key.id)"), log.text)
        let columns = try await DatabaseQueue(path: path).read { db in try db.columns(in: "orders").map(\.name) }
        XCTAssertFalse(columns.contains("card_number"), "The clear-text column is gone")
        let next = try await store.createOrder(orderToCreate: Self.order(card: Self.numbers[4]))
        XCTAssertEqual(next.id, "204", "The id sequence is kept: no id is reused")
    }

    func testAPostgreSQLDatabaseWithClearTextCardNumbersIsEncryptedWhenMigrated() async throws {
        // Given: a database of schema version 1 (clear-text numbers), as a previous release wrote it
        let url = try await TestPostgres.makeDatabase()
        let old = try await TestPostgres.openStore(url: url, for: self)
        try await old.migrate(upTo: 1)
        for (index, number) in Self.numbers.prefix(3).enumerated() {
            try await old.database.client.query(
                """
                INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1, shipment_street2,
                    shipment_city, shipment_state, shipment_zip, shipment_speed, card_number, card_expiry_year,
                    card_expiry_month, billing_street1, billing_street2, billing_city, billing_state, billing_zip, total)
                VALUES (\(Seeds.june29.timeIntervalSince1970 + Double(index)), 'Amy', 'Apple', '111-111-1111',
                    'amy.apple@clean-swift.com', '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0, \(number), 2029, 4,
                    '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 0)
                """)
        }
        try await old.database.client.query("UPDATE orders SET card_number = \(Self.numbers[3]), version = 2 WHERE id = 1")
        try await old.database.client.query("DELETE FROM orders WHERE id = 2")
        let before = String(decoding: try await Self.everyRowAsText(url: url), as: UTF8.self)
        XCTAssert(before.contains(Self.numbers[3]), "Precondition: the numbers are in clear")

        // When: a store of this release starts on it
        let log = LogCapture()
        let store = try await TestPostgres.openStore(url: url, logger: log.logger(), for: self)
        try await store.migrate()

        // Then
        let orders = try await store.fetchOrders()
        XCTAssertEqual(orders.map(\.paymentMethod.creditCardNumber), [Self.numbers[2], Self.numbers[3]])
        XCTAssertEqual(orders.map(\.version), [1, 2])
        assertNoCardNumber(Array(Self.numbers.prefix(4)), in: try await Self.everyRowAsText(url: url), "After migrating")
        XCTAssert(log.text.contains("notice Encrypted the card numbers of 2 orders with card key \(TestCardKeys.key.id)"), log.text)
        let columns = try await store.database.client.query(
            "SELECT column_name::text FROM information_schema.columns WHERE table_name = 'orders'"
        ).decode(String.self).reduce(into: [String]()) { $0.append($1) }
        XCTAssertFalse(columns.contains("card_number"), "The clear-text column is gone")
    }

    func testAStoreOpenedWithTheWrongKeyFailsClearly() async throws {
        for database in try await makeDatabases() {
            let store = try await database.open(TestCardKeys.keyring)
            _ = try await store.createOrder(orderToCreate: Self.order(card: Self.numbers[0]))
            do {
                _ = try await database.open(CardKeyring(current: TestCardKeys.other))
                XCTFail("\(database.name): a store with the wrong key should not open")
            } catch let error as OrdersStoreError {
                guard case .unavailable(let message) = error else { return XCTFail("\(database.name): \(error)") }
                XCTAssert(message.contains("encrypted under card key \(TestCardKeys.key.id)"), "\(database.name): \(message)")
                XCTAssert(message.contains("not under the key given (\(TestCardKeys.other.id))"), "\(database.name): \(message)")
                XCTAssertFalse(message.contains(TestCardKeys.otherBase64), "\(database.name): the key is never shown")
            }
        }
    }

    func testRotationReencryptsEveryRowWhileAServerWritesAndTheOldKeyIsThenNoLongerNeeded() async throws {
        for database in try await makeDatabases() {
            // Given: 450 orders under the old key (three batches of 200)
            let old = try await database.open(TestCardKeys.keyring)
            var expected: [String: String] = [:]  // id → card number
            var created: [Order] = []
            for index in 0..<450 {
                let order = try await old.createOrder(orderToCreate: Self.order(card: String(4_000_000_000_000_000 + index)))
                created.append(order)
                expected[order.id!] = order.paymentMethod.creditCardNumber
            }

            // When: a server restarted with the new key (the old one as previous) changes 20 cards
            // while rotate-card-key runs beside it
            let both = CardKeyring(current: TestCardKeys.other, previous: [TestCardKeys.key])
            let server = try await database.open(both)
            let rotator = try await database.open(both)
            async let rotation = rotator.rotateCardKey(batchSize: 200)
            for index in stride(from: 0, to: 400, by: 20) {
                var order = created[index]
                order.paymentMethod.creditCardNumber = String(5_000_000_000_000_000 + index)
                _ = try await server.updateOrder(orderToUpdate: order)
                expected[order.id!] = order.paymentMethod.creditCardNumber
            }
            let outcome = try await rotation

            // Then: nothing is left under the old key, and a store with the new key alone reads every
            // number, as last written
            XCTAssertEqual(outcome.remaining, 0, database.name)
            XCTAssertGreaterThanOrEqual(outcome.reencrypted, 430, database.name)
            XCTAssertLessThanOrEqual(outcome.reencrypted, 450, database.name)
            let newOnly = try await database.open(CardKeyring(current: TestCardKeys.other))
            let orders = try await newOnly.fetchOrders()
            XCTAssertEqual(orders.count, 450, database.name)
            XCTAssertEqual(
                Dictionary(uniqueKeysWithValues: orders.map { ($0.id!, $0.paymentMethod.creditCardNumber) }), expected, database.name)
            XCTAssertEqual(
                orders.filter { $0.version == 2 }.count, 20, "\(database.name): rotation changes no version; only the 20 edits do")

            // A form opened before the rotation still saves: the version it carries is still the stored one
            var form = created[1]
            form.email = "amy@example.com"
            let saved = try await newOnly.updateOrder(orderToUpdate: form)
            XCTAssertEqual(saved.version, 2, database.name)

            // And the old key alone no longer opens the database
            do {
                _ = try await database.open(TestCardKeys.keyring)
                XCTFail("\(database.name): every row is under the new key now")
            } catch {
                XCTAssert("\(error)".contains("encrypted under card key \(TestCardKeys.other.id)"), "\(database.name): \(error)")
            }
        }
    }

    func testRotatingWhenEveryRowIsUnderTheCurrentKeyChangesNothing() async throws {
        for database in try await makeDatabases() {
            let store = try await database.open(TestCardKeys.keyring)
            let amy = try await store.createOrder(orderToCreate: Self.order(card: Self.numbers[0]))
            let before = try await database.rawContents()
            let outcome = try await store.rotateCardKey(batchSize: 200)
            XCTAssertEqual(outcome, CardKeyRotation(reencrypted: 0, remaining: 0), database.name)
            let fetched = try await store.fetchOrder(id: amy.id!)
            XCTAssertEqual(fetched, amy, database.name)
            if database.name == "PostgreSQL" {
                let after = try await database.rawContents()
                XCTAssertEqual(after, before, "\(database.name): no row was rewritten")
            }
        }
    }

    // MARK: Keys

    func testAKeyIsBase64Of32BytesAndItsIDIsTheStartOfItsSHA256() throws {
        // printf '\x00\x01…\x1f' | sha256sum → 630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd
        XCTAssertEqual(TestCardKeys.key.id, "630dcd2966c43366")
        XCTAssertEqual(try CardKey(base64: TestCardKeys.base64 + "\n").id, TestCardKeys.key.id, "A final newline is fine")
        XCTAssertEqual("\(TestCardKeys.key)", "card key 630dcd2966c43366", "A key prints its id, never its bytes")
        XCTAssertEqual(try CardKey(base64: TestCardKeys.key.base64).id, TestCardKeys.key.id)
        XCTAssertNotEqual(CardKey.generate().id, CardKey.generate().id)
        for bad in ["", "not base64!", Data(repeating: 1, count: 16).base64EncodedString(), Data(repeating: 1, count: 33).base64EncodedString()] {
            XCTAssertThrowsError(try CardKey(base64: bad), bad)
        }
    }

    func testWithNoKeyGivenAnSQLiteDatabaseGetsAKeyFileBesideItMadeOnceAndThenUsed() throws {
        let path = databasePath
        let keyFile = path + ".card-key"

        // First start: a key is made, 0600, and the log says where, loudly, without the key
        let first = LogCapture()
        let database = try OrdersDatabase.open(path, cardKeys: CardKeySettings(), logger: first.logger())
        try database.close()
        let key = try CardKey(base64: try String(contentsOfFile: keyFile, encoding: .utf8))
        XCTAssertEqual(try permissions(keyFile), 0o600)
        let warning = first.text.components(separatedBy: "\n").first { $0.contains("generated a new card key") }
        XCTAssertEqual(warning?.hasPrefix("warning "), true, first.text)
        XCTAssertEqual(warning?.contains(keyFile), true, first.text)
        XCTAssertEqual(warning?.contains("Back it up"), true, first.text)
        XCTAssertFalse(first.text.contains(key.base64), "The key is never logged")

        // Later starts: the same key, from the file
        let second = LogCapture()
        try OrdersDatabase.open(path, cardKeys: CardKeySettings(), logger: second.logger()).close()
        XCTAssert(second.text.contains("Card numbers are encrypted with card key \(key.id), from \(keyFile)"), second.text)
        XCTAssertFalse(second.text.contains("generated"), second.text)
        XCTAssertEqual(try CardKey(base64: try String(contentsOfFile: keyFile, encoding: .utf8)).id, key.id)
    }

    func testAKeyFileOrTheEnvironmentNamesTheKeyAndPreviousKeysOnlyDecrypt() async throws {
        let keyFile = directory.appendingPathComponent("new.card-key").path
        let previousFile = directory.appendingPathComponent("old.card-key").path
        try OwnerOnlyFile.create(atPath: keyFile, contents: Data((TestCardKeys.otherBase64 + "\n").utf8))
        try OwnerOnlyFile.create(atPath: previousFile, contents: Data(TestCardKeys.base64.utf8))
        let path = databasePath
        let amy = try await OrdersSQLiteStore(path: path).createOrder(orderToCreate: Self.order(card: Self.numbers[0]))

        let log = LogCapture()
        let settings = CardKeySettings(keyFile: keyFile, keyBase64: "ignored when a file is given", previousKeyFiles: [previousFile])
        let database = try OrdersDatabase.open(path, cardKeys: settings, logger: log.logger())
        let fetched = try await database.store.fetchOrder(id: amy.id!)
        XCTAssertEqual(fetched?.paymentMethod.creditCardNumber, Self.numbers[0], "Read with the previous key")
        let bob = try await database.store.createOrder(orderToCreate: Self.order(card: Self.numbers[1]))
        try database.close()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".card-key"), "No key is made when one is given")
        XCTAssert(log.text.contains("encrypted with card key \(TestCardKeys.other.id), from \(keyFile)"), log.text)
        XCTAssert(log.text.contains("under card key \(TestCardKeys.key.id), from \(previousFile), are still read"), log.text)
        XCTAssertFalse(log.text.contains(TestCardKeys.base64) || log.text.contains(TestCardKeys.otherBase64), "No key is logged")

        // The environment's key, when no file is given
        let environment = try OrdersDatabase.open(
            path, cardKeys: CardKeySettings(keyBase64: TestCardKeys.otherBase64, previousKeyFiles: [previousFile]),
            logger: TestStores.silentLogger)
        let stored = try await environment.store.fetchOrder(id: bob.id!)
        XCTAssertEqual(stored?.paymentMethod.creditCardNumber, Self.numbers[1], "Written with the given key")
        try environment.close()
    }

    func testAKeyFileThatIsNotAKeyOrCannotBeReadIsRefusedClearly() throws {
        let path = databasePath
        let notAKey = directory.appendingPathComponent("not-a-key").path
        try OwnerOnlyFile.create(atPath: notAKey, contents: Data("hunter2\n".utf8))
        for (file, expected) in [(notAKey, "holds no card key"), (directory.appendingPathComponent("missing").path, "Cannot read")] {
            XCTAssertThrowsError(
                try OrdersDatabase.open(path, cardKeys: CardKeySettings(keyFile: file), logger: TestStores.silentLogger)
            ) { error in
                XCTAssert("\(error)".contains(expected), "\(error)")
                XCTAssertFalse("\(error)".contains("hunter2"), "What the file holds is never shown")
            }
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "Nothing is opened with no key")
    }

    func testPostgreSQLNeedsAKeyGiven() throws {
        XCTAssertThrowsError(
            try OrdersDatabase.open("postgres://shop@127.0.0.1:1/shop", cardKeys: CardKeySettings(), logger: TestStores.silentLogger)
        ) { error in
            XCTAssert("\(error)".contains("PostgreSQL needs a card key"), "\(error)")
        }
    }

    func testAnSQLiteDatabaseWhoseKeyFileIsMissingIsRefusedAndNoStrayKeyIsLeft() async throws {
        // Given: a database written under the test key, whose key file is not beside it
        let path = databasePath
        _ = try await OrdersSQLiteStore(path: path).createOrder(orderToCreate: Self.order(card: Self.numbers[0]))

        // When it is opened with no key given, a key is made, found wrong, and removed again
        XCTAssertThrowsError(try OrdersDatabase.open(path, cardKeys: CardKeySettings(), logger: TestStores.silentLogger)) { error in
            XCTAssert("\(error)".contains("encrypted under card key \(TestCardKeys.key.id)"), "\(error)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".card-key"))
    }
}
