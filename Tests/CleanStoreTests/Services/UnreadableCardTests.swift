import Foundation
import GRDB
import Logging
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One corrupt or tampered card row (issue 25), on SQLite and PostgreSQL: the row is altered with
/// SQL, as a disk error or a meddler would; that order alone reads with its card unreadable, on a
/// page of orders and alone, logged at error level by its id (never the stored bytes); every other
/// order reads as it was; an update must give a new card. A database under a key not given still
/// refuses to open (`CardEncryptionTests.testAStoreOpenedWithTheWrongKeyFailsClearly`).
final class UnreadableCardTests: TemporaryDirectoryTestCase {
    /// A key id no key in the tests has.
    static let unknownKeyID = "00000000deadbeef"

    /// A fresh database of one kind: its stores (logging to the test's capture), how to open it
    /// again, and how to alter its rows with SQL.
    struct Database {
        var name: String
        var stores: OrderStores
        var reopen: () async throws -> Void
        /// Flips one bit of the ciphertext of the order with `id`.
        var flipCiphertextBit: (Int64) async throws -> Void
        /// Runs one statement (the same text in both dialects).
        var execute: (String) async throws -> Void
        /// The stored ciphertext of the order with `id`.
        var ciphertext: (Int64) async throws -> Data
    }

    func makeDatabases(logger: Logger) async throws -> [Database] {
        let path = directory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path
        let sqlite = try OrdersSQLiteStore(path: path, cards: TestCardKeys.keyring, logger: logger)
        let url = try await TestPostgres.makeDatabase()
        let postgres = try await TestPostgres.openStore(url: url, logger: logger, for: self)
        try await postgres.migrate()
        return [
            Database(
                name: "SQLite", stores: OrderStores(sqlite),
                reopen: { _ = try OrdersSQLiteStore(path: path) },
                flipCiphertextBit: { id in
                    try await sqlite.database.pool.write { db in
                        var bytes = try XCTUnwrap(Data.fetchOne(db, sql: "SELECT card_ciphertext FROM orders WHERE id = ?", arguments: [id]))
                        bytes[20] ^= 1
                        try db.execute(sql: "UPDATE orders SET card_ciphertext = ? WHERE id = ?", arguments: [bytes, id])
                    }
                },
                execute: { sql in try await sqlite.database.pool.write { db in try db.execute(sql: sql) } },
                ciphertext: { id in
                    try await sqlite.database.pool.read { db in
                        try XCTUnwrap(Data.fetchOne(db, sql: "SELECT card_ciphertext FROM orders WHERE id = ?", arguments: [id]))
                    }
                }),
            Database(
                name: "PostgreSQL", stores: OrderStores(postgres),
                reopen: {
                    let store = try await TestPostgres.openStore(url: url, for: self)
                    try await store.migrate()
                },
                flipCiphertextBit: { id in
                    try await postgres.database.client.query(
                        "UPDATE orders SET card_ciphertext = set_byte(card_ciphertext, 20, get_byte(card_ciphertext, 20) # 1) WHERE id = \(id)")
                },
                execute: { sql in try await postgres.database.client.query(PostgresQuery(unsafeSQL: sql)) },
                ciphertext: { id in
                    var bytes: Data?
                    for try await value in try await postgres.database.client.query(
                        "SELECT card_ciphertext FROM orders WHERE id = \(id)"
                    ).decode(Data.self) {
                        bytes = value
                    }
                    return try XCTUnwrap(bytes)
                }),
        ]
    }

    static func order(_ name: String, card: String) -> Order {
        CardEncryptionTests.order(card: card, name: name)
    }

    // MARK: Reading

