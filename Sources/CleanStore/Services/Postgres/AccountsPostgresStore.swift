import Foundation
import Logging
import PostgresNIO

/// How accounts, sessions and sign-in attempts reach the PostgreSQL database (`PostgresAppDatabase`:
/// its client, kept running by the app's service group, and its `migrations`' versions 4–6, applied
/// under its advisory lock).
struct PostgresAccountsAccess: Sendable {
    let client: PostgresClient
    let logger: Logger

    /// Runs `query`, reading every row with `read`.
    func rows<T: Sendable>(_ what: String, _ query: PostgresQuery, _ read: (PostgresRow) throws -> T) async throws(AccountsStoreError) -> [T] {
        do {
            var rows: [T] = []
            for try await row in try await client.query(query, logger: logger) {
                rows.append(try read(row))
            }
            return rows
        } catch {
            throw .from(error, doing: what)
        }
    }

    /// As `rows(_:_:_:)`, the statement prepared once per connection (`PostgresPreparedStatements`):
    /// for the reads every signed-in request makes.
    func preparedRows<T: Sendable>(_ what: String, _ query: PostgresQuery, _ read: (PostgresRow) throws -> T) async throws(AccountsStoreError)
        -> [T]
    {
        do {
            return try await PostgresPreparedStatements.rows(query, on: client, logger: logger).map(read)
        } catch {
            throw .from(error, doing: what)
        }
    }

    func run(_ what: String, _ query: PostgresQuery) async throws(AccountsStoreError) {
        do {
            try await client.query(query, logger: logger)
        } catch {
            throw .from(error, doing: what)
        }
    }

    func count(_ what: String, _ query: PostgresQuery) async throws(AccountsStoreError) -> Int {
        try await rows(what, query) { try $0.decode(Int.self) }.first ?? 0
    }
}

/// Accounts in the PostgreSQL database.
public final class AccountsPostgresStore: AccountsStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    typealias AccountRow = (String, String, String, String, Bool, Double, Double)
    static let columns = "username, display_name, role, password_hash, disabled, created_at, updated_at"

    static func account(_ row: AccountRow) throws(AccountsStoreError) -> Account {
        guard let role = AccountRole(rawValue: row.2) else { throw .unavailable("Unknown role \(row.2) stored for \(row.0)") }
        return Account(
            username: row.0, displayName: row.1, role: role, passwordHash: row.3, isDisabled: row.4,
            createdAt: Date(timeIntervalSince1970: row.5), updatedAt: Date(timeIntervalSince1970: row.6))
    }

    private func accounts(_ what: String, _ query: PostgresQuery) async throws(AccountsStoreError) -> [Account] {
        var accounts: [Account] = []
        for row in try await database.rows(what, query, { try $0.decode(AccountRow.self) }) {
            accounts.append(try Self.account(row))
        }
        return accounts
    }

    public func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account {
        let inserted = try await database.rows(
            "Cannot create account \(account.username)",
            """
            INSERT INTO accounts (username_key, \(unescaped: Self.columns))
            VALUES (\(account.key), \(account.username), \(account.displayName), \(account.role.rawValue), \(account.passwordHash),
                \(account.isDisabled), \(account.createdAt.timeIntervalSince1970), \(account.updatedAt.timeIntervalSince1970))
            ON CONFLICT (username_key) DO NOTHING RETURNING username_key
            """) { try $0.decode(String.self) }
        guard !inserted.isEmpty else { throw .duplicateUsername(account.username) }
        return account
    }

    /// One transaction: no supervisor yet, the one row of `first_supervisor` (migration 12) taken,
    /// and the account inserted. A second form posted at once waits on the row's primary key until
    /// the first commits, then finds it taken (`ON CONFLICT DO NOTHING`); a duplicate username rolls
    /// the row back.
    public func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account {
        let logger = database.logger
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                let supervisors = try await connection.query(
                    "SELECT 1 FROM accounts WHERE role = 'supervisor' LIMIT 1", logger: logger)
                for try await _ in supervisors { throw AccountsStoreError.supervisorExists }
                let guarded = try await connection.query(
                    """
                    INSERT INTO first_supervisor (id, username_key, created_at)
                    VALUES (1, \(account.key), \(account.createdAt.timeIntervalSince1970))
                    ON CONFLICT (id) DO NOTHING RETURNING id
                    """, logger: logger)
                var taken = false
                for try await _ in guarded { taken = true }
                guard taken else { throw AccountsStoreError.supervisorExists }
                let inserted = try await connection.query(
                    """
                    INSERT INTO accounts (username_key, \(unescaped: Self.columns))
                    VALUES (\(account.key), \(account.username), \(account.displayName), \(account.role.rawValue),
                        \(account.passwordHash), \(account.isDisabled), \(account.createdAt.timeIntervalSince1970),
                        \(account.updatedAt.timeIntervalSince1970))
                    ON CONFLICT (username_key) DO NOTHING RETURNING username_key
                    """, logger: logger)
                var created = false
                for try await _ in inserted { created = true }
                guard created else { throw AccountsStoreError.duplicateUsername(account.username) }
                return account
            }
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: "Cannot create the first supervisor \(account.username)")
        } catch {
            throw .from(error, doing: "Cannot create the first supervisor \(account.username)")
        }
    }

    public func fetchAccount(username: String) async throws(AccountsStoreError) -> Account? {
        try await accounts(
            "Cannot fetch account \(username)",
            "SELECT \(unescaped: Self.columns) FROM accounts WHERE username_key = \(Account.key(username))"
        ).first
    }

    public func fetchAccounts() async throws(AccountsStoreError) -> [Account] {
        // COLLATE "C": by code point, as the other stores sort, whatever the database's locale.
        try await accounts("Cannot list accounts", "SELECT \(unescaped: Self.columns) FROM accounts ORDER BY username_key COLLATE \"C\"")
    }

    public func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        let updated = try await accounts(
            "Cannot disable account \(username)",
            """
            UPDATE accounts SET disabled = TRUE, updated_at = \(now.timeIntervalSince1970)
            WHERE username_key = \(Account.key(username)) RETURNING \(unescaped: Self.columns)
            """)
        guard let account = updated.first else { throw .unknownUsername(username) }
        return account
    }

    public func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        let updated = try await accounts(
            "Cannot set the password of \(username)",
            """
            UPDATE accounts SET password_hash = \(hash), updated_at = \(now.timeIntervalSince1970)
            WHERE username_key = \(Account.key(username)) RETURNING \(unescaped: Self.columns)
            """)
        guard let account = updated.first else { throw .unknownUsername(username) }
        return account
    }

    public func countAccounts() async throws(AccountsStoreError) -> Int {
        try await database.count("Cannot count accounts", "SELECT count(*) FROM accounts")
    }

    public func countSupervisors() async throws(AccountsStoreError) -> Int {
        try await database.count(
            "Cannot count supervisors", "SELECT count(*) FROM accounts WHERE role = 'supervisor' AND NOT disabled")
    }
}
