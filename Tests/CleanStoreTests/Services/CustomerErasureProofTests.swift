import Foundation
import GRDB
import Logging
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An erased customer's values are nowhere in the database: on SQLite not in the bytes of the file
/// (nor its WAL) once checkpointed, with `secure_delete` on every connection; on PostgreSQL in no
/// row of any table. (The memory store is the contract suite's.)
final class CustomerErasureProofTests: TemporaryDirectoryTestCase {
    /// Every erased value as the database may hold it: as typed, folded for search, the phone's
    /// digits (and reversed, as `phone_reversed` kept them). Compared lowercased.
    private var searched: [String] {
        (ErasureSeeds.values + [String(ErasureSeeds.phoneDigits.reversed()), "4155550177".reversed().map(String.init).joined()])
            .map { $0.lowercased() }
    }

    private func found(in file: String) throws -> [String] {
        guard FileManager.default.fileExists(atPath: file) else { return [] }
        // ASCII lowercased: the values are ASCII.
        let bytes = Data(try Data(contentsOf: URL(fileURLWithPath: file)).map { (65...90).contains($0) ? $0 + 32 : $0 })
        return searched.filter { bytes.range(of: Data($0.utf8)) != nil }
    }

    func testAnErasedCustomersValuesAreNotInTheSQLiteFileOrItsWAL() async throws {
        let path = databasePath
        let stores = try CustomerStores.sqlite(path: path)
        let sqlite = try XCTUnwrap(stores.orders as? OrdersSQLiteStore)
        let seeded = try await ErasureSeeds.seed(stores)
        try await sqlite.database.pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        let present = [ErasureSeeds.first, ErasureSeeds.last, ErasureSeeds.email, ErasureSeeds.street, ErasureSeeds.phoneDigits].map { $0.lowercased() }
        XCTAssertEqual(Set(try found(in: path)).intersection(present), Set(present), "The check finds the values before the erasure")

        _ = try await stores.customers.eraseCustomer(id: seeded.customer.id!, version: seeded.customer.version, by: ErasureSeeds.sue, at: ErasureSeeds.now)
        try await sqlite.database.pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }

        XCTAssertEqual(try found(in: path), [], "in \(path)")
        XCTAssertEqual(try found(in: path + "-wal"), [], "in \(path)-wal")
        // Ann Lee's order is still there: the file was searched.
        let ann = try await stores.orders.fetchOrder(id: seeded.other)
        XCTAssertEqual(ann?.lastName, "Lee")
    }

    func testSecureDeleteIsOnForTheWriterAndEveryReader() async throws {
        let sqlite = try OrdersSQLiteStore(path: databasePath)
        let pool = sqlite.database.pool
        let writer = try await pool.write { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") }
        XCTAssertEqual(writer, 1)
        // Readers read at once, each on a connection of its own.
        let readers = try await withThrowingTaskGroup(of: Int?.self) { group in
            for _ in 0..<4 {
                group.addTask { try await pool.read { db in try Int.fetchOne(db, sql: "PRAGMA secure_delete") } }
            }
            return try await group.reduce(into: [Int?]()) { $0.append($1) }
        }
        XCTAssertEqual(readers, [1, 1, 1, 1])
    }

    func testAnErasedCustomersValuesAreInNoRowOfAnyPostgreSQLTable() async throws {
        let stores = try await CustomerStores.postgres(for: self)
        let client = try XCTUnwrap(stores.orders as? OrdersPostgresStore).database.client
        let seeded = try await ErasureSeeds.seed(stores)
        let logger = Logger(label: "erasure-proof")
        var tables: [String] = []
        for try await table in try await client.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename", logger: logger)
            .decode(String.self)
        {
            tables.append(table)
        }
        XCTAssert(tables.contains("orders") && tables.contains("customer_events") && tables.contains("bulk_moves"), "\(tables)")

        func rows(holding value: String) async throws -> [String] {
            var holding: [String] = []
            for table in tables {
                // Table names from the catalog, quoted; the value is bound.
                let query = PostgresQuery(
                    unsafeSQL: "SELECT count(*) FROM \"\(table)\" t WHERE t::text ILIKE '%' || $1 || '%'",
                    binds: { var binds = PostgresBindings(); binds.append(value); return binds }())
                for try await count in try await client.query(query, logger: logger).decode(Int.self) where count > 0 { holding.append("\(table): \(count)") }
            }
            return holding
        }
        let before = try await rows(holding: ErasureSeeds.email)
        XCTAssertFalse(before.isEmpty, "The check finds the email before the erasure")

        _ = try await stores.customers.eraseCustomer(id: seeded.customer.id!, version: seeded.customer.version, by: ErasureSeeds.sue, at: ErasureSeeds.now)

        for value in searched {
            let holding = try await rows(holding: value)
            XCTAssertEqual(holding, [], value)
        }
        let ann = try await rows(holding: "Ann")
        XCTAssertFalse(ann.isEmpty, "Someone else's values are still found")
    }
}
