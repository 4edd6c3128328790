import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every sign-in attempts store (memory, SQLite, PostgreSQL).
final class SignInAttemptsStoreContractTests: TemporaryDirectoryTestCase {
    func makeStores() async throws -> [(String, any SignInAttemptsStoreProtocol)] {
        try await AccountStores.all(in: directory, for: self).map { ($0.name, $0.attempts) }
    }

    func testFailuresCountByUsernameIgnoringCaseAndByAddressWithinTheWindow() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start)
            try await store.recordFailure(username: "AMY", address: "192.0.2.2", at: start.addingTimeInterval(60))
            try await store.recordFailure(username: "nobody", address: "192.0.2.1", at: start.addingTimeInterval(120))

            let amy = try await store.countFailures(username: "Amy", since: start)
            XCTAssertEqual(amy, 2, name)
            let amyLately = try await store.countFailures(username: "amy", since: start.addingTimeInterval(1))
            XCTAssertEqual(amyLately, 1, "\(name): the window starts at since")
            let unknown = try await store.countFailures(username: "nobody", since: start)
            XCTAssertEqual(unknown, 1, "\(name): unknown usernames count the same")
            let address = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(address, 2, name)
            let elsewhere = try await store.countFailures(address: "198.51.100.7", since: start)
            XCTAssertEqual(elsewhere, 0, name)
        }
    }

    func testSuccessClearsTheUsernamesFailuresOnly() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            for second in 0..<4 {
                try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start.addingTimeInterval(Double(second)))
            }
            try await store.recordFailure(username: "sue", address: "192.0.2.1", at: start)
            try await store.clearFailures(username: "AMY")
            let amy = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(amy, 0, name)
            let sue = try await store.countFailures(username: "sue", since: start)
            XCTAssertEqual(sue, 1, name)
            // Sue's failure from the same address still counts for it.
            let address = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(address, 1, name)
        }
    }

    func testAReleasedAttemptIsForgottenAloneAsIfItWereNeverMade() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            // Two attempts at the same instant from the same address, one at another time, one elsewhere.
            for _ in 0..<2 {
                _ = try await store.reserveAttempt(username: "amy", address: "192.0.2.1", at: start, throttle: .standard)
            }
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start.addingTimeInterval(1))
            try await store.recordFailure(username: "amy", address: "192.0.2.9", at: start)

            try await store.releaseAttempt(username: "AMY", address: "192.0.2.1", at: start)

            let amy = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(amy, 3, "\(name): one of the two at that instant, and the others")
            let address = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(address, 2, name)
            try await store.releaseAttempt(username: "nobody", address: "192.0.2.1", at: start)
            let unchanged = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(unchanged, 2, "\(name): releasing an attempt never made changes nothing")
        }
    }

    func testOldFailuresAreDeleted() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start)
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start.addingTimeInterval(3600))
            try await store.deleteFailures(before: start.addingTimeInterval(3600))
            let left = try await store.countFailures(username: "amy", since: .distantPast)
            XCTAssertEqual(left, 1, name)
        }
    }

    // MARK: Reserving an attempt

    static let throttle = SignInThrottle.standard
    static let here = "192.0.2.1"
    static let there = "198.51.100.7"

    func reserve(
        _ store: any SignInAttemptsStoreProtocol, _ username: String = "amy", from address: String = here, at time: Date = AccountSeeds.now,
        throttle: SignInThrottle = throttle
    ) async throws -> SignInReservation {
        try await store.reserveAttempt(username: username, address: address, at: time, throttle: throttle)
    }

    static func failures(_ username: Int, latest: Date?, pair: Int, address: Int, usernames: Int) -> SignInThrottle.Failures {
        SignInThrottle.Failures(username: username, latestForUsername: latest, pair: pair, address: address, usernamesFromAddress: usernames)
    }

    func testAReservedAttemptIsCountedAsAFailureUntilItSucceeds() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            let first = try await reserve(store)
            XCTAssertEqual(first, .reserved(Self.failures(0, latest: nil, pair: 0, address: 0, usernames: 0)), name)
            let second = try await reserve(store, "AMY", at: start.addingTimeInterval(1))
            XCTAssertEqual(second, .reserved(Self.failures(1, latest: start, pair: 1, address: 1, usernames: 1)), "\(name): what it counted before")
            let counted = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(counted, 2, "\(name): both recorded, as failures")
            // It succeeded: the username's failures, the attempt with them, are forgotten.
            try await store.clearFailures(username: "amy")
            let left = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(left, 0, name)
        }
    }

    func testFiveFailuresLockTheUsernameFromThatAddressAndSlowItDownFromElsewhereWithAGrowingDelay() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            for second in 0..<5 {
                let reserved = try await reserve(store, at: start.addingTimeInterval(Double(second)))
                guard case .reserved = reserved else { return XCTFail("\(name): attempt \(second + 1) refused: \(reserved)") }
            }
            let latest = start.addingTimeInterval(4)
            let locked = try await reserve(store, at: latest)
            XCTAssertEqual(locked, .refused(.pair(retryAfter: 15 * 60), Self.failures(5, latest: latest, pair: 5, address: 5, usernames: 1)), name)

            // From elsewhere: a minute after the latest failure, not a lock.
            let soon = try await reserve(store, from: Self.there, at: latest.addingTimeInterval(20))
            XCTAssertEqual(soon, .refused(.username(retryAfter: 40), Self.failures(5, latest: latest, pair: 0, address: 0, usernames: 0)), name)
            let minuteLater = latest.addingTimeInterval(60)
            let allowed = try await reserve(store, from: Self.there, at: minuteLater)
            XCTAssertEqual(allowed, .reserved(Self.failures(5, latest: latest, pair: 0, address: 0, usernames: 0)), name)
            // It failed too: the next waits two minutes, then four.
            let next = try await reserve(store, from: Self.there, at: minuteLater.addingTimeInterval(119))
            XCTAssertEqual(next, .refused(.username(retryAfter: 1), Self.failures(6, latest: minuteLater, pair: 1, address: 1, usernames: 1)), name)
            let twoMinutesLater = minuteLater.addingTimeInterval(120)
            let third = try await reserve(store, from: Self.there, at: twoMinutesLater)
            XCTAssertEqual(third, .reserved(Self.failures(6, latest: minuteLater, pair: 1, address: 1, usernames: 1)), name)
            let fourth = try await reserve(store, from: Self.there, at: twoMinutesLater.addingTimeInterval(1))
            XCTAssertEqual(fourth, .refused(.username(retryAfter: 239), Self.failures(7, latest: twoMinutesLater, pair: 2, address: 2, usernames: 1)), name)

            // Refused attempts are not recorded; other usernames go on.
            let counted = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(counted, 7, name)
            let sue = try await reserve(store, "sue", at: latest)
            XCTAssertEqual(sue, .reserved(Self.failures(0, latest: nil, pair: 0, address: 5, usernames: 1)), name)
        }
    }

    func testTheAddressLimitRefusesEveryUsernameAndSaysHowManyFailed() async throws {
        let throttle = SignInThrottle(maximumFailuresPerAddress: 3)
        for (name, store) in try await makeStores() {
            for username in ["ann", "bob", "bob"] {
                let reserved = try await reserve(store, username, throttle: throttle)
                guard case .reserved = reserved else { return XCTFail("\(name): \(username) refused: \(reserved)") }
            }
            let refused = try await reserve(store, "cat", throttle: throttle)
            XCTAssertEqual(
                refused, .refused(.address(retryAfter: 15 * 60, usernames: 2), Self.failures(0, latest: nil, pair: 0, address: 3, usernames: 2)),
                name)
            let elsewhere = try await reserve(store, "cat", from: Self.there, throttle: throttle)
            XCTAssertEqual(elsewhere, .reserved(Self.failures(0, latest: nil, pair: 0, address: 0, usernames: 0)), name)
        }
    }

    /// 24 attempts for one username sent at once, then 60 for as many usernames from one address:
    /// on every store, no two pass one count.
    func testAttemptsSentAtOnceAreCountedInTurn() async throws {
        for (name, store) in try await makeStores() {
            let forAmy = try await reserveAtOnce(store, usernames: Array(repeating: "amy", count: 24))
            XCTAssertEqual(forAmy.reserved, 5, "\(name): five reserved, the limit for a username from one address")
            XCTAssertEqual(forAmy.recorded, 5, name)
            let many = try await reserveAtOnce(store, usernames: (1...60).map { "user\($0)" }, from: Self.there)
            XCTAssertEqual(many.reserved, 50, "\(name): fifty reserved, the limit for an address")
            XCTAssertEqual(many.recorded, 50, name)
        }
    }

    /// Sends the attempts for `usernames` at once (12 in flight at a time); returns how many were
    /// reserved, and how many failures the store then counts from the address.
    func reserveAtOnce(
        _ store: any SignInAttemptsStoreProtocol, usernames: [String], from address: String = here
    ) async throws -> (reserved: Int, recorded: Int) {
        let reserved = try await withThrowingTaskGroup(of: Int.self) { group in
            for lane in 0..<12 {
                group.addTask {
                    var reserved = 0
                    for index in stride(from: lane, to: usernames.count, by: 12) {
                        let outcome = try await store.reserveAttempt(
                            username: usernames[index], address: address, at: AccountSeeds.now, throttle: Self.throttle)
                        if case .reserved = outcome { reserved += 1 }
                    }
                    return reserved
                }
            }
            return try await group.reduce(0, +)
        }
        return (reserved, try await store.countFailures(address: address, since: .distantPast))
    }

    func testAUsernameAndAnAddressAreKeptToTheirFirst64Characters() async throws {
        let long = String(repeating: "Ä", count: 100) + "-end"
        for (name, store) in try await makeStores() {
            _ = try await reserve(store, long, from: String(repeating: "9", count: 100))
            try await store.recordFailure(username: long, address: String(repeating: "9", count: 100), at: AccountSeeds.now)
            let byPrefix = try await store.countFailures(username: String(repeating: "ä", count: 64), since: .distantPast)
            XCTAssertEqual(byPrefix, 2, "\(name): counted by its first 64 characters")
            let address = try await store.countFailures(address: String(repeating: "9", count: 64), since: .distantPast)
            XCTAssertEqual(address, 2, name)
        }
        // What the SQL stores keep: 64 characters.
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("long.sqlite").path).database
        let postgres = try await TestPostgres.makeStore(for: self).database
        for store in [SignInAttemptsSQLiteStore(database: sqlite), SignInAttemptsPostgresStore(database: postgres)] as [any SignInAttemptsStoreProtocol] {
            _ = try await reserve(store, long, from: String(repeating: "9", count: 100))
            try await store.recordFailure(username: long, address: String(repeating: "9", count: 100), at: AccountSeeds.now)
        }
        let sqliteLengths = try await sqlite.pool.read { db in
            try Row.fetchAll(db, sql: "SELECT length(username_key), length(address) FROM sign_in_failures").map { [$0[0] as Int, $0[1] as Int] }
        }
        XCTAssertEqual(sqliteLengths, [[64, 64], [64, 64]], "SQLite")
        var postgresLengths: [[Int]] = []
        for try await (username, address) in try await postgres.client.query(
            "SELECT char_length(username_key), char_length(address) FROM sign_in_failures", logger: TestPostgres.logger
        ).decode((Int, Int).self) {
            postgresLengths.append([username, address])
        }
        XCTAssertEqual(postgresLengths, [[64, 64], [64, 64]], "PostgreSQL")
    }

    func testACardNumberTypedAsAUsernameIsKeptAsItsLastFourOnly() async throws {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("card.sqlite").path).database
        let postgres = try await TestPostgres.makeStore(for: self).database
        let stores: [(String, any SignInAttemptsStoreProtocol)] =
            [("memory", SignInAttemptsMemStore()), ("SQLite", SignInAttemptsSQLiteStore(database: sqlite)), ("PostgreSQL", SignInAttemptsPostgresStore(database: postgres))]
        for (name, store) in stores {
            _ = try await reserve(store, "4111 1111 1111 1111", from: "192.0.2.1")
            let counted = try await store.countFailures(username: "4111111111111111", since: .distantPast)
            XCTAssertEqual(counted, 1, "\(name): still counted, by its last four")
        }
        let sqliteKeys = try await sqlite.pool.read { db in try String.fetchAll(db, sql: "SELECT username_key FROM sign_in_failures") }
        XCTAssertEqual(sqliteKeys, ["[card …1111]"])
        var postgresKeys: [String] = []
        for try await key in try await postgres.client.query("SELECT username_key FROM sign_in_failures", logger: TestPostgres.logger).decode(String.self) {
            postgresKeys.append(key)
        }
        XCTAssertEqual(postgresKeys, ["[card …1111]"])
    }
}
