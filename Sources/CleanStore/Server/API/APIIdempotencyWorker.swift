import Crypto
import Foundation

/// An `Idempotency-Key` around an operation that makes something (`POST /api/v1/drafts`), as HTTP
/// carries it — the scene's interactor never sees it, as it never sees a CSRF token: the key is
/// claimed before the interactor runs and finished with what it made. Keys are the token's own and
/// kept 24 hours (`IdempotencyKeysStoreProtocol`, `IdempotencyKeyRules`); a request's body is known
/// by the SHA-256 of its JSON as decoded (keys sorted), so the same body sent with other spacing is
/// the same body.
struct APIIdempotencyWorker {
    let keys: any IdempotencyKeysStoreProtocol
    let now: @Sendable () -> Date

    static let mismatch = APIProblem(
        status: .unprocessableContent, title: "This Idempotency-Key was used with another body",
        detail: "A key names one request: send a new key for a new one.")
    static let inProgress = APIProblem(
        status: .conflict, title: "A request with this Idempotency-Key is still running",
        detail: "Try again in a moment: it answers what the first one made.", headers: [.retryAfter: "1"])

    /// The fingerprint of `body`: the SHA-256 of its JSON, keys sorted.
    static func fingerprint(_ body: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Data(SHA256.hash(data: try encoder.encode(body)))
    }

    /// Claims `key` for the caller's token with `body` (400 for a key of another shape, 503 when the
    /// store cannot be reached).
    func claim(_ key: String, of caller: APICaller, body: some Encodable) async throws -> IdempotencyClaim {
        guard IdempotencyKeyRules.isWellFormed(key) else {
            throw APIProblem.status(.badRequest, detail: "An Idempotency-Key is 1 to 255 visible ASCII characters.")
        }
        let stored = IdempotencyKey(tokenPrefix: caller.tokenPrefix, key: key, fingerprint: try Self.fingerprint(body), createdAt: now())
        do {
            return try await keys.claim(stored, now: now())
        } catch {
            caller.logger.error("Idempotency key could not be claimed", metadata: ["error": "\(error)"])
            throw APIProblem.unavailable
        }
    }

    /// Finishes a claimed key: what the request made is its answer from now on; when it made
    /// nothing, the key is free again (a retry makes it).
    func finish(_ key: String, of caller: APICaller, made ref: String?) async throws {
        do {
            if let ref {
                try await keys.complete(tokenPrefix: caller.tokenPrefix, key: key, ref: ref)
            } else {
                try await keys.release(tokenPrefix: caller.tokenPrefix, key: key)
            }
        } catch {
            caller.logger.error("Idempotency key could not be finished", metadata: ["error": "\(error)"])
            throw APIProblem.unavailable
        }
    }

    /// The check page's one-time key (`OrderKeyWorker`) a placing's `Idempotency-Key` becomes: the
    /// token's own (the SHA-256 of its prefix and the key, base64url), so that two tokens' keys never
    /// name one order. nil for no key; a 400 for a key of another shape.
    static func orderKey(_ key: String?, of caller: APICaller) throws -> String? {
        guard let key else { return nil }
        guard OrderKeyWorker.lengths.contains(key.utf8.count), key.utf8.allSatisfy(Base64URL.isAlphabetByte) else {
            throw APIProblem.status(.badRequest, detail: "A placing's Idempotency-Key is 16 to 64 letters, digits, - or _.")
        }
        return Base64URL.encoded(Data(SHA256.hash(data: Data((caller.tokenPrefix + "\n" + key).utf8))))
    }
}
