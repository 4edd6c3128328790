import Foundation
import Logging
import PostgresNIO

/// A supervisor's changes to accounts in the PostgreSQL database (migration 22). Each change is
/// one transaction that first takes an advisory lock of its own (`changeLock`): changes on every
/// instance run one after the other, so the second of two supervisors demoting each other reads the
/// first's change (and is refused: one supervisor is left).
public final class AccountChangesPostgresStore: AccountChangesStoreProtocol {
    private let database: PostgresAccountsAccess

    /// Any number for the advisory lock that puts accounts' changes in a line.
    static let changeLock: Int64 = 0x4163_636F_756E_7473  // "Accounts"

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    private var logger: Logger { database.logger }

    private static func account(_ key: String, on connection: PostgresConnection, logger: Logger) async throws -> Account? {
        let rows = try await connection.query(
            "SELECT \(unescaped: AccountsPostgresStore.columns) FROM accounts WHERE username_key = \(key)", logger: logger)
        for try await row in rows.decode(AccountsPostgresStore.AccountRow.self) { return try AccountsPostgresStore.account(row) }
        return nil
    }

    /// Writes `event` on `connection`, in its transaction (the token stores' audit entries too).
    static func insert(_ event: AccountEvent, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO account_events (at, actor_username, actor_display_name, username, action, role, previous_role)
            VALUES (\(event.at.timeIntervalSince1970), \(event.actor.username), \(event.actor.displayName), \(event.username),
                \(event.action.rawValue), \(event.role?.rawValue), \(event.previousRole?.rawValue))
            """, logger: logger)
    }

    private static func setLink(_ link: PasswordLink, key: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO password_links (account_key, token_hash, expires_at)
            VALUES (\(key), \(ByteBuffer(bytes: link.tokenHash)), \(link.expiresAt.timeIntervalSince1970))
            ON CONFLICT (account_key) DO UPDATE SET token_hash = excluded.token_hash, expires_at = excluded.expires_at
            """, logger: logger)
    }

    /// `body` in one transaction, under the accounts' advisory lock; its `AccountsStoreError` as it is.
    private func transaction<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(AccountsStoreError) -> T {
        let logger = self.logger
        do {
            return try await database.client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.changeLock))", logger: logger)
                return try await body(connection, logger)
            }
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    public func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await transaction("Cannot add account \(account.username)") { connection, logger in
            let inserted = try await connection.query(
                """
                INSERT INTO accounts (username_key, \(unescaped: AccountsPostgresStore.columns))
                VALUES (\(account.key), \(account.username), \(account.displayName), \(account.role.rawValue), \(account.passwordHash),
                    \(account.isDisabled), \(account.createdAt.timeIntervalSince1970), \(account.updatedAt.timeIntervalSince1970))
                ON CONFLICT (username_key) DO NOTHING RETURNING username_key
                """, logger: logger)
            var created = false
            for try await _ in inserted { created = true }
            guard created else { throw AccountsStoreError.duplicateUsername(account.username) }
            try await Self.setLink(link, key: account.key, on: connection, logger: logger)
            try await Self.insert(
                AccountEvent(at: now, actor: actor, username: account.username, action: .added, role: account.role), on: connection,
                logger: logger)
            return account
        }
    }

    public func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await transaction("Cannot change account \(username)") { connection, logger in
            guard let target = try await Self.account(Account.key(username), on: connection, logger: logger) else {
                throw AccountsStoreError.unknownUsername(username)
            }
            var supervisors = 0
            for try await count in try await connection.query(
                "SELECT count(*) FROM accounts WHERE role = 'supervisor' AND NOT disabled", logger: logger
            ).decode(Int.self) {
                supervisors = count
            }
            let actorAccount = try await Self.account(Account.key(actor.username), on: connection, logger: logger)
            let decision: (account: Account, event: AccountEvent)?
            do throws(AccountChangeRefusal) {
                decision = try AccountWrites.decide(
                    change, target: target, actor: actor, actorAccount: actorAccount, activeSupervisors: supervisors, at: now)
            } catch {
                throw AccountsStoreError.refused(error)
            }
            guard let decision else { return target }
            let (account, event) = decision
            try await connection.query(
                """
                UPDATE accounts SET role = \(account.role.rawValue), disabled = \(account.isDisabled),
                    password_hash = \(account.passwordHash), updated_at = \(now.timeIntervalSince1970)
                WHERE username_key = \(account.key)
                """, logger: logger)
            if let link = AccountWrites.link(of: change) { try await Self.setLink(link, key: account.key, on: connection, logger: logger) }
            try await Self.insert(event, on: connection, logger: logger)
            return account
        }
    }

    public func operatorChange(_ change: OperatorAccountChange, username: String, by actor: AccountName, at now: Date)
        async throws(AccountsStoreError) -> Account
    {
        try await transaction("Cannot change account \(username)") { connection, logger in
            let key = if case .add(let account) = change { account.key } else { Account.key(username) }
            let target = try await Self.account(key, on: connection, logger: logger)
            let (account, event) = try AccountWrites.decideOperator(change, target: target, username: username, actor: actor, at: now)
            if target == nil {
                // An account added at once outside the accounts' lock (the set-up page) still takes the name first.
                let inserted = try await connection.query(
                    """
                    INSERT INTO accounts (username_key, \(unescaped: AccountsPostgresStore.columns))
                    VALUES (\(account.key), \(account.username), \(account.displayName), \(account.role.rawValue), \(account.passwordHash),
                        \(account.isDisabled), \(account.createdAt.timeIntervalSince1970), \(account.updatedAt.timeIntervalSince1970))
                    ON CONFLICT (username_key) DO NOTHING RETURNING username_key
                    """, logger: logger)
                var created = false
                for try await _ in inserted { created = true }
                guard created else { throw AccountsStoreError.duplicateUsername(account.username) }
            } else {
                try await connection.query(
                    """
                    UPDATE accounts SET disabled = \(account.isDisabled), password_hash = \(account.passwordHash),
                        updated_at = \(now.timeIntervalSince1970)
                    WHERE username_key = \(account.key)
                    """, logger: logger)
            }
            if let event { try await Self.insert(event, on: connection, logger: logger) }
            return account
        }
    }

    public func passwordLink(tokenHash: Data, now: Date) async throws(AccountsStoreError) -> Account? {
        let columns = AccountsPostgresStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
        let rows = try await database.rows(
            "Cannot read a set-password link",
            """
            SELECT \(unescaped: columns) FROM password_links l JOIN accounts a ON a.username_key = l.account_key
            WHERE l.token_hash = \(ByteBuffer(bytes: tokenHash)) AND l.expires_at > \(now.timeIntervalSince1970)
            """
        ) { try $0.decode(AccountsPostgresStore.AccountRow.self) }
        guard let row = rows.first else { return nil }
        return try AccountsPostgresStore.account(row)
    }

    public func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await transaction("Cannot set a password through a link") { connection, logger in
            // Deleted as it is read: of two forms posted at once with one link, one sets the password.
            var key: String?
            for try await found in try await connection.query(
                """
                DELETE FROM password_links WHERE token_hash = \(ByteBuffer(bytes: tokenHash)) AND expires_at > \(now.timeIntervalSince1970)
                RETURNING account_key
                """, logger: logger
            ).decode(String.self) {
                key = found
            }
            guard let key else { throw AccountsStoreError.refused(.linkExpired) }
            try await connection.query(
                "UPDATE accounts SET password_hash = \(passwordHash), updated_at = \(now.timeIntervalSince1970) WHERE username_key = \(key)",
                logger: logger)
            guard let account = try await Self.account(key, on: connection, logger: logger) else {
                throw AccountsStoreError.refused(.linkExpired)
            }
            try await Self.insert(
                AccountEvent(at: now, actor: account.name, username: account.username, action: .passwordSet), on: connection, logger: logger)
            return account
        }
    }

    public func recordSignIn(username: String, at now: Date) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot record a sign-in of \(username)",
            "UPDATE accounts SET last_sign_in_at = \(now.timeIntervalSince1970) WHERE username_key = \(Account.key(username))")
    }

    public func lastSignIns() async throws(AccountsStoreError) -> [String: Date] {
        let rows = try await database.rows(
            "Cannot read the last sign-ins", "SELECT username_key, last_sign_in_at FROM accounts WHERE last_sign_in_at IS NOT NULL"
        ) { try $0.decode((String, Double).self) }
        return Dictionary(rows.map { ($0.0, Date(timeIntervalSince1970: $0.1)) }, uniquingKeysWith: { first, _ in first })
    }

    public func fetchEvents(_ position: AccountEventsPosition, limit: Int) async throws(AccountsStoreError) -> [LoggedAccountEvent] {
        let (newer, id) = position.bound
        let query: PostgresQuery =
            newer
            ? """
            SELECT at, actor_username, actor_display_name, username, action, role, previous_role, id
            FROM account_events WHERE id > \(id) ORDER BY id ASC LIMIT \(limit)
            """
            : """
            SELECT at, actor_username, actor_display_name, username, action, role, previous_role, id
            FROM account_events WHERE id < \(id) ORDER BY id DESC LIMIT \(limit)
            """
        let rows = try await database.rows("Cannot read the accounts' log", query) {
            try $0.decode((Double, String, String, String, String, String?, String?, Int64).self)
        }
        var events: [LoggedAccountEvent] = []
        for row in rows {
            guard let action = AccountEvent.Action(rawValue: row.4) else { throw .unavailable("Unknown account event \(row.4)") }
            events.append(
                LoggedAccountEvent(
                    id: row.7,
                    event: AccountEvent(
                        at: Date(timeIntervalSince1970: row.0), actor: AccountName(username: row.1, displayName: row.2), username: row.3,
                        action: action, role: row.5.flatMap { AccountRole(rawValue: $0) }, previousRole: row.6.flatMap { AccountRole(rawValue: $0) })))
        }
        return newer ? events.reversed() : events
    }
}
