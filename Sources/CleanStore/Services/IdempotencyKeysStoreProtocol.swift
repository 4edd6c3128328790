import Foundation

/// A client's `Idempotency-Key` as the API keeps it (`POST /api/v1/drafts`): the token's own (two
/// tokens' keys never meet), what the request carried (`fingerprint`: the SHA-256 of its body), and
/// what it made (`ref`, nil while the first request is still making it), for 24 hours.
public struct IdempotencyKey: Equatable, Sendable {
    /// The token's prefix (`APIToken.prefix`): a key goes with its token.
    public var tokenPrefix: String
    public var key: String
    public var fingerprint: Data
    /// What the first request with this key made (a draft's reference); nil until it has.
    public var ref: String?
    public var createdAt: Date

    public init(tokenPrefix: String, key: String, fingerprint: Data, ref: String? = nil, createdAt: Date) {
        self.tokenPrefix = tokenPrefix
        self.key = key
        self.fingerprint = fingerprint
        self.ref = ref
        self.createdAt = createdAt
    }
}

/// What a request with a key is told by `IdempotencyKeysStoreProtocol.claim`.
public enum IdempotencyClaim: Equatable, Sendable {
    /// The key is new (or its 24 hours are over): this request makes the thing, then `complete`s
    /// the key with it (or `release`s the key when it could not).
    case claimed
    /// The same key and body made `ref` before: answer it.
    case replay(ref: String)
    /// The same key came with another body: refused (422).
    case mismatch
    /// The same key and body, whose first request has not finished yet (409: try again).
    case inProgress
}

/// The keys' rules, decided once in plain Swift on the row as stored; every store executes them.
public enum IdempotencyKeyRules {
    /// How long a key is kept: a retry within a day is the same request.
    public static let lifetime: TimeInterval = 86_400

    /// Keys made at or before this instant are over (forgotten, and free to be used again).
    public static func expiry(at now: Date) -> Date { now.addingTimeInterval(-lifetime) }

    public static func isExpired(_ stored: IdempotencyKey, at now: Date) -> Bool {
        stored.createdAt <= expiry(at: now)
    }

    /// The answer to a request carrying `fingerprint` whose key is stored (and not expired).
    public static func answer(to stored: IdempotencyKey, fingerprint: Data) -> IdempotencyClaim {
        guard stored.fingerprint == fingerprint else { return .mismatch }
        guard let ref = stored.ref else { return .inProgress }
        return .replay(ref: ref)
    }

    /// A key as a client may send it: 1 to 255 visible ASCII characters (no space, no control).
    public static func isWellFormed(_ key: String) -> Bool {
        (1...255).contains(key.utf8.count) && key.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }
}

/// The API's idempotency keys, in the orders database beside the tokens they belong to. Every store
/// keeps the same contract, checked by one suite (`IdempotencyKeysStoreContractTests`):
/// - `claim` forgets the keys whose 24 hours are over (`IdempotencyKeyRules.isExpired`), then keeps
///   `key` (its `ref` nil) and answers `.claimed` when the token has no such key; else the answer of
///   `IdempotencyKeyRules.answer` for the stored one. Two claims of one key at once: one `.claimed`.
/// - `complete` writes what the claimed key made; `release` forgets a key whose request made nothing
///   (a completed key is never released: the thing it made stays its answer).
/// - A key goes with its token (a revoked token's keys go when the token is deleted).
public protocol IdempotencyKeysStoreProtocol: Sendable {
    func claim(_ key: IdempotencyKey, now: Date) async throws(AccountsStoreError) -> IdempotencyClaim
    func complete(tokenPrefix: String, key: String, ref: String) async throws(AccountsStoreError)
    func release(tokenPrefix: String, key: String) async throws(AccountsStoreError)
    /// The stored key, if any (expired or not), for tests and support.
    func storedKey(tokenPrefix: String, key: String) async throws(AccountsStoreError) -> IdempotencyKey?
}
