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
}
