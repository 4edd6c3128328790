import Foundation
import GRDB

/// How accounts, sessions and sign-in attempts reach the SQLite database (`SQLiteAppDatabase`: its
/// pool, and its migrator's v5–v7), so that one file holds it all and a backup copies it all.
/// Writes refuse, as every store's do, once the file is not the one opened.
struct SQLiteAccountsAccess: Sendable {
    let database: SQLiteAppDatabase

    func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(AccountsStoreError) -> T {
        do {
            return try await database.pool.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(AccountsStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }
}

/// Accounts in the SQLite database.
public final class AccountsSQLiteStore: AccountsStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    static let columns = "username, display_name, role, password_hash, disabled, created_at, updated_at"

    static func account(_ row: Row) throws -> Account {
        guard let role = AccountRole(rawValue: row[2]) else {
            throw AccountsStoreError.unavailable("Unknown role \(row[2] as String) stored for \(row[0] as String)")
        }
        return Account(
            username: row[0], displayName: row[1], role: role, passwordHash: row[3], isDisabled: row[4],
            createdAt: Date(timeIntervalSince1970: row[5]), updatedAt: Date(timeIntervalSince1970: row[6]))
    }

    public func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account {
        let inserted = try await database.write("Cannot create account \(account.username)") { db in
            try db.execute(
                sql: """
                    INSERT INTO accounts (username_key, \(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (username_key) DO NOTHING
                    """,
                arguments: [
                    account.key, account.username, account.displayName, account.role.rawValue, account.passwordHash,
                    account.isDisabled, account.createdAt.timeIntervalSince1970, account.updatedAt.timeIntervalSince1970,
                ])
            return db.changesCount > 0
        }
        guard inserted else { throw .duplicateUsername(account.username) }
        return account
    }

    public func fetchAccount(username: String) async throws(AccountsStoreError) -> Account? {
        let key = Account.key(username)
        return try await database.read("Cannot fetch account \(username)") { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM accounts WHERE username_key = ?", arguments: [key])
                .map(Self.account)
        }
    }

    public func fetchAccounts() async throws(AccountsStoreError) -> [Account] {
        try await database.read("Cannot list accounts") { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM accounts ORDER BY username_key").map(Self.account)
        }
    }

    public func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await update(username, "disabled = 1", [], at: now, doing: "Cannot disable account \(username)")
    }

    public func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await update(username, "password_hash = ?", [hash.databaseValue], at: now, doing: "Cannot set the password of \(username)")
    }

    private func update(
        _ username: String, _ assignment: String, _ values: [DatabaseValue], at now: Date,
        doing what: String
    ) async throws(AccountsStoreError) -> Account {
        let arguments = StatementArguments(values + [now.timeIntervalSince1970.databaseValue, Account.key(username).databaseValue])
        let account = try await database.write(what) { db in
            try db.execute(sql: "UPDATE accounts SET \(assignment), updated_at = ? WHERE username_key = ?", arguments: arguments)
            return try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM accounts WHERE username_key = ?", arguments: [Account.key(username)]
            ).map(Self.account)
        }
        guard let account else { throw .unknownUsername(username) }
        return account
    }

    public func countAccounts() async throws(AccountsStoreError) -> Int {
        try await database.read("Cannot count accounts") { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts") ?? 0 }
    }

    public func countSupervisors() async throws(AccountsStoreError) -> Int {
        try await database.read("Cannot count supervisors") { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts WHERE role = 'supervisor' AND disabled = 0") ?? 0
        }
    }
}

/// Sessions in the SQLite database.
public final class SessionsSQLiteStore: SessionsStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    public func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session {
        let key = Account.key(username)
        let session = Session(idHash: id.hash, accountKey: key, createdAt: now, lastSeenAt: now)
        let created = try await database.write("Cannot create a session") { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE username_key = ?)", arguments: [key]) == true
            else { return false }
            try db.execute(
                sql: "INSERT INTO sessions (id_hash, account_key, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
                arguments: [session.idHash, key, now.timeIntervalSince1970, now.timeIntervalSince1970])
            return true
        }
        guard created else { throw .unknownUsername(username) }
        return session
    }

    public func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        let hash = id.hash
        let found = try await database.read("Cannot read a session") { db in
            try Row.fetchOne(db, sql: "SELECT account_key, created_at, last_seen_at FROM sessions WHERE id_hash = ?", arguments: [hash])
                .map { row in
                    Session(
                        idHash: hash, accountKey: row[0], createdAt: Date(timeIntervalSince1970: row[1]),
                        lastSeenAt: Date(timeIntervalSince1970: row[2]))
                }
        }
        guard let found else { return nil }
        return try await settle(found, id: id, now: now, timeouts: timeouts)
    }

    private static let sessionAccountSQL = """
        SELECT \(AccountsSQLiteStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
            s.account_key, s.created_at, s.last_seen_at
        FROM sessions s JOIN accounts a ON a.username_key = s.account_key WHERE s.id_hash = ?
        """

    public func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account? {
        let hash = id.hash
        let found = try await database.read("Cannot read a session") { db -> (Session, Account)? in
            // Every signed-in request reads this: its SQL is written once and its statement cached.
            guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.sessionAccountSQL), arguments: [hash])
            else { return nil }
            let session = Session(
                idHash: hash, accountKey: row[7], createdAt: Date(timeIntervalSince1970: row[8]), lastSeenAt: Date(timeIntervalSince1970: row[9]))
            return (session, try AccountsSQLiteStore.account(row))
        }
        guard let (session, account) = found else { return nil }
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
            let seconds = now.timeIntervalSince1970, hash = session.idHash
            try await database.write("Cannot refresh a session") { db in
                try db.execute(sql: "UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?", arguments: [seconds, hash])
            }
        }
        return session
    }

    public func deleteSession(id: SessionID) async throws(AccountsStoreError) {
        let hash = id.hash
        try await database.write("Cannot delete a session") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id_hash = ?", arguments: [hash])
        }
    }

    @discardableResult
    public func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int {
        let key = Account.key(username)
        return try await database.write("Cannot delete the sessions of \(username)") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE account_key = ?", arguments: [key])
            return db.changesCount
        }
    }
}

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
