import Foundation
import GRDB

/// The API's idempotency keys in the SQLite database (`api_idempotency_keys`, migration
/// "v31: idempotency keys"). SQLite writes one transaction at a time: a claim reads and writes with
/// nothing in between.
public final class IdempotencyKeysSQLiteStore: IdempotencyKeysStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    static let columns = "token_prefix, idempotency_key, fingerprint, ref, created_at"

    static func key(_ row: Row) -> IdempotencyKey {
        IdempotencyKey(
            tokenPrefix: row[0], key: row[1], fingerprint: row[2], ref: row[3], createdAt: Date(timeIntervalSince1970: row[4]))
    }

    public func claim(_ key: IdempotencyKey, now: Date) async throws(AccountsStoreError) -> IdempotencyClaim {
        try await database.write("Cannot keep an idempotency key") { db in
            try db.execute(
                sql: "DELETE FROM api_idempotency_keys WHERE created_at <= ?",
                arguments: [IdempotencyKeyRules.expiry(at: now).timeIntervalSince1970])
            if let row = try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM api_idempotency_keys WHERE token_prefix = ? AND idempotency_key = ?",
                arguments: [key.tokenPrefix, key.key])
            {
                return IdempotencyKeyRules.answer(to: Self.key(row), fingerprint: key.fingerprint)
            }
            try db.execute(
                sql: "INSERT INTO api_idempotency_keys (\(Self.columns)) VALUES (?, ?, ?, NULL, ?)",
                arguments: [key.tokenPrefix, key.key, key.fingerprint, key.createdAt.timeIntervalSince1970])
            return .claimed
        }
    }

    public func complete(tokenPrefix: String, key: String, ref: String) async throws(AccountsStoreError) {
        try await database.write("Cannot complete an idempotency key") { db in
            try db.execute(
                sql: "UPDATE api_idempotency_keys SET ref = ? WHERE token_prefix = ? AND idempotency_key = ?",
                arguments: [ref, tokenPrefix, key])
        }
    }

    public func release(tokenPrefix: String, key: String) async throws(AccountsStoreError) {
        try await database.write("Cannot release an idempotency key") { db in
            try db.execute(
                sql: "DELETE FROM api_idempotency_keys WHERE token_prefix = ? AND idempotency_key = ? AND ref IS NULL",
                arguments: [tokenPrefix, key])
        }
    }

    public func storedKey(tokenPrefix: String, key: String) async throws(AccountsStoreError) -> IdempotencyKey? {
        try await database.read("Cannot read an idempotency key") { db in
            try Row.fetchOne(
                db, sql: "SELECT \(Self.columns) FROM api_idempotency_keys WHERE token_prefix = ? AND idempotency_key = ?",
                arguments: [tokenPrefix, key]
            ).map(Self.key)
        }
    }
}
