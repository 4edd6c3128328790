import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// How the SQLite stores read (`SQLiteReads.swift`, issue 31): a short read on the calling thread
/// when a reader is free, GRDB's async read when every reader is leased, and never a thread waiting
/// on the pool's semaphore.
final class SQLiteReadsTests: TemporaryDirectoryTestCase {
    // MARK: The leases, in plain Swift

    func testAReadRunsInPlaceOnlyWhileFewerReadsThanReadersAreUnderWay() {
        let leases = SQLiteReaderLeases(readers: 2)
        XCTAssertTrue(leases.takeInPlace(.transaction))
        XCTAssertTrue(leases.takeInPlace(.oneStatement))
        XCTAssertFalse(leases.takeInPlace(.oneStatement), "Both readers may be in use")
        XCTAssertEqual(leases.readsUnderWay, 2, "A refused lease takes nothing")
        leases.giveInPlace(.oneStatement)
        XCTAssertTrue(leases.takeInPlace(.transaction), "A reader given back is free again")
        leases.giveInPlace(.transaction)
        leases.giveInPlace(.transaction)
        XCTAssertEqual(leases.readsUnderWay, 0)
        XCTAssertEqual(leases.readsInPlace, 0)
    }

    func testAQueuedReadIsCountedEvenPastTheReadersSoNoReadRunsInPlaceBehindIt() {
        let leases = SQLiteReaderLeases(readers: 1)
        leases.takeQueued()
        leases.takeQueued()
        XCTAssertEqual(leases.readsUnderWay, 2, "The second waits in GRDB's pool")
        XCTAssertFalse(leases.takeInPlace(.oneStatement))
        leases.give()
        XCTAssertFalse(leases.takeInPlace(.oneStatement), "One queued read still holds the one reader")
        leases.give()
        XCTAssertTrue(leases.takeInPlace(.oneStatement))
        leases.giveInPlace(.oneStatement)
        XCTAssertEqual(leases.readsUnderWay, 0)
    }

    func testReadsInPlaceAreBoundedEvenWhileReadersAreFree() {
        // Given: 3 readers, at most 2 reads in place at once, of which 1 of several statements
        let leases = SQLiteReaderLeases(readers: 3, inPlace: 2, inPlaceTransactions: 1)

        XCTAssertTrue(leases.takeInPlace(.transaction))
        XCTAssertFalse(leases.takeInPlace(.transaction), "One transaction in place at a time")
        XCTAssertTrue(leases.takeInPlace(.oneStatement), "A one-statement read still may")
        XCTAssertFalse(leases.takeInPlace(.oneStatement), "Two reads in place at a time, with a reader free")
        leases.takeQueued()
        XCTAssertEqual(leases.readsUnderWay, 3)
        XCTAssertEqual(leases.readsInPlace, 2)
        leases.giveInPlace(.oneStatement)
        XCTAssertTrue(leases.takeInPlace(.oneStatement), "Its place and a reader are free again")
        leases.giveInPlace(.oneStatement)
        leases.takeQueued()
        XCTAssertFalse(leases.takeInPlace(.oneStatement), "A place is free, but two queued reads and the transaction hold the readers")
        leases.give()
        XCTAssertTrue(leases.takeInPlace(.oneStatement))
        leases.giveInPlace(.oneStatement)
        leases.giveInPlace(.transaction)
        leases.give()
        XCTAssertEqual(leases.readsUnderWay, 0)
        XCTAssertEqual(leases.readsInPlace, 0)
    }

    func testNoReadInPlaceWhenTheBoundIsNought() {
        let leases = SQLiteReaderLeases(readers: 2, inPlace: 0)
        XCTAssertFalse(leases.takeInPlace(.oneStatement))
        XCTAssertFalse(leases.takeInPlace(.transaction))
        XCTAssertEqual(leases.readsUnderWay, 0)
    }

    func testTheBoundsDefaultToTheReaders() {
        let leases = SQLiteReaderLeases(readers: 2)
        XCTAssertEqual(leases.inPlace, 2)
        XCTAssertEqual(leases.inPlaceTransactions, 2)
        XCTAssertEqual(SQLiteReaderLeases(readers: 2, inPlace: -1, inPlaceTransactions: -3).inPlace, 0)
    }

    func testNoReadersMeansOne() {
        XCTAssertEqual(SQLiteReaderLeases(readers: 0).readers, 1)
    }

    // MARK: The database's reads

    func testAShortReadRunsOnTheCallingThreadWhenAReaderIsFree() async throws {
        let database = try openDatabase(readers: 2)
        defer { try? database.close() }

        let caller = Self.threadID()
        let (answer, reader) = try await database.read { db in (try Int.fetchOne(db, sql: "SELECT 42"), Self.threadID()) }

        XCTAssertEqual(answer, 42)
        XCTAssertEqual(reader, caller, "No hop to a reader's queue")
        XCTAssertEqual(database.leases.readsUnderWay, 0, "Its lease is given back")
    }

