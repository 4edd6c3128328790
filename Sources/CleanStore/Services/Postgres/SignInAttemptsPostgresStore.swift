import Foundation
import Logging
import PostgresNIO

/// Failed sign-ins in the PostgreSQL database: counted across every instance.
public final class SignInAttemptsPostgresStore: SignInAttemptsStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    public func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot record a failed sign-in",
            """
            INSERT INTO sign_in_failures (username_key, address, attempted_at)
            VALUES (\(Account.key(username)), \(address), \(time.timeIntervalSince1970))
            """)
    }

    public func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await database.count(
            "Cannot count failed sign-ins",
            "SELECT count(*) FROM sign_in_failures WHERE username_key = \(Account.key(username)) AND attempted_at >= \(since.timeIntervalSince1970)")
    }

    public func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await database.count(
            "Cannot count failed sign-ins",
            "SELECT count(*) FROM sign_in_failures WHERE address = \(address) AND attempted_at >= \(since.timeIntervalSince1970)")
    }

    public func clearFailures(username: String) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot clear failed sign-ins", "DELETE FROM sign_in_failures WHERE username_key = \(Account.key(username))")
    }

    public func deleteFailures(before: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot delete old failed sign-ins", "DELETE FROM sign_in_failures WHERE attempted_at < \(before.timeIntervalSince1970)")
    }
}
