import Foundation
import GRDB

/// Failed sign-ins in the SQLite database.
public final class SignInAttemptsSQLiteStore: SignInAttemptsStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    public func recordFailure(username: String, address: String, at time: Date) async throws(AccountsStoreError) {
        let arguments: StatementArguments = [Account.key(username), address, time.timeIntervalSince1970]
        try await database.write("Cannot record a failed sign-in") { db in
            try db.execute(sql: "INSERT INTO sign_in_failures (username_key, address, attempted_at) VALUES (?, ?, ?)", arguments: arguments)
        }
    }

    public func countFailures(username: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await count("username_key", Account.key(username), since: since)
    }

    public func countFailures(address: String, since: Date) async throws(AccountsStoreError) -> Int {
        try await count("address", address, since: since)
    }

    private func count(_ column: String, _ value: String, since: Date) async throws(AccountsStoreError) -> Int {
        let arguments: StatementArguments = [value, since.timeIntervalSince1970]
        return try await database.read("Cannot count failed sign-ins") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sign_in_failures WHERE \(column) = ? AND attempted_at >= ?", arguments: arguments)
                ?? 0
        }
    }

    public func clearFailures(username: String) async throws(AccountsStoreError) {
        let key = Account.key(username)
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
