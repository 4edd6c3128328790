import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every bulk moves store (memory, SQLite, PostgreSQL): a batch begun once per key,
/// its moves kept once per order in the order recorded, every outcome read back as written; and a
/// status change made as part of a batch names it in the order's history.
final class BulkMovesStoreContractTests: TemporaryDirectoryTestCase {
    struct Stores {
        let name: String
        let bulk: any BulkMovesStoreProtocol
        let orders: any OrdersStoreProtocol
        let events: any OrderEventsStoreProtocol
    }

    func makeStores() async throws -> [Stores] {
        let memory = MemoryAppDatabase()
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("bulk-\(UUID().uuidString).sqlite").path)
        let postgres = try await TestPostgres.makeStore(for: self)
        return [
            Stores(
                name: "memory", bulk: BulkMovesMemStore(database: memory), orders: OrdersMemStore(database: memory),
                events: OrderEventsMemStore(database: memory)),
            Stores(
                name: "SQLite", bulk: BulkMovesSQLiteStore(database: sqlite.database), orders: sqlite,
                events: OrderEventsSQLiteStore(database: sqlite.database)),
            Stores(
                name: "PostgreSQL", bulk: BulkMovesPostgresStore(database: postgres.database), orders: postgres,
                events: OrderEventsPostgresStore(database: postgres.database)),
        ]
    }

    static let sam = AccountName(username: "sam", displayName: "Sam Clerk")
    static func batch(key: String = "key-1", action: OrderStatus.Action = .markShipped, carrier: String? = "UPS") -> BulkBatch {
        BulkBatch(key: key, action: action, carrier: carrier, by: sam, at: Seeds.june30, selected: 7)
    }

    func testABatchIsBegunOncePerKeyAndReadBackAsKept() async throws {
        for stores in try await makeStores() {
            guard case .begun(let begun) = try await stores.bulk.begin(Self.batch()) else { return XCTFail(stores.name) }
            var expected = Self.batch()
            expected.id = begun.id
            XCTAssertNotNil(begun.id, stores.name)
            XCTAssertEqual(begun, expected, stores.name)
            let fetched = try await stores.bulk.fetchBatch(id: begun.id!)
            XCTAssertEqual(fetched, expected, "\(stores.name): read back as kept, no moves yet")

            // The same key again (a replayed form, another instance): that batch, nothing new.
            let again = try await stores.bulk.begin(Self.batch(action: .markPaid, carrier: nil))
            XCTAssertEqual(again, .existing(expected), stores.name)
            guard case .begun(let other) = try await stores.bulk.begin(Self.batch(key: "key-2", action: .markPaid, carrier: nil)) else {
                return XCTFail(stores.name)
            }
            XCTAssertGreaterThan(Int(other.id!)!, Int(begun.id!)!, "\(stores.name): ids grow")
            XCTAssertEqual(other.action, .markPaid, stores.name)
            XCTAssertNil(other.carrier, stores.name)
        }
    }

    func testMovesAreKeptOncePerOrderInTheOrderRecordedWithEveryOutcome() async throws {
        for stores in try await makeStores() {
            guard case .begun(let begun) = try await stores.bulk.begin(Self.batch()) else { return XCTFail(stores.name) }
            let id = begun.id!
            let moves = [
                BulkBatch.Move(orderID: "12", customer: "Amy Apple", outcome: .moved),
                BulkBatch.Move(orderID: "3", customer: "Bob Banana", outcome: .alreadyThere),
                BulkBatch.Move(orderID: "40", customer: "Cy Cherry", outcome: .notAllowed(from: .cancelled)),
                BulkBatch.Move(orderID: "5", customer: "Di Date", outcome: .changed(by: AccountSeeds.sue.name, now: .packed)),
                BulkBatch.Move(orderID: "6", customer: "Ed Elder", outcome: .changed(by: nil, now: .new)),
                BulkBatch.Move(orderID: "7", customer: "", outcome: .deleted),
                BulkBatch.Move(orderID: "8", customer: "Fay Fig", outcome: .failed),
            ]
            for move in moves { try await stores.bulk.record(move, inBatch: id) }
            // A second outcome for an order of the batch: the first stands.
            try await stores.bulk.record(BulkBatch.Move(orderID: "12", customer: "Amy Apple", outcome: .failed), inBatch: id)

            let fetched = try await stores.bulk.fetchBatch(id: id)
            XCTAssertEqual(fetched?.moves, moves, stores.name)
            // Another batch's moves are its own.
            guard case .begun(let other) = try await stores.bulk.begin(Self.batch(key: "key-2")) else { return XCTFail(stores.name) }
            try await stores.bulk.record(BulkBatch.Move(orderID: "12", customer: "Amy Apple", outcome: .alreadyThere), inBatch: other.id!)
            let otherFetched = try await stores.bulk.fetchBatch(id: other.id!)
            XCTAssertEqual(otherFetched?.moves.map(\.outcome), [.alreadyThere], stores.name)
        }
    }

    func testNoSuchBatchIsNilToReadAndNotFoundToRecordInto() async throws {
        for stores in try await makeStores() {
            let none = try await stores.bulk.fetchBatch(id: "99")
            XCTAssertNil(none, stores.name)
            let notAnID = try await stores.bulk.fetchBatch(id: "x1")
            XCTAssertNil(notAnID, stores.name)
            do {
                try await stores.bulk.record(BulkBatch.Move(orderID: "1", customer: "Amy Apple", outcome: .moved), inBatch: "99")
                XCTFail("\(stores.name): recorded into no batch")
            } catch {
                XCTAssertEqual(error, .notFound(id: "99"), stores.name)
            }
        }
    }

    func testTwoBeginsOfOneKeyAtOnceBeginOneBatch() async throws {
        for stores in try await makeStores() {
            let bulk = stores.bulk
            async let first = bulk.begin(Self.batch())
            async let second = bulk.begin(Self.batch())
            let both = try await [first, second]
            let begun = both.compactMap { if case .begun(let batch) = $0 { batch } else { nil } }
            let existing = both.compactMap { if case .existing(let batch) = $0 { batch } else { nil } }
            XCTAssertEqual(begun.count, 1, "\(stores.name): \(both)")
            XCTAssertEqual(existing.map(\.id), begun.map(\.id), stores.name)
        }
    }

    func testAMoveMadeAsPartOfABatchNamesItInTheOrdersHistory() async throws {
        for stores in try await makeStores() {
            let created = try await stores.orders.createOrder(
                orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.amy), by: Self.sam, at: Seeds.june29)
            let paid = try await stores.orders.changeStatus(
                id: created.id!, to: .paid, expectedVersion: created.version, reason: nil, shipment: nil, batch: "4", by: Self.sam,
                at: Seeds.june30)
            XCTAssertEqual(paid.status, .paid, stores.name)
            let events = try await stores.events.fetchEvents(orderID: created.id!)
            XCTAssertEqual(events.first?.statusChange, OrderEvent.StatusChange(from: .new, to: .paid, batch: "4"), stores.name)
            // A move from the order's page names none.
            _ = try await stores.orders.changeStatus(
                id: created.id!, to: .packed, expectedVersion: paid.version, reason: nil, by: Self.sam, at: Seeds.june30)
            let after = try await stores.events.fetchEvents(orderID: created.id!)
            XCTAssertEqual(after.first?.statusChange, OrderEvent.StatusChange(from: .paid, to: .packed), stores.name)
        }
    }
}
