import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The SQLite store's files: readable by their owner only, complete after a close, and a missing
/// database said out loud.
final class OrdersSQLiteStoreFileTests: TemporaryDirectoryTestCase {
    func testTheDatabaseItsWALAndItsSharedMemoryAreReadableByTheOwnerOnly() async throws {
        let path = databasePath
        let store = try OrdersSQLiteStore(path: path)
        _ = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.amy))
        _ = try await store.fetchOrders()
        for file in [path, path + "-wal", path + "-shm"] {
            XCTAssert(FileManager.default.fileExists(atPath: file), file)
            XCTAssertEqual(String(try permissions(file), radix: 8), "600", file)
        }
    }

    func testAfterCloseTheDatabaseFileAloneHoldsEveryOrder() async throws {
        // Given: orders created, then read (a read is what left them in -wal at shutdown)
        let path = databasePath
        let store = try OrdersSQLiteStore(path: path)
        var created: [Order] = []
        for name in ["Ann", "Bea", "Cid"] {
            var order = OrdersStoreContractTests.newOrder(Seeds.Orders.amy)
            order.firstName = name
            created.append(try await store.createOrder(orderToCreate: order))
        }
        _ = try await store.fetchOrders()

        // When
        try store.close()

        // Then: the WAL is empty, and a copy of the database file alone holds every order
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? NSNumber)?.intValue ?? 0
        XCTAssertEqual(wal, 0, "Nothing is left in -wal")
        let orders = try await OrdersSQLiteStore(path: try copyAlone(path)).fetchOrders()
        XCTAssertEqual(orders, created.reversed())
    }

    func testStartingOnAPathWithNoDatabaseSaysSoAtNoticeLevel() throws {
        let path = databasePath
        let first = LogCapture()
        let store = try OrdersSQLiteStore(path: path, cards: TestCardKeys.keyring, logger: first.logger())
        try store.close()
        XCTAssert(first.text.contains("notice No database at \(path): creating a new, empty one"), first.text)

        let second = LogCapture()
        _ = try OrdersSQLiteStore(path: path, cards: TestCardKeys.keyring, logger: second.logger())
        XCTAssertFalse(second.text.contains("No database"), "An existing database is opened quietly: \(second.text)")
    }

    // MARK: Memory (issue 31)

    func testTheTuningIsWhatEachConnectionRunsWith() throws {
        // Given / When: a database opened with 3 readers and a 500 KiB cache each
        let database = try SQLiteAppDatabase(
            path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger, tuning: SQLiteTuning(readers: 3, cacheKiB: 500))
        defer { try? database.close() }

        // Then: SQLite reports the cache on a reader and on the writer (negative: KiB), GRDB the readers
        let applied = try database.appliedTuning()
        XCTAssertEqual(applied.readerCacheSize, -500)
        XCTAssertEqual(applied.writerCacheSize, -500)
        XCTAssertEqual(applied.readers, 3)
        XCTAssertEqual(try database.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA mmap_size") }, 0, "The file is not memory-mapped")
    }

    func testTheWriterSyncsEveryCommit() throws {
        // Given / When: a database opened (GRDB's pool puts its writer in WAL mode with NORMAL)
        let database = try SQLiteAppDatabase(path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
        defer { try? database.close() }

        // Then: the writer runs with synchronous = FULL (2): a commit is synced before it returns
        XCTAssertEqual(try database.pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }, 2)
        XCTAssertEqual(try database.pool.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }, 2)
    }

    func testTheStandardTuningIsOneReaderACoreAtLeastTwoAndSQLitesOwnCache() throws {
        let database = try SQLiteAppDatabase(path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
        defer { try? database.close() }
        XCTAssertEqual(database.tuning, .standard)
        XCTAssertEqual(SQLiteTuning.standard.readers, max(2, ProcessInfo.processInfo.activeProcessorCount))
        XCTAssertEqual(SQLiteTuning.standard.inPlaceReads, SQLiteTuning.standard.readers, "No bound but the readers'")
        XCTAssertEqual(SQLiteTuning.standard.inPlaceTransactions, SQLiteTuning.standard.readers)
        XCTAssertTrue(SQLiteTuning.standard.yieldsAfterInPlaceRead, "A read in place offers the core (issue 31: the pages' p99)")
        let applied = try database.appliedTuning()
        XCTAssertEqual(applied.readerCacheSize, -2000)
        XCTAssertEqual(applied.readers, SQLiteTuning.standard.readers)
    }

    func testATuningOfNothingStillKeepsOneReaderAndOneKiB() {
        XCTAssertEqual(SQLiteTuning(readers: 0, cacheKiB: -5), SQLiteTuning(readers: 1, cacheKiB: 1))
    }

    func testTheLinkingGivesTheWriterTheTuningsCacheBackWhenItIsDone() async throws {
        // Given: a database whose writer's cache is something else when the linking finishes
        let database = try SQLiteAppDatabase(
            path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger, tuning: SQLiteTuning(readers: 2, cacheKiB: 700))
        defer { try? database.close() }
        try await database.pool.write { db in try db.execute(sql: "PRAGMA cache_size = -9000") }

        // When: the linking finds nothing left to link
        _ = try await CustomersSQLiteStore(database: database).linkOrders(limit: 10, at: Date(timeIntervalSince1970: 1_800_000_000))

        // Then
        XCTAssertEqual(try database.appliedTuning().writerCacheSize, -700)
    }
}
