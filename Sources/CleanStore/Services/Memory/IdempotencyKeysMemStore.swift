import Foundation

/// The API's idempotency keys in memory, on a `MemoryAppDatabase` beside its tokens.
public final class IdempotencyKeysMemStore: IdempotencyKeysStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    static func id(_ tokenPrefix: String, _ key: String) -> String { tokenPrefix + "\u{0}" + key }

    public func claim(_ key: IdempotencyKey, now: Date) async throws(AccountsStoreError) -> IdempotencyClaim {
        try await database.transaction { tables throws(AccountsStoreError) in
            // As the SQL tables' reference: a key belongs to a token that exists.
            guard tables.apiTokens[key.tokenPrefix] != nil else { throw .unavailable("No API token \(key.tokenPrefix) for an idempotency key") }
            tables.idempotencyKeys = tables.idempotencyKeys.filter { !IdempotencyKeyRules.isExpired($0.value, at: now) }
            let id = Self.id(key.tokenPrefix, key.key)
            if let stored = tables.idempotencyKeys[id] {
                return IdempotencyKeyRules.answer(to: stored, fingerprint: key.fingerprint)
            }
            var kept = key
            kept.ref = nil
            tables.idempotencyKeys[id] = kept
            return .claimed
        }
    }

    public func complete(tokenPrefix: String, key: String, ref: String) async {
        await database.transaction { tables in
            tables.idempotencyKeys[Self.id(tokenPrefix, key)]?.ref = ref
        }
    }

    public func release(tokenPrefix: String, key: String) async {
        await database.transaction { tables in
            let id = Self.id(tokenPrefix, key)
            if tables.idempotencyKeys[id]?.ref == nil { tables.idempotencyKeys[id] = nil }
        }
    }

    public func storedKey(tokenPrefix: String, key: String) async -> IdempotencyKey? {
        await database.read { $0.idempotencyKeys[Self.id(tokenPrefix, key)] }
    }
}