    func testATamperedCardSpoilsItsOwnOrderAloneWhereverItIsReadAndIsLoggedByID() async throws {
        let log = LogCapture()
        for database in try await makeDatabases(logger: log.logger()) {
            // Given: three orders; Amy's ciphertext has a bit flipped, Cy's names a key never given,
            // and Dee's is cut short (shorter than AES-GCM's nonce and tag)
            let store = database.stores
            let amy = try await store.createOrder(orderToCreate: Self.order("Amy", card: CardEncryptionTests.numbers[0]))
            let bob = try await store.createOrder(orderToCreate: Self.order("Bob", card: CardEncryptionTests.numbers[1]))
            let cy = try await store.createOrder(orderToCreate: Self.order("Cy", card: CardEncryptionTests.numbers[2]))
            let dee = try await store.createOrder(orderToCreate: Self.order("Dee", card: CardEncryptionTests.numbers[3]))
            let amyBytes = try await database.ciphertext(Int64(amy.id!)!)
            try await database.flipCiphertextBit(Int64(amy.id!)!)
            try await database.execute("UPDATE orders SET card_key_id = '\(Self.unknownKeyID)' WHERE id = \(cy.id!)")
            try await database.execute("UPDATE orders SET card_ciphertext = substr(card_ciphertext, 1, 20) WHERE id = \(dee.id!)")

            // When: the list, a page of it, and each order alone are read
            let all = try await store.fetchOrders()
            let page = try await store.fetchOrders(page: OrdersPageRequest(limit: 2))
            var alone: [Order] = []
            for order in [amy, bob, cy, dee] {
                let fetched = try await store.fetchOrder(id: order.id!)
                alone.append(try XCTUnwrap(fetched, database.name))
            }

            // Then: the three spoilt orders come back with their cards unreadable and every other
            // field as stored; Bob's reads as it was
            var expected = [amy, bob, cy, dee]
            for index in [0, 2, 3] {
                expected[index].paymentMethod = .unreadableCard(expirationDate: expected[index].paymentMethod.expirationDate)
            }
            XCTAssertEqual(all, expected.reversed(), database.name)
            XCTAssertEqual(page.orders, [expected[3], expected[2]], database.name)
            XCTAssertEqual(alone, expected, database.name)
            XCTAssertEqual(alone[1].paymentMethod.creditCardNumber, CardEncryptionTests.numbers[1], database.name)
            XCTAssertEqual(alone[0].paymentMethod.creditCardNumber, "", "\(database.name): never a wrong number")

            // And the log says so at error level, naming each order, and never shows the stored bytes
            let lines = log.text.components(separatedBy: "\n").filter { $0.contains("A card number cannot be read") }
            for order in [amy, cy, dee] {
                let line = lines.first { $0.contains("order=\(order.id!) ") }
                XCTAssertEqual(line?.hasPrefix("error "), true, "\(database.name): order \(order.id!): \(log.text)")
            }
            XCTAssertFalse(lines.contains { $0.contains("order=\(bob.id!) ") }, database.name)
            XCTAssert(lines.contains { $0.contains("card key=\(Self.unknownKeyID)") }, "\(database.name): the key is named by its id")
            // (PostgresNIO's own trace lines show the binds of each query, the ciphertext written
            // among them: only what this app logs is held to it.)
            let said = lines.joined(separator: "\n")
            XCTAssertFalse(said.contains(amyBytes.base64EncodedString()), database.name)
            XCTAssertFalse(said.contains(amyBytes.map { String(format: "%02x", $0) }.joined()), database.name)

            // And a server opened on the database now refuses to start, naming the key it was not
            // given (as for any row under a key not given)
            do {
                try await database.reopen()
                XCTFail("\(database.name): a row is under a key not given")
            } catch {
                XCTAssert("\(error)".contains("encrypted under card key \(Self.unknownKeyID)"), "\(database.name): \(error)")
            }
        }
    }

    // MARK: Writing

    func testAnOrderWithAnUnreadableCardIsSavedOnlyWithANewCardAndItsOtherMovesStillWork() async throws {
        let log = LogCapture()
        for database in try await makeDatabases(logger: log.logger()) {
            // Given: Amy's card is unreadable
            let store = database.stores
            let amy = try await store.createOrder(orderToCreate: Self.order("Amy", card: CardEncryptionTests.numbers[0]))
            try await database.flipCiphertextBit(Int64(amy.id!)!)
            let spoilt = try await database.ciphertext(Int64(amy.id!)!)
            let fetchedSpoilt = try await store.fetchOrder(id: amy.id!)
            let read = try XCTUnwrap(fetchedSpoilt)

            // When: an update keeps the unreadable card, it is refused and nothing is written
            var keeping = read
            keeping.email = "amy@example.com"
            do {
                let saved = try await store.updateOrder(orderToUpdate: keeping)
                XCTFail("\(database.name): saved over an unreadable card: \(saved)")
            } catch {
                XCTAssertEqual(
                    error, .cannotUpdate("The card of order \(amy.id!) cannot be read: an update must give a new card"), database.name)
            }
            let unchanged = try await store.fetchOrder(id: amy.id!)
            XCTAssertEqual(unchanged, read, database.name)
            let bytesAfterRefusal = try await database.ciphertext(Int64(amy.id!)!)
            XCTAssertEqual(bytesAfterRefusal, spoilt, database.name)

            // A status move changes no card: it is allowed, and the row keeps its bytes
            let paid = try await store.changeStatus(id: amy.id!, to: .paid, expectedVersion: 1, reason: nil, by: nil, at: Seeds.june30)
            XCTAssertEqual(paid.status, .paid, database.name)
            XCTAssertTrue(paid.paymentMethod.isCardUnreadable, database.name)
            let bytesAfterMove = try await database.ciphertext(Int64(amy.id!)!)
            XCTAssertEqual(bytesAfterMove, spoilt, database.name)

            // An update with a new card saves it, and history (newest first) says the unreadable card was replaced
            var replacing = paid
            replacing.paymentMethod = PaymentMethod(
                creditCardNumber: CardEncryptionTests.numbers[1], expirationDate: paid.paymentMethod.expirationDate)
            let saved = try await store.updateOrder(orderToUpdate: replacing, by: nil, at: Seeds.june30.addingTimeInterval(60))
            XCTAssertEqual(saved.version, 3, database.name)
            let fetched = try await store.fetchOrder(id: amy.id!)
            XCTAssertEqual(fetched?.paymentMethod.creditCardNumber, CardEncryptionTests.numbers[1], database.name)
            XCTAssertEqual(fetched?.paymentMethod.isCardUnreadable, false, database.name)
            let events = try await store.fetchEvents(orderID: amy.id!)
            XCTAssertEqual(
                events.first?.changes, [OrderChange(field: "Card number", old: "unreadable", new: "ending 4444")], database.name)
        }
    }
}
