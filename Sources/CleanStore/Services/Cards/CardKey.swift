import Crypto
import Foundation

/// A key that encrypts card numbers at rest: 32 random bytes (AES-256-GCM), kept apart from the
/// database. Its id, the first 8 bytes of the key's SHA-256 in hex, is stored beside each
/// ciphertext, so that the key a row needs is known and rows under an older key can be found and
/// re-encrypted (`cleanstore rotate-card-key`). The id reveals nothing of the key.
///
/// A key never prints its bytes: its description is its id, so it cannot reach a log or a page
/// by accident.
public struct CardKey: Sendable, CustomStringConvertible {
    /// The key's id: hex of the first 8 bytes of SHA-256 of its 32 bytes
    /// (`base64 -d KEYFILE | sha256sum | cut -c1-16`).
    public let id: String
    let symmetricKey: SymmetricKey

    public static let byteCount = 32

    /// The key in `bytes`, which must be 32 bytes long.
    public init(bytes: Data) throws(OrdersStoreError) {
        guard bytes.count == Self.byteCount else {
            throw .unavailable("A card key is \(Self.byteCount) bytes (44 characters of base64), not \(bytes.count) bytes")
        }
        symmetricKey = SymmetricKey(data: bytes)
        id = SHA256.hash(data: bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
    }

    /// The key written as base64 (surrounding white space, such as a file's final newline, is ignored).
    public init(base64: String) throws(OrdersStoreError) {
        guard let bytes = Data(base64Encoded: base64.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw .unavailable("A card key is written as base64 of \(Self.byteCount) random bytes, and this is not base64")
        }
        try self.init(bytes: bytes)
    }

    /// A new random key (from the system's secure random generator).
    public static func generate() -> CardKey {
        let key = SymmetricKey(size: .bits256)
        // A 32-byte key is always accepted.
        return try! CardKey(bytes: key.withUnsafeBytes { Data($0) })
    }

    /// The key as its file holds it: base64 of its 32 bytes, one line. Only for writing a key
    /// file; never log it.
    public var base64: String {
        symmetricKey.withUnsafeBytes { Data($0) }.base64EncodedString()
    }

    public var description: String { "card key \(id)" }
}

/// A card number as it is stored: AES-GCM's combined form (12-byte nonce, ciphertext, 16-byte tag)
/// and the id of the key it was sealed with.
struct SealedCardNumber: Equatable, Sendable {
    var ciphertext: Data
    var keyID: String

    /// The key id of a card erased with its customer's personal data (`PersonalDataErasure`): no
    /// ciphertext is left, and no key opens it.
    static let erasedKeyID = "erased"
    static let erased = SealedCardNumber(ciphertext: Data(), keyID: erasedKeyID)
    var isErased: Bool { keyID == Self.erasedKeyID }
}

/// The keys a store encrypts and decrypts card numbers with: the current key seals every number
/// written; previous keys only open numbers sealed before a rotation, until `rotate-card-key` has
/// re-encrypted them under the current one.
///
/// A number that does not open — unknown key, wrong key, altered bytes — is an error, never a
/// wrong number: AES-GCM authenticates what it decrypts.
public struct CardKeyring: Sendable {
    public let current: CardKey
    public let previous: [CardKey]

    public init(current: CardKey, previous: [CardKey] = []) {
        self.current = current
        self.previous = previous.filter { $0.id != current.id }
    }

    /// The ids of every key in the ring, current first.
    public var ids: [String] { [current.id] + previous.map(\.id) }

    /// Binds each ciphertext to its purpose: bytes sealed for anything else do not open here.
    private static let associatedData = Data("CleanStore card number v1".utf8)

    func seal(_ number: String) throws(OrdersStoreError) -> SealedCardNumber {
        do {
            let box = try AES.GCM.seal(Data(number.utf8), using: current.symmetricKey, authenticating: Self.associatedData)
            guard let combined = box.combined else {
                throw OrdersStoreError.unavailable("AES-GCM gave no combined form")
            }
            return SealedCardNumber(ciphertext: combined, keyID: current.id)
        } catch {
            throw .unavailable("Cannot encrypt a card number: \(error)")
        }
    }

    /// The number in `sealed`; `orderID` names the order in the error when it does not open.
    func open(_ sealed: SealedCardNumber, orderID: String) throws(OrdersStoreError) -> String {
        guard let key = ([current] + previous).first(where: { $0.id == sealed.keyID }) else {
            throw .unavailable(
                """
                The card number of order \(orderID) is encrypted under card key \(sealed.keyID), which is not among the \
                keys given (\(ids.joined(separator: ", "))): give it with --card-key-file or --previous-card-key-file
                """)
        }
        do {
            let box = try AES.GCM.SealedBox(combined: sealed.ciphertext)
            let plain = try AES.GCM.open(box, using: key.symmetricKey, authenticating: Self.associatedData)
            guard let number = String(data: plain, encoding: .utf8) else {
                throw OrdersStoreError.unavailable("not text")
            }
            return number
        } catch {
            throw .unavailable(
                "The card number of order \(orderID) does not decrypt with card key \(key.id): its stored bytes were altered")
        }
    }

    /// Throws, naming them, when some of `keyIDs` (the keys stored rows were sealed with) are not
    /// in the ring: a store checks this when it opens, so that a wrong key fails at start-up, not
    /// on the first page that shows a card.
    func checkOpens(keyIDs: Set<String>, in database: String) throws(OrdersStoreError) {
        let missing = keyIDs.subtracting(ids).subtracting([SealedCardNumber.erasedKeyID]).sorted().joined(separator: ", ")
        guard missing.isEmpty else {
            let given = "key\(ids.count == 1 ? "" : "s") given (\(ids.joined(separator: ", ")))"
            throw .unavailable(
                """
                Card numbers in \(database) are encrypted under card key \(missing), not under the \(given): start \
                with the key the database was written with (--card-key-file or CLEANSTORE_CARD_KEY; an older one with \
                --previous-card-key-file)
                """)
        }
    }
}
