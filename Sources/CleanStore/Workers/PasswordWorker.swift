import Foundation
import HummingbirdBcrypt

/// Why a password is refused, in words for the person choosing it.
public enum PasswordRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case tooShort(minimum: Int)
    case tooLong(maximumBytes: Int)
    /// A control character (C0, DEL, C1): bcrypt stops at a NUL, so `nul` and twelve NULs would be
    /// the password `nul`; none can be typed in a form or at a terminal by mistake anyway.
    case controlCharacter
    case sameAsUsername
    case mismatch

    public var description: String {
        switch self {
        case .tooShort(let minimum): return "The password must be at least \(minimum) characters long"
        case .tooLong(let maximum):
            return "The password must be at most \(maximum) bytes long (bcrypt ignores anything longer)"
        case .controlCharacter: return "The password must not hold control characters (such as a NUL or a line break)"
        case .sameAsUsername: return "The password must not be the username"
        case .mismatch: return "The two passwords typed are not the same"
        }
    }
}

/// Passwords: the rules a new one must meet, and bcrypt (HummingbirdBcrypt, from hummingbird-auth)
/// to hash and verify them, on threads of its own with a bounded queue (`PasswordHashing`) rather
/// than the task executor or NIO's shared pool, so that a burst of sign-ins does not stall other
/// requests (bcrypt at cost 12 takes a noticeable fraction of a second).
public struct PasswordWorker: Sendable {
    /// The cost (log2 of bcrypt's rounds) of every hash the app makes.
    public static let productionCost: UInt8 = 12
    public static let minimumLength = 12
    /// bcrypt reads no further than 72 bytes: a longer password would be accepted by its first 72.
    public static let maximumBytes = 72

    public let cost: UInt8
    /// Where bcrypt runs.
    public let hashing: PasswordHashing

    /// `cost` is `productionCost` everywhere but in tests, which inject a lower one (4, bcrypt's
    /// least) so that hashing takes milliseconds, not seconds, in a debug build; `hashing` is the
    /// process's but in tests of a burst.
    public init(cost: UInt8 = PasswordWorker.productionCost, hashing: PasswordHashing = .shared) {
        precondition((4...31).contains(cost), "bcrypt's cost is 4 to 31")
        self.cost = cost
        self.hashing = hashing
    }

    /// The first rule `password` breaks as a new password for `username`, or nil when it meets them all.
    public func refusal(of password: String, username: String) -> PasswordRefusal? {
        if TextRules.containsControlCharacters(password) { return .controlCharacter }
        if password.count < Self.minimumLength { return .tooShort(minimum: Self.minimumLength) }
        if password.utf8.count > Self.maximumBytes { return .tooLong(maximumBytes: Self.maximumBytes) }
        if password.lowercased() == username.lowercased() { return .sameAsUsername }
        return nil
    }

    /// Whether `password` could be anyone's at signing in: no account's password holds a control
    /// character or is over 72 bytes (`refusal(of:username:)` refuses both), and bcrypt would read
    /// such a password only up to its first NUL or its 72nd byte, so `nul` + NULs, or a 72-byte
    /// password with anything after it, would match. Checked before bcrypt: refused as a wrong
    /// password without hashing.
    public static func couldBeAnAccountsPassword(_ password: String) -> Bool {
        !TextRules.containsControlCharacters(password) && password.utf8.count <= maximumBytes
    }

    /// A bcrypt hash of `password` (with a random salt), made on `hashing`'s threads.
    public func hash(_ password: String) async throws(PasswordHashingError) -> String {
        let cost = self.cost
        return try await hashing.run { Bcrypt.hash(password, cost: cost) }
    }

    /// A hash of no one's password at this worker's cost: checked when there is no account by the
    /// name given, so that a wrong username takes as long as a wrong password. Made once per cost.
    public var dummyHash: String {
        DummyHashes.shared.hash(cost: cost)
    }

    /// Whether `password` is the one `hash` was made from, checked on `hashing`'s threads.
    public func verify(_ password: String, hash: String) async throws(PasswordHashingError) -> Bool {
        try await hashing.run { Bcrypt.verify(password, hash: hash) }
    }
}

/// One dummy hash per cost, made on first use (bcrypt at cost 12 takes a quarter of a second: not
/// on every sign-in with an unknown name, and not at every start).
final class DummyHashes: @unchecked Sendable {
    static let shared = DummyHashes()
    private let lock = NSLock()
    private var hashes: [UInt8: String] = [:]

    func hash(cost: UInt8) -> String {
        lock.withLock {
            if let hash = hashes[cost] { return hash }
            let hash = Bcrypt.hash(RequestSecurity.randomBrowserID(), cost: cost)
            hashes[cost] = hash
            return hash
        }
    }
}
