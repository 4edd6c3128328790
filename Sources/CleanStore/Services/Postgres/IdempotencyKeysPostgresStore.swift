import Foundation
import Logging
import PostgresNIO

/// The API's idempotency keys in the PostgreSQL database (`api_idempotency_keys`, migration 30):
/// every instance sees the same keys. A claim inserts first (`ON CONFLICT DO NOTHING`, so of two
/// claims at once, on any instances, one inserts and the other waits for it and reads its row).
public final class IdempotencyKeysPostgresStore: IdempotencyKeysStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    static let columns = "token_prefix, idempotency_key, fingerprint, ref, created_at"
    typealias KeyRow = (String, String, ByteBuffer, String?, Double)

    static func key(_ row: KeyRow) -> IdempotencyKey {
        IdempotencyKey(
            tokenPrefix: row.0, key: row.1, fingerprint: Data(row.2.readableBytesView), ref: row.3,
            createdAt: Date(timeIntervalSince1970: row.4))
    }

    public func claim(_ key: IdempotencyKey, now: Date) async throws(AccountsStoreError) -> IdempotencyClaim {
        let expiry = IdempotencyKeyRules.expiry(at: now).timeIntervalSince1970
        // A released key may go between the insert and the read: then the claim is tried again.
        for _ in 0..<3 {
            try await database.run(
                "Cannot forget old idempotency keys", "DELETE FROM api_idempotency_keys WHERE created_at <= \(expiry)")
            let inserted = try await database.rows(
                "Cannot keep an idempotency key",
                """
                INSERT INTO api_idempotency_keys (\(unescaped: Self.columns))
                VALUES (\(key.tokenPrefix), \(key.key), \(ByteBuffer(bytes: key.fingerprint)), NULL, \(key.createdAt.timeIntervalSince1970))
                ON CONFLICT (token_prefix, idempotency_key) DO NOTHING
                RETURNING 1
                """
            ) { try $0.decode(Int.self) }
            if !inserted.isEmpty { return .claimed }
            if let stored = try await storedKey(tokenPrefix: key.tokenPrefix, key: key.key), !IdempotencyKeyRules.isExpired(stored, at: now) {
                return IdempotencyKeyRules.answer(to: stored, fingerprint: key.fingerprint)
            }
        }
        return .inProgress
    }

    public func complete(tokenPrefix: String, key: String, ref: String) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot complete an idempotency key",
            "UPDATE api_idempotency_keys SET ref = \(ref) WHERE token_prefix = \(tokenPrefix) AND idempotency_key = \(key)")
    }

    public func release(tokenPrefix: String, key: String) async throws(AccountsStoreError) {
        try await database.run(
            "Cannot release an idempotency key",
            "DELETE FROM api_idempotency_keys WHERE token_prefix = \(tokenPrefix) AND idempotency_key = \(key) AND ref IS NULL")
    }

    public func storedKey(tokenPrefix: String, key: String) async throws(AccountsStoreError) -> IdempotencyKey? {
        try await database.rows(
            "Cannot read an idempotency key",
            """
            SELECT \(unescaped: Self.columns) FROM api_idempotency_keys
            WHERE token_prefix = \(tokenPrefix) AND idempotency_key = \(key)
            """
        ) { Self.key(try $0.decode(KeyRow.self)) }.first
    }
}
