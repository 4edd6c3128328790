import Foundation
import GRDB

/// How accounts, sessions and sign-in attempts reach the SQLite database (`SQLiteAppDatabase`: its
/// pool, and its migrator's v5–v7), so that one file holds it all and a backup copies it all.
/// Writes refuse, as every store's do, once the file is not the one opened.
struct SQLiteAccountsAccess: Sendable {
    let database: SQLiteAppDatabase

    /// A read (`SQLiteAppDatabase.read`), or with `oneStatement` a read of one statement
    /// (`SQLiteAppDatabase.readOneStatement`: no `BEGIN`/`COMMIT`).
    func read<T: Sendable>(
        _ what: String, oneStatement: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(AccountsStoreError) -> T {
        do {
            return try await oneStatement ? database.readOneStatement(body) : database.read(body)
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
        try await database.write("Cannot create account \(account.username)") { db in
            try Self.insert(account, into: db)
            return account
        }
    }

    /// One write transaction (SQLite's writes are one at a time): no supervisor yet, the one row
    /// of `first_supervisor` (migration v13) taken, and the account inserted; a duplicate username
    /// rolls the row back.
    public func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account {
        try await database.write("Cannot create the first supervisor \(account.username)") { db in
            let exists = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE role = 'supervisor')") ?? true
            guard !exists else { throw AccountsStoreError.supervisorExists }
            try db.execute(
                sql: "INSERT INTO first_supervisor (id, username_key, created_at) VALUES (1, ?, ?) ON CONFLICT (id) DO NOTHING",
                arguments: [account.key, account.createdAt.timeIntervalSince1970])
            guard db.changesCount > 0 else { throw AccountsStoreError.supervisorExists }
            try Self.insert(account, into: db)
            return account
        }
    }

    /// Inserts `account`; `.duplicateUsername` when its username (any case) is taken.
    private static func insert(_ account: Account, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO accounts (username_key, \(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (username_key) DO NOTHING
                """,
            arguments: [
                account.key, account.username, account.displayName, account.role.rawValue, account.passwordHash,
                account.isDisabled, account.createdAt.timeIntervalSince1970, account.updatedAt.timeIntervalSince1970,
            ])
        guard db.changesCount > 0 else { throw AccountsStoreError.duplicateUsername(account.username) }
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
