import Foundation
import GRDB

/// API tokens in the SQLite database (`api_tokens`, migration "v25: api tokens").
public final class APITokensSQLiteStore: APITokensStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    static let columns = "prefix, token_hash, account_key, name, role, created_at, expires_at, last_used_at, revoked_at"

    static func token(_ row: Row, from index: Int = 0) throws -> APIToken {
        guard let role = AccountRole(rawValue: row[index + 4]) else {
            throw AccountsStoreError.unavailable("An API token's role is none of viewer, clerk")
        }
        func date(_ column: Int) -> Date? { (row[index + column] as Double?).map(Date.init(timeIntervalSince1970:)) }
        return APIToken(
            prefix: row[index], hash: row[index + 1], accountKey: row[index + 2], name: row[index + 3], role: role,
            createdAt: Date(timeIntervalSince1970: row[index + 5]), expiresAt: date(6), lastUsedAt: date(7), revokedAt: date(8))
    }

    public func createToken(_ token: APIToken, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken {
        let created = try await database.write("Cannot create an API token") { db in
            guard let username = try String.fetchOne(db, sql: "SELECT username FROM accounts WHERE username_key = ?", arguments: [token.accountKey])
            else { return false }
            try db.execute(
                sql: "INSERT INTO api_tokens (\(Self.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    token.prefix, token.hash, token.accountKey, token.name, token.role.rawValue, token.createdAt.timeIntervalSince1970,
                    token.expiresAt?.timeIntervalSince1970, token.lastUsedAt?.timeIntervalSince1970, token.revokedAt?.timeIntervalSince1970,
                ])
            if let event = APITokenRules.event(of: token, revoked: false, username: username, by: actor, at: token.createdAt) {
                try AccountChangesSQLiteStore.insert(event, into: db)
            }
            return true
        }
        guard created else { throw .unknownUsername(token.accountKey) }
        return token
    }

    private static let tokenAccountSQL = """
        SELECT \(AccountsSQLiteStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
            \(columns.split(separator: ",").map { "t." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", "))
        FROM api_tokens t JOIN accounts a ON a.username_key = t.account_key WHERE t.token_hash = ?
        """

    public func token(forHash hash: Data, now: Date) async throws(AccountsStoreError) -> (APIToken, Account)? {
        let found = try await database.read("Cannot read an API token") { db -> (APIToken, Account)? in
            // Every API request reads this: its statement is cached.
            guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.tokenAccountSQL), arguments: [hash]) else { return nil }
            return (try Self.token(row, from: 7), try AccountsSQLiteStore.account(row))
        }
        guard var (token, account) = found else { return nil }
        if APITokenRules.needsTouch(token, at: now) {
            token.lastUsedAt = now
            let seconds = now.timeIntervalSince1970, prefix = token.prefix
            try await database.write("Cannot write an API token's last use") { db in
                try db.execute(sql: "UPDATE api_tokens SET last_used_at = ? WHERE prefix = ?", arguments: [seconds, prefix])
            }
        }
        return (token, account)
    }

    public func fetchTokens(accountKey: String?) async throws(AccountsStoreError) -> [APIToken] {
        try await database.read("Cannot list API tokens") { db in
            let rows =
                if let accountKey {
                    try Row.fetchAll(
                        db, sql: "SELECT \(Self.columns) FROM api_tokens WHERE account_key = ? ORDER BY created_at DESC, prefix DESC",
                        arguments: [accountKey])
                } else {
                    try Row.fetchAll(db, sql: "SELECT \(Self.columns) FROM api_tokens ORDER BY created_at DESC, prefix DESC")
                }
            return try rows.map { try Self.token($0) }
        }
    }

    public func revokeToken(prefix: String, at now: Date, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken? {
        try await database.write("Cannot revoke an API token") { db in
            try db.execute(
                sql: "UPDATE api_tokens SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL",
                arguments: [now.timeIntervalSince1970, prefix])
            let wasRevoked = db.changesCount == 0
            guard let token = try Row.fetchOne(db, sql: "SELECT \(Self.columns) FROM api_tokens WHERE prefix = ?", arguments: [prefix])
                .map({ try Self.token($0) })
            else { return nil }
            let username =
                try String.fetchOne(db, sql: "SELECT username FROM accounts WHERE username_key = ?", arguments: [token.accountKey])
                ?? token.accountKey
            if let event = APITokenRules.event(of: token, revoked: true, wasRevoked: wasRevoked, username: username, by: actor, at: now) {
                try AccountChangesSQLiteStore.insert(event, into: db)
            }
            return token
        }
    }
}
