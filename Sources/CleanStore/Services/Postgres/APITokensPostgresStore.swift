import Foundation
import Logging
import PostgresNIO

/// API tokens in the PostgreSQL database (`api_tokens`, migration 24): every instance sees the same.
public final class APITokensPostgresStore: APITokensStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    static let columns = "prefix, token_hash, account_key, name, role, created_at, expires_at, last_used_at, revoked_at"
    typealias TokenRow = (String, ByteBuffer, String, String, String, Double, Double?, Double?, Double?)

    static func token(_ row: TokenRow) throws(AccountsStoreError) -> APIToken {
        guard let role = AccountRole(rawValue: row.4) else { throw .unavailable("An API token's role is none of viewer, clerk") }
        return APIToken(
            prefix: row.0, hash: Data(row.1.readableBytesView), accountKey: row.2, name: row.3, role: role,
            createdAt: Date(timeIntervalSince1970: row.5), expiresAt: row.6.map(Date.init(timeIntervalSince1970:)),
            lastUsedAt: row.7.map(Date.init(timeIntervalSince1970:)), revokedAt: row.8.map(Date.init(timeIntervalSince1970:)))
    }

    /// `body` in one transaction; its `AccountsStoreError` as it is.
    private func transaction<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(AccountsStoreError) -> T {
        let logger = database.logger
        do {
            return try await database.client.withTransaction(logger: logger) { connection in try await body(connection, logger) }
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    public func createToken(_ token: APIToken, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken {
        try await transaction("Cannot create an API token") { connection, logger in
            // One statement: no token for an account deleted meanwhile.
            let created = try await connection.query(
                """
                INSERT INTO api_tokens (\(unescaped: Self.columns))
                SELECT \(token.prefix), \(ByteBuffer(bytes: token.hash)), username_key, \(token.name), \(token.role.rawValue),
                    \(token.createdAt.timeIntervalSince1970), \(token.expiresAt?.timeIntervalSince1970),
                    \(token.lastUsedAt?.timeIntervalSince1970), \(token.revokedAt?.timeIntervalSince1970)
                FROM accounts WHERE username_key = \(token.accountKey)
                RETURNING (SELECT username FROM accounts WHERE username_key = \(token.accountKey))
                """, logger: logger)
            var username: String?
            for try await name in created.decode(String.self) { username = name }
            guard let username else { throw AccountsStoreError.unknownUsername(token.accountKey) }
            if let event = APITokenRules.event(of: token, revoked: false, username: username, by: actor, at: token.createdAt) {
                try await AccountChangesPostgresStore.insert(event, on: connection, logger: logger)
            }
            return token
        }
    }

    public func token(forHash hash: Data, now: Date) async throws(AccountsStoreError) -> (APIToken, Account)? {
        let accountColumns = AccountsPostgresStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
        let tokenColumns = Self.columns.split(separator: ",").map { "t." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let found = try await database.rows(
            "Cannot read an API token",
            """
            SELECT \(unescaped: accountColumns), \(unescaped: tokenColumns)
            FROM api_tokens t JOIN accounts a ON a.username_key = t.account_key WHERE t.token_hash = \(ByteBuffer(bytes: hash))
            """
        ) { row in
            let (username, displayName, role, passwordHash, disabled, createdAt, updatedAt, p, h, k, n, r, c, e, l, v) = try row.decode(
                (String, String, String, String, Bool, Double, Double, String, ByteBuffer, String, String, String, Double, Double?, Double?, Double?)
                    .self)
            return ((username, displayName, role, passwordHash, disabled, createdAt, updatedAt), (p, h, k, n, r, c, e, l, v))
        }
        guard let (accountRow, tokenRow) = found.first else { return nil }
        let account = try AccountsPostgresStore.account(accountRow)
        var token = try Self.token(tokenRow)
        if APITokenRules.needsTouch(token, at: now) {
            token.lastUsedAt = now
            try await database.run(
                "Cannot write an API token's last use",
                "UPDATE api_tokens SET last_used_at = \(now.timeIntervalSince1970) WHERE prefix = \(token.prefix)")
        }
        return (token, account)
    }

    public func fetchTokens(accountKey: String?) async throws(AccountsStoreError) -> [APIToken] {
        let query: PostgresQuery =
            if let accountKey {
                "SELECT \(unescaped: Self.columns) FROM api_tokens WHERE account_key = \(accountKey) ORDER BY created_at DESC, prefix DESC"
            } else {
                "SELECT \(unescaped: Self.columns) FROM api_tokens ORDER BY created_at DESC, prefix DESC"
            }
        let rows = try await database.rows("Cannot list API tokens", query) { try $0.decode(TokenRow.self) }
        var tokens: [APIToken] = []
        for row in rows { tokens.append(try Self.token(row)) }
        return tokens
    }

    public func revokeToken(prefix: String, at now: Date, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken? {
        try await transaction("Cannot revoke an API token") { connection, logger in
            // The row locked first: of two revokes at once, the second reads the first's time.
            var wasRevoked: Bool?
            for try await revokedAt in try await connection.query(
                "SELECT revoked_at FROM api_tokens WHERE prefix = \(prefix) FOR UPDATE", logger: logger
            ).decode(Double?.self) {
                wasRevoked = revokedAt != nil
            }
            guard let wasRevoked else { return nil }
            var token: APIToken?
            for try await row in try await connection.query(
                """
                UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, \(now.timeIntervalSince1970)) WHERE prefix = \(prefix)
                RETURNING \(unescaped: Self.columns)
                """, logger: logger
            ).decode(TokenRow.self) {
                token = try Self.token(row)
            }
            guard let token else { return nil }
            var username = token.accountKey
            for try await name in try await connection.query(
                "SELECT username FROM accounts WHERE username_key = \(token.accountKey)", logger: logger
            ).decode(String.self) {
                username = name
            }
            if let event = APITokenRules.event(of: token, revoked: true, wasRevoked: wasRevoked, username: username, by: actor, at: now) {
                try await AccountChangesPostgresStore.insert(event, on: connection, logger: logger)
            }
            return token
        }
    }
}