    func testALongReadRunsOnAReadersQueue() async throws {
        let database = try openDatabase(readers: 2)
        defer { try? database.close() }

        let caller = Self.threadID()
        let reader = try await database.queuedRead { _ in Self.threadID() }

        XCTAssertNotEqual(reader, caller)
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testAReadWhileEveryReaderIsHeldWaitsInThePoolNotOnAThreadAndStillAnswers() async throws {
        // Given: the one reader held by a long read, parked inside its transaction
        let database = try openDatabase(readers: 1)
        defer { try? database.close() }
        let (release, long) = await Self.holdTheReader(of: database)

        // When: a short read is asked meanwhile
        let short = Task { try await database.read { db in try Int.fetchOne(db, sql: "SELECT 2") } }
        let counted = await Self.until { database.leases.readsUnderWay == 2 }

        // Then: it is counted as a queued read (it waits in GRDB's pool, not on the semaphore of a
        // Swift concurrency thread), and both answer once the reader is free
        XCTAssertTrue(counted, "The short read took a queued lease: \(database.leases.readsUnderWay) reads under way")
        release.signal()
        let first = try await long.value
        let second = try await short.value
        XCTAssertEqual(first, 1)
        XCTAssertEqual(second, 2)
        XCTAssertEqual(database.leases.readsUnderWay, 0)
        let caller = Self.threadID()
        let again = try await database.read { _ in Self.threadID() }
        XCTAssertEqual(again, caller, "Once the reader is back, a short read runs in place again")
    }

    func testAFailedReadGivesItsLeaseBack() async throws {
        let database = try openDatabase(readers: 1)
        defer { try? database.close() }

        do {
            _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT * FROM no_such_table") }
            XCTFail("A read of no table fails")
        } catch {}
        do {
            _ = try await database.queuedRead { db in try Int.fetchOne(db, sql: "SELECT * FROM no_such_table") }
            XCTFail("A read of no table fails")
        } catch {}

        XCTAssertEqual(database.leases.readsUnderWay, 0)
        let caller = Self.threadID()
        let reader = try await database.read { _ in Self.threadID() }
        XCTAssertEqual(reader, caller)
    }

    func testAReadInPlaceSeesWhatWasCommittedBeforeIt() async throws {
        let database = try openDatabase(readers: 2)
        defer { try? database.close() }
        let store = OrdersSQLiteStore(database: database)

        let created = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.amy))
        let page = try await store.fetchOrders(page: OrdersPageRequest(position: .newest, limit: 50, query: OrdersQuery()))
        let batch = try await store.fetchOrders(page: OrdersPageRequest(position: .newest, limit: 500, query: OrdersQuery()))

