/// A store that keeps card numbers encrypted, and can re-encrypt them under its current card key
/// (`cleanstore rotate-card-key`), while servers keep serving.
public protocol CardKeyRotating: Sendable {
    /// Re-encrypts, `batchSize` rows per transaction, every card number not under the current key.
    /// An order's version is left as it is (re-encrypting changes no value), and a row changed
    /// meanwhile is left alone (each update is guarded by the ciphertext read). A row under a key
    /// not in the keyring makes it throw (its batch is rolled back).
    func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation
}

/// What a rotation did.
public struct CardKeyRotation: Equatable, Sendable {
    /// Card numbers re-encrypted under the current key.
    public var reencrypted: Int
    /// Card numbers still under another key afterwards: rows a server wrote meanwhile with an old
    /// key as its current one (restart it with the new key, then rotate again).
    public var remaining: Int

    public init(reencrypted: Int, remaining: Int) {
        self.reencrypted = reencrypted
        self.remaining = remaining
    }
}
