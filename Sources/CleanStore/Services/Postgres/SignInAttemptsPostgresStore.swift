import Crypto
import Foundation
import Logging
import PostgresNIO

/// Failed sign-ins in the PostgreSQL database: counted across every instance.
///
/// A reservation counts and records in one transaction that first takes two transaction-level
/// advisory locks, on the username and on the address (their hashes; released at commit): attempts
/// for one username, or from one address, on any instance, are counted in turn, and others run
/// side by side. Chosen over SERIALIZABLE, whose losers fail and must be retried (24 attempts at
/// once would mostly fail), and over a counter row locked FOR UPDATE, which needs a table of its
/// own and an upsert for every new username. Every transaction takes the username's lock before
/// the address's, so two of them never wait for each other in a circle.
public final class SignInAttemptsPostgresStore: SignInAttemptsStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    /// The advisory lock's two keys: a class (1 usernames, 2 addresses; the two-key locks do not
    /// share a space with the one-key migration lock, `PostgresAppDatabase.migrationLock`) and the
    /// first 32 bits of the value's SHA-256 (the same on every instance; two values that share them
    /// only wait for each other).
    static func lockKeys(class lockClass: Int32, _ value: String) -> (Int32, Int32) {
        let digest = Array(SHA256.hash(data: Data(value.utf8)))
        return (lockClass, digest[0..<4].reduce(Int32(0)) { $0 << 8 | Int32($1) })
    }

    public func reserveAttempt(
        username: String, address: String, at time: Date, throttle: SignInThrottle
    ) async throws(AccountsStoreError) -> SignInReservation {
        let key = SignInThrottle.key(username), address = SignInThrottle.address(address)
        let since = throttle.since(time).timeIntervalSince1970, seconds = time.timeIntervalSince1970
        let usernameLock = Self.lockKeys(class: 1, key), addressLock = Self.lockKeys(class: 2, address)
        let logger = database.logger
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(usernameLock.0), \(usernameLock.1))", logger: logger)
                try await connection.query("SELECT pg_advisory_xact_lock(\(addressLock.0), \(addressLock.1))", logger: logger)
                var counted = SignInThrottle.Failures(username: 0, latestForUsername: nil, pair: 0, address: 0, usernamesFromAddress: 0)
                let rows = try await connection.query(
                    """
                    SELECT
                        (SELECT count(*) FROM sign_in_failures WHERE username_key = \(key) AND attempted_at >= \(since)),
                        (SELECT max(attempted_at) FROM sign_in_failures WHERE username_key = \(key) AND attempted_at >= \(since)),
                        (SELECT count(*) FROM sign_in_failures
                            WHERE username_key = \(key) AND address = \(address) AND attempted_at >= \(since)),
                        (SELECT count(*) FROM sign_in_failures WHERE address = \(address) AND attempted_at >= \(since)),
                        (SELECT count(DISTINCT username_key) FROM sign_in_failures WHERE address = \(address) AND attempted_at >= \(since))
                    """, logger: logger)
                for try await (username, latest, pair, fromAddress, usernames) in rows.decode((Int, Double?, Int, Int, Int).self) {
                    counted = SignInThrottle.Failures(
                        username: username, latestForUsername: latest.map(Date.init(timeIntervalSince1970:)), pair: pair,
                        address: fromAddress, usernamesFromAddress: usernames)
                }
                if let refusal = throttle.refusal(counted, at: time) { return .refused(refusal, counted) }
                try await connection.query(
                    "INSERT INTO sign_in_failures (username_key, address, attempted_at) VALUES (\(key), \(address), \(seconds))",
                    logger: logger)
                return .reserved(counted)
            }
        } catch {
            throw .from(error, doing: "Cannot reserve a sign-in attempt")
        }
    }

    public func releaseAttempt(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot release a sign-in attempt",
            """
            DELETE FROM sign_in_failures WHERE id IN (
                SELECT id FROM sign_in_failures WHERE username_key = \(SignInThrottle.key(username))
                AND address = \(SignInThrottle.address(address)) AND attempted_at = \(time.timeIntervalSince1970) LIMIT 1)
            """)
    }

    public func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot record a failed sign-in",
            """
            INSERT INTO sign_in_failures (username_key, address, attempted_at)
            VALUES (\(SignInThrottle.key(username)), \(SignInThrottle.address(address)), \(time.timeIntervalSince1970))
            """)
    }

    public func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await database.count(
            "Cannot count failed sign-ins",
            "SELECT count(*) FROM sign_in_failures WHERE username_key = \(SignInThrottle.key(username)) AND attempted_at >= \(since.timeIntervalSince1970)")
    }

    public func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await database.count(
            "Cannot count failed sign-ins",
            "SELECT count(*) FROM sign_in_failures WHERE address = \(SignInThrottle.address(address)) AND attempted_at >= \(since.timeIntervalSince1970)")
    }

    public func clearFailures(username: String) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot clear failed sign-ins", "DELETE FROM sign_in_failures WHERE username_key = \(SignInThrottle.key(username))")
    }

    public func deleteFailures(before: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot delete old failed sign-ins", "DELETE FROM sign_in_failures WHERE attempted_at < \(before.timeIntervalSince1970)")
    }
}