        XCTAssertEqual(page.orders.map(\.id), [created.id], "A page of 50 (in place)")
        XCTAssertEqual(batch.orders.map(\.id), [created.id], "A batch of 500 (queued)")
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testAReadOfOneStatementRunsInPlaceWithoutATransactionAndSeesEachCommittedWrite() async throws {
        let database = try openDatabase(readers: 1)
        defer { try? database.close() }
        try await database.pool.write { db in try db.execute(sql: "CREATE TABLE probe (value INTEGER)") }
        let read: @Sendable (Database) throws -> (values: [Int], inTransaction: Bool, thread: ObjectIdentifier) = { db in
            (try Int.fetchAll(db, sql: "SELECT value FROM probe ORDER BY value"), db.isInsideTransaction, Self.threadID())
        }

        let empty = try await database.readOneStatement(read)
        try await database.pool.write { db in try db.execute(sql: "INSERT INTO probe (value) VALUES (1), (2)") }
        let two = try await database.readOneStatement(read)
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM probe WHERE value = 1") }
        // The thread the task runs on now (an `await` that suspended may have resumed it on another).
        let caller = Self.threadID()
        let one = try await database.readOneStatement(read)

        XCTAssertEqual(empty.values, [])
        XCTAssertEqual(two.values, [1, 2], "The same reader sees the write committed since its last read")
        XCTAssertEqual(one.values, [2])
        XCTAssertFalse(one.inTransaction, "No BEGIN of its own")
        XCTAssertEqual(one.thread, caller, "In place")
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testAReadOfOneStatementWhileEveryReaderIsHeldWaitsInThePool() async throws {
        let database = try openDatabase(readers: 1)
        defer { try? database.close() }
        let (release, long) = await Self.holdTheReader(of: database)

        let short = Task { try await database.readOneStatement { db in try Int.fetchOne(db, sql: "SELECT 3") } }
        let counted = await Self.until { database.leases.readsUnderWay == 2 }
        release.signal()
        _ = try await long.value
        let answer = try await short.value

        XCTAssertTrue(counted, "Counted as a queued read")
        XCTAssertEqual(answer, 3)
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testReadsOfSeveralStatementsAreQueuedWhenNoneMayRunInPlace() async throws {
        // Given: no transaction in place, one-statement reads still in place
        let database = try openDatabase(readers: 2, tuning: { $0.inPlaceTransactions = 0 })
        defer { try? database.close() }

        let caller = Self.threadID()
        let oneStatement = try await database.readOneStatement { _ in Self.threadID() }
        let again = Self.threadID()
        let transaction = try await database.read { db in (Self.threadID(), db.isInsideTransaction) }

        XCTAssertEqual(oneStatement, caller, "A one-statement read in place")
        XCTAssertNotEqual(transaction.0, again, "A read of several statements on a reader's queue")
        XCTAssertTrue(transaction.1, "In its own transaction")
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testNoReadRunsInPlaceWhenTheBoundIsNought() async throws {
        let database = try openDatabase(readers: 2, tuning: { $0.inPlaceReads = 0 })
        defer { try? database.close() }

        let caller = Self.threadID()
        let oneStatement = try await database.readOneStatement { _ in Self.threadID() }
        let again = Self.threadID()
        let transaction = try await database.read { _ in Self.threadID() }

        XCTAssertNotEqual(oneStatement, caller)
        XCTAssertNotEqual(transaction, again)
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    func testAReadInPlaceThatOffersTheCoreStillRunsInPlaceAndGivesItsLeaseBack() async throws {
        let database = try openDatabase(readers: 1, tuning: { $0.yieldsAfterInPlaceRead = true })
        defer { try? database.close() }

        let caller = Self.threadID()
        let (answer, reader) = try await database.read { db in (try Int.fetchOne(db, sql: "SELECT 7"), Self.threadID()) }

        XCTAssertEqual(answer, 7)
        XCTAssertEqual(reader, caller)
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    // MARK: A signed-in page on SQLite

    func testAPageAnswersWhileTheOneReaderIsHeldAndASessionEndedIsRefusedAtOnce() async throws {
        // Given: the sessions and accounts on an SQLite database of one reader, the test browser signed in
        let database = try openDatabase(readers: 1)
        defer { try? database.close() }
        let accounts = AccountsSQLiteStore(database: database)
        _ = try await accounts.createAccount(testAccount)
        let sessions = SessionsSQLiteStore(database: database)
        _ = try await sessions.createSession(id: testSessionID, username: testAccount.username, now: Seeds.june29)
        let signIn = SignInServices(
            accounts: accounts, sessions: sessions, attempts: SignInAttemptsSQLiteStore(database: database),
            passwords: AccountSeeds.fastPasswords, newSessionID: { AccountSeeds.sessionID(1) })
        let app = try await TestApp(signIn: signIn)

        try await app.test { client in
            // When: a page is asked while a long read holds the one reader
            let (release, long) = await Self.holdTheReader(of: database)
            let page = Task { try await client.get("/orders") }
            let waiting = await Self.until { database.leases.readsUnderWay == 2 }
            release.signal()
            _ = try await long.value

            // Then: it answers once the reader is free
            XCTAssertTrue(waiting, "The session's read waited for the reader in the pool")
            let answered = try await page.value
            XCTAssertEqual(answered.status, .ok)

            // And: the session deleted (signed out everywhere), the next page is refused at once
            _ = try await sessions.deleteSessions(ofAccount: testAccount.username)
            let refused = try await client.get("/orders")
            XCTAssertEqual(refused.status, .seeOther)
            XCTAssertEqual(refused.headers[.location].map { $0.hasPrefix("/sign-in") }, true)
        }
        XCTAssertEqual(database.leases.readsUnderWay, 0)
    }

    // MARK: Helpers

    /// A long read (`queuedRead`) holding one reader of `database`, parked inside its transaction
    /// until `release` is signalled; it answers 1.
    private static func holdTheReader(of database: SQLiteAppDatabase) async -> (release: DispatchSemaphore, long: Task<Int?, any Error>) {
        let parked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let long = Task {
            try await database.queuedRead { db -> Int? in
                parked.signal()
                release.wait()
                return try Int.fetchOne(db, sql: "SELECT 1")
            }
        }
        await wait(for: parked)
        return (release, long)
    }

    private func openDatabase(readers: Int, tuning change: (inout SQLiteTuning) -> Void = { _ in }) throws -> SQLiteAppDatabase {
        var tuning = SQLiteTuning(readers: readers, cacheKiB: 500)
        change(&tuning)
        return try SQLiteAppDatabase(path: databasePath, cards: TestCardKeys.keyring, logger: TestStores.silentLogger, tuning: tuning)
    }

    /// The calling thread (not async: `Thread.current` is the thread running this code).
    private static func threadID() -> ObjectIdentifier {
        ObjectIdentifier(Thread.current)
    }

    /// Waits for `semaphore` off the Swift concurrency threads (a dispatch queue's thread waits).
    private static func wait(for semaphore: DispatchSemaphore) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                semaphore.wait()
                continuation.resume()
            }
        }
    }

    /// True once `condition` holds, checked after each of up to 1,000,000 yields (no sleep, no
    /// clock: a page's request through the router takes many of them on a loaded machine).
    private static func until(_ condition: () -> Bool) async -> Bool {
        for _ in 0..<1_000_000 {
            if condition() { return true }
            await Task.yield()
        }
        return condition()
    }
}
