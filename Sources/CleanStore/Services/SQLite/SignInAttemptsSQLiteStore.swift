import Foundation
import GRDB

/// Failed sign-ins in the SQLite database. A reservation counts and records in one write
/// transaction: the pool's writes are serialised, so attempts sent at once are counted in turn.
public final class SignInAttemptsSQLiteStore: SignInAttemptsStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    /// The failures within the window: the username's, their latest, the pair's, the address's and
    /// its usernames (`SignInThrottle.Failures`, in that order), served by the two indexes of v7.
    private static let countSQL = """
        SELECT
            (SELECT count(*) FROM sign_in_failures WHERE username_key = :key AND attempted_at >= :since),
            (SELECT max(attempted_at) FROM sign_in_failures WHERE username_key = :key AND attempted_at >= :since),
            (SELECT count(*) FROM sign_in_failures WHERE username_key = :key AND address = :address AND attempted_at >= :since),
            (SELECT count(*) FROM sign_in_failures WHERE address = :address AND attempted_at >= :since),
            (SELECT count(DISTINCT username_key) FROM sign_in_failures WHERE address = :address AND attempted_at >= :since)
        """

    public func reserveAttempt(
        username: String, address: String, at time: Date, throttle: SignInThrottle
    ) async throws(AccountsStoreError) -> SignInReservation {
        let key = SignInThrottle.key(username), address = SignInThrottle.address(address)
        let arguments: StatementArguments = ["key": key, "address": address, "since": throttle.since(time).timeIntervalSince1970]
        return try await database.write("Cannot reserve a sign-in attempt") { db in
            let row = try Row.fetchOne(db.cachedStatement(sql: Self.countSQL), arguments: arguments)
            let counted = SignInThrottle.Failures(
                username: row?[0] ?? 0, latestForUsername: (row?[1] as Double?).map(Date.init(timeIntervalSince1970:)),
                pair: row?[2] ?? 0, address: row?[3] ?? 0, usernamesFromAddress: row?[4] ?? 0)
            if let refusal = throttle.refusal(counted, at: time) { return .refused(refusal, counted) }
            try Self.insert(key: key, address: address, at: time, into: db)
            return .reserved(counted)
        }
    }

    private static func insert(key: String, address: String, at time: Date, into db: Database) throws {
        try db.execute(
            sql: "INSERT INTO sign_in_failures (username_key, address, attempted_at) VALUES (?, ?, ?)",
            arguments: [key, address, time.timeIntervalSince1970])
    }

    public func releaseAttempt(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        let arguments: StatementArguments = [SignInThrottle.key(username), SignInThrottle.address(address), time.timeIntervalSince1970]
        try await database.write("Cannot release a sign-in attempt") { db in
            try db.execute(
                sql: """
                    DELETE FROM sign_in_failures WHERE rowid IN (
                        SELECT rowid FROM sign_in_failures WHERE username_key = ? AND address = ? AND attempted_at = ? LIMIT 1)
                    """,
                arguments: arguments)
        }
    }

    public func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        let key = SignInThrottle.key(username), address = SignInThrottle.address(address)
        try await database.write("Cannot record a failed sign-in") { db in
            try Self.insert(key: key, address: address, at: time, into: db)
        }
    }

    public func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await count("username_key", SignInThrottle.key(username), since: since)
    }

    public func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await count("address", SignInThrottle.address(address), since: since)
    }

    private func count(_ column: String, _ value: String, since: Date) async throws(AccountsStoreError) -> Int {
        let arguments: StatementArguments = [value, since.timeIntervalSince1970]
        return try await database.read("Cannot count failed sign-ins") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sign_in_failures WHERE \(column) = ? AND attempted_at >= ?", arguments: arguments)
                ?? 0
        }
    }

    public func clearFailures(username: String) async throws(AccountsStoreError) {
        let key = SignInThrottle.key(username)
        try await database.write("Cannot clear failed sign-ins") { db in
            try db.execute(sql: "DELETE FROM sign_in_failures WHERE username_key = ?", arguments: [key])
        }
    }

    public func deleteFailures(before: Date) async throws(AccountsStoreError) {
        let seconds = before.timeIntervalSince1970
        try await database.write("Cannot delete old failed sign-ins") { db in
            try db.execute(sql: "DELETE FROM sign_in_failures WHERE attempted_at < ?", arguments: [seconds])
        }
    }
}
