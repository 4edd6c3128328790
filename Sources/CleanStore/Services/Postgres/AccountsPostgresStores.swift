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

/// Sessions in the PostgreSQL database: every instance sees the same ones.
public final class SessionsPostgresStore: SessionsStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    public func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session {
        let key = Account.key(username)
        let session = Session(idHash: id.hash, accountKey: key, createdAt: now, lastSeenAt: now)
        let seconds = now.timeIntervalSince1970
        // One statement: no session for an account deleted meanwhile.
        let created = try await database.rows(
            "Cannot create a session",
            """
            INSERT INTO sessions (id_hash, account_key, created_at, last_seen_at)
            SELECT \(ByteBuffer(bytes: session.idHash)), username_key, \(seconds), \(seconds) FROM accounts WHERE username_key = \(key)
            RETURNING account_key
            """) { try $0.decode(String.self) }
        guard !created.isEmpty else { throw .unknownUsername(username) }
        return session
    }

    public func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        let hash = id.hash
        let found = try await database.rows(
            "Cannot read a session", "SELECT account_key, created_at, last_seen_at FROM sessions WHERE id_hash = \(ByteBuffer(bytes: hash))",
        ) { try $0.decode((String, Double, Double).self) }
        guard let row = found.first else { return nil }
        let session = Session(
            idHash: hash, accountKey: row.0, createdAt: Date(timeIntervalSince1970: row.1), lastSeenAt: Date(timeIntervalSince1970: row.2))
        return try await settle(session, id: id, now: now, timeouts: timeouts)
    }

    public func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account? {
        let hash = id.hash
        let columns = AccountsPostgresStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
        let found = try await database.rows(
            "Cannot read a session",
            """
            SELECT \(unescaped: columns), s.account_key, s.created_at, s.last_seen_at
            FROM sessions s JOIN accounts a ON a.username_key = s.account_key WHERE s.id_hash = \(ByteBuffer(bytes: hash))
            """
        ) { row in
            let (username, displayName, role, passwordHash, disabled, createdAt, updatedAt, key, sessionCreated, lastSeen) = try row.decode(
                (String, String, String, String, Bool, Double, Double, String, Double, Double).self)
            return (
                (username, displayName, role, passwordHash, disabled, createdAt, updatedAt),
                Session(
                    idHash: hash, accountKey: key, createdAt: Date(timeIntervalSince1970: sessionCreated),
                    lastSeenAt: Date(timeIntervalSince1970: lastSeen)))
        }
        guard let (accountRow, session) = found.first else { return nil }
        let account = try AccountsPostgresStore.account(accountRow)
        return try await settle(session, id: id, now: now, timeouts: timeouts) == nil ? nil : account
    }

    /// A session found at `now`: deleted and nil once it has ended, its last use written when due.
    private func settle(_ found: Session, id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        var session = found
        if timeouts.hasEnded(session, at: now) {
            try await deleteSession(id: id)
            return nil
        }
        if timeouts.needsRefresh(session, at: now) {
            session.lastSeenAt = now
            try await database.run(
                "Cannot refresh a session",
                "UPDATE sessions SET last_seen_at = \(now.timeIntervalSince1970) WHERE id_hash = \(ByteBuffer(bytes: session.idHash))")
        }
        return session
    }

    public func deleteSession(id: SessionID) async throws(AccountsStoreError) {
        try await database.run("Cannot delete a session", "DELETE FROM sessions WHERE id_hash = \(ByteBuffer(bytes: id.hash))")
    }

    @discardableResult
    public func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int {
        try await database.rows(
            "Cannot delete the sessions of \(username)",
            "DELETE FROM sessions WHERE account_key = \(Account.key(username)) RETURNING account_key"
        ) { try $0.decode(String.self) }.count
    }
}

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
