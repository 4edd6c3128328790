import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Writes waiting for the SQLite writer share one transaction (`SQLiteGroupCommit`, issue 31): each
/// all or nothing, each answered only once the shared transaction has committed, and every one of
/// them refused when that commit fails. (The placings' own rules under it: `PlacingConcurrencyTests`
/// and `DraftsStoreContractTests`.)
final class SQLiteGroupCommitTests: TemporaryDirectoryTestCase {
    struct Refused: Error, Equatable {}

    private func openDatabase() async throws -> SQLiteAppDatabase {
        let database = try SQLiteAppDatabase(path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
        try await database.pool.write { db in
            try db.execute(sql: """
                CREATE TABLE grouped_parents (id INTEGER PRIMARY KEY);
                CREATE TABLE grouped (x INTEGER UNIQUE,
                    parent INTEGER REFERENCES grouped_parents (id) DEFERRABLE INITIALLY DEFERRED);
                """)
        }
        return database
    }

    /// Holds the writer until `release` is signalled, and returns once it holds it: the writes
    /// asked meanwhile wait together.
    private func holdWriter(of database: SQLiteAppDatabase, until release: DispatchSemaphore) async -> Task<Void, any Error> {
        let (held, holding) = AsyncStream.makeStream(of: Void.self)
        let task = Task {
            try await database.pool.writeWithoutTransaction { _ in
                holding.yield()
                release.wait()
            }
        }
        for await _ in held { break }
        return task
    }

    /// The writes `values` (one row each; nil: a write that inserts 0 and then refuses), asked
    /// while the writer is held, until all of them wait; then the writer is let go.
    private func writeTogether(
        _ values: [Int?], parent: Int? = nil, in database: SQLiteAppDatabase
    ) async throws -> [Result<Int, any Error>] {
        let release = DispatchSemaphore(value: 0)
        let holder = await holdWriter(of: database, until: release)
        let writes = values.map { value in
            Task { () -> Result<Int, any Error> in
                do {
                    return .success(
                        try await database.groupCommit.write { db in
                            try db.execute(sql: "INSERT INTO grouped (x, parent) VALUES (?, ?)", arguments: [value ?? 0, parent])
                            guard let value else { throw Refused() }
                            return value
                        })
                } catch {
                    return .failure(error)
                }
            }
        }
        // Every write asked (the first may have been taken already, waiting for the writer).
        while database.groupCommit.waiting + database.groupCommit.counts.writes < values.count { await Task.yield() }
        release.signal()
        try await holder.value
        var results: [Result<Int, any Error>] = []
        for write in writes { results.append(await write.value) }
        return results
    }

    private func rows(in database: SQLiteAppDatabase) async throws -> [Int] {
        try await database.pool.read { db in try Int.fetchAll(db, sql: "SELECT x FROM grouped ORDER BY x") }
    }

    func testWritesThatWaitTogetherCommitInOneTransactionEachAllOrNothing() async throws {
        // Given
        let database = try await openDatabase()

        // When: ten writes wait for the writer: one refuses after its insert, one breaks the
        // unique rule (1 again)
        let results = try await writeTogether([1, 2, nil, 4, 1, 6, 7, 8, 9, 10], in: database)

        // Then: the others are answered with their own values and written; the two left nothing.
        // Which of the two 1s runs first is the tasks' scheduling: the one that does is written.
        let answered = results.map { try? $0.get() }
        XCTAssertEqual(answered.enumerated().filter { ![0, 4].contains($0.offset) }.map(\.element), [2, nil, 4, 6, 7, 8, 9, 10])
        XCTAssertEqual([answered[0], answered[4]].compactMap { $0 }, [1], "One of the two 1s is written")
        let second = answered[0] == nil ? results[0] : results[4]
        guard case .failure(let refused) = results[2], case .failure(let unique) = second else { return XCTFail("\(results)") }
        XCTAssertEqual(refused as? Refused, Refused())
        XCTAssertEqual((unique as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT)
        let written = try await rows(in: database)
        XCTAssertEqual(written, [1, 2, 4, 6, 7, 8, 9, 10])
        // in at most two transactions: the first write may have been taken alone before the rest
        let counts = database.groupCommit.counts
        XCTAssertEqual(counts.writes, 10)
        XCTAssertLessThanOrEqual(counts.groups, 2)
    }

    func testWhenTheSharedCommitFailsEveryWriteOfTheGroupIsRefusedAndNothingIsWritten() async throws {
        // Given: each write names a parent that does not exist, which only COMMIT checks (a
        // deferred foreign key): the transaction's commit fails
        let database = try await openDatabase()

        // When
        let results = try await writeTogether([1, 2, 3, 4], parent: 99, in: database)

        // Then
        for result in results {
            guard case .failure(let error) = result else { return XCTFail("written: \(result)") }
            XCTAssertEqual((error as? DatabaseError)?.resultCode, .SQLITE_CONSTRAINT, "\(error)")
        }
        let written = try await rows(in: database)
        XCTAssertEqual(written, [])
    }

    func testAWriteAloneRunsInItsOwnTransactionAndItsErrorComesBackAsItIs() async throws {
        // Given
        let database = try await openDatabase()

        // When
        let value = try await database.groupCommit.write { db in
            try db.execute(sql: "INSERT INTO grouped (x) VALUES (5)")
            return 5
        }
        var thrown: (any Error)?
        do {
            _ = try await database.groupCommit.write { db -> Int in
                try db.execute(sql: "INSERT INTO grouped (x) VALUES (6)")
                throw Refused()
            }
        } catch {
            thrown = error
        }

        // Then
        XCTAssertEqual(value, 5)
        XCTAssertEqual(thrown as? Refused, Refused())
        let written = try await rows(in: database)
        XCTAssertEqual(written, [5])
        XCTAssertEqual(database.groupCommit.counts.groups, 2)
        XCTAssertEqual(database.groupCommit.counts.writes, 2)
    }
}
