import Foundation
import GRDB

/// A supervisor's changes to accounts in the SQLite database (migration v23). Each change is one
/// write transaction, and SQLite writes one transaction at a time: the second of two changes at
/// once reads what the first wrote.
public final class AccountChangesSQLiteStore: AccountChangesStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    private static func fetchAccount(_ db: Database, key: String) throws -> Account? {
        try Row.fetchOne(db, sql: "SELECT \(AccountsSQLiteStore.columns) FROM accounts WHERE username_key = ?", arguments: [key])
            .map(AccountsSQLiteStore.account)
    }

    /// Writes `event` in the transaction of `db` (the token stores' audit entries too).
    static func insert(_ event: AccountEvent, into db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO account_events (at, actor_username, actor_display_name, username, action, role, previous_role)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                event.at.timeIntervalSince1970, event.actor.username, event.actor.displayName, event.username, event.action.rawValue,
                event.role?.rawValue, event.previousRole?.rawValue,
            ])
    }

    private static func setLink(_ link: PasswordLink, key: String, in db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO password_links (account_key, token_hash, expires_at) VALUES (?, ?, ?)
                ON CONFLICT (account_key) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at
                """,
            arguments: [key, link.tokenHash, link.expiresAt.timeIntervalSince1970])
    }

    public func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await database.write("Cannot add account \(account.username)") { db in
            try db.execute(
                sql: """
                    INSERT INTO accounts (username_key, \(AccountsSQLiteStore.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (username_key) DO NOTHING
                    """,
                arguments: [
                    account.key, account.username, account.displayName, account.role.rawValue, account.passwordHash,
                    account.isDisabled, account.createdAt.timeIntervalSince1970, account.updatedAt.timeIntervalSince1970,
                ])
            guard db.changesCount > 0 else { throw AccountsStoreError.duplicateUsername(account.username) }
            try Self.setLink(link, key: account.key, in: db)
            try Self.insert(AccountEvent(at: now, actor: actor, username: account.username, action: .added, role: account.role), into: db)
            return account
        }
    }

    public func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await database.write("Cannot change account \(username)") { db in
            guard let target = try Self.fetchAccount(db, key: Account.key(username)) else {
                throw AccountsStoreError.unknownUsername(username)
            }
            let supervisors =
                try Int.fetchOne(db, sql: "SELECT count(*) FROM accounts WHERE role = 'supervisor' AND disabled = 0") ?? 0
            let actorAccount = try Self.fetchAccount(db, key: Account.key(actor.username))
            let decision: (account: Account, event: AccountEvent)?
            do throws(AccountChangeRefusal) {
                decision = try AccountWrites.decide(
                    change, target: target, actor: actor, actorAccount: actorAccount, activeSupervisors: supervisors, at: now)
            } catch {
                throw AccountsStoreError.refused(error)
            }
            guard let decision else { return target }
            let (account, event) = decision
            try db.execute(
                sql: "UPDATE accounts SET role = ?, disabled = ?, password_hash = ?, updated_at = ? WHERE username_key = ?",
                arguments: [account.role.rawValue, account.isDisabled, account.passwordHash, now.timeIntervalSince1970, account.key])
            if let link = AccountWrites.link(of: change) { try Self.setLink(link, key: account.key, in: db) }
            try Self.insert(event, into: db)
            return account
        }
    }

    public func operatorChange(_ change: OperatorAccountChange, username: String, by actor: AccountName, at now: Date)
        async throws(AccountsStoreError) -> Account
    {
        try await database.write("Cannot change account \(username)") { db in
            let key = if case .add(let account) = change { account.key } else { Account.key(username) }
            let target = try Self.fetchAccount(db, key: key)
            let (account, event) = try AccountWrites.decideOperator(change, target: target, username: username, actor: actor, at: now)
            if target == nil {
                try db.execute(
                    sql: "INSERT INTO accounts (username_key, \(AccountsSQLiteStore.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    arguments: [
                        account.key, account.username, account.displayName, account.role.rawValue, account.passwordHash,
                        account.isDisabled, account.createdAt.timeIntervalSince1970, account.updatedAt.timeIntervalSince1970,
                    ])
            } else {
                try db.execute(
                    sql: "UPDATE accounts SET disabled = ?, password_hash = ?, updated_at = ? WHERE username_key = ?",
                    arguments: [account.isDisabled, account.passwordHash, now.timeIntervalSince1970, account.key])
            }
            if let event { try Self.insert(event, into: db) }
            return account
        }
    }

    public func passwordLink(tokenHash: Data, now: Date) async throws(AccountsStoreError) -> Account? {
        try await database.read("Cannot read a set-password link") { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT \(AccountsSQLiteStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
                    FROM password_links l JOIN accounts a ON a.username_key = l.account_key
                    WHERE l.token_hash = ? AND l.expires_at > ?
                    """,
                arguments: [tokenHash, now.timeIntervalSince1970]
            ).map(AccountsSQLiteStore.account)
        }
    }

    public func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await database.write("Cannot set a password through a link") { db in
            guard
                let key = try String.fetchOne(
                    db, sql: "SELECT account_key FROM password_links WHERE token_hash = ? AND expires_at > ?",
                    arguments: [tokenHash, now.timeIntervalSince1970])
            else { throw AccountsStoreError.refused(.linkExpired) }
            try db.execute(
                sql: "UPDATE accounts SET password_hash = ?, updated_at = ? WHERE username_key = ?",
                arguments: [passwordHash, now.timeIntervalSince1970, key])
            try db.execute(sql: "DELETE FROM password_links WHERE account_key = ?", arguments: [key])
            guard let account = try Self.fetchAccount(db, key: key) else { throw AccountsStoreError.refused(.linkExpired) }
            try Self.insert(AccountEvent(at: now, actor: account.name, username: account.username, action: .passwordSet), into: db)
            return account
        }
    }

    public func recordSignIn(username: String, at now: Date) async throws(AccountsStoreError) {
        try await database.write("Cannot record a sign-in of \(username)") { db in
            try db.execute(
                sql: "UPDATE accounts SET last_sign_in_at = ? WHERE username_key = ?",
                arguments: [now.timeIntervalSince1970, Account.key(username)])
        }
    }

    public func lastSignIns() async throws(AccountsStoreError) -> [String: Date] {
        try await database.read("Cannot read the last sign-ins") { db in
            var signIns: [String: Date] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT username_key, last_sign_in_at FROM accounts WHERE last_sign_in_at IS NOT NULL") {
                signIns[row[0]] = Date(timeIntervalSince1970: row[1])
            }
            return signIns
        }
    }

    public func fetchEvents(_ position: AccountEventsPosition, limit: Int) async throws(AccountsStoreError) -> [LoggedAccountEvent] {
        let (newer, id) = position.bound
        let page = try await database.read("Cannot read the accounts' log") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT at, actor_username, actor_display_name, username, action, role, previous_role, id
                    FROM account_events WHERE \(newer ? "id > ? ORDER BY id ASC" : "id < ? ORDER BY id DESC") LIMIT ?
                    """,
                arguments: [id, limit]
            ).map { row in
                guard let action = AccountEvent.Action(rawValue: row[4]) else {
                    throw AccountsStoreError.unavailable("Unknown account event \(row[4] as String)")
                }
                return LoggedAccountEvent(
                    id: row[7],
                    event: AccountEvent(
                        at: Date(timeIntervalSince1970: row[0]), actor: AccountName(username: row[1], displayName: row[2]), username: row[3],
                        action: action, role: (row[5] as String?).flatMap { AccountRole(rawValue: $0) },
                        previousRole: (row[6] as String?).flatMap { AccountRole(rawValue: $0) }))
            }
        }
        return newer ? page.reversed() : page
    }
}
