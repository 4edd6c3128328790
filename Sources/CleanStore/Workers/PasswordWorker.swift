import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Why a password is refused, in words for the person choosing it.
public enum PasswordRefusal: Error, Equatable, Sendable, CustomStringConvertible {
    case tooShort(minimum: Int)
    case tooLong(maximumBytes: Int)
    case sameAsUsername
    case mismatch

    public var description: String {
        switch self {
        case .tooShort(let minimum): return "The password must be at least \(minimum) characters long"
        case .tooLong(let maximum):
            return "The password must be at most \(maximum) bytes long (bcrypt ignores anything longer)"
        case .sameAsUsername: return "The password must not be the username"
        case .mismatch: return "The two passwords typed are not the same"
        }
    }
}

/// Passwords: the rules a new one must meet, and bcrypt (HummingbirdBcrypt, from hummingbird-auth)
/// to hash and verify them, on NIO's thread pool rather than the task executor, so that a burst of
/// sign-ins does not stall other requests (bcrypt at cost 12 takes a noticeable fraction of a second).
public struct PasswordWorker: Sendable {
    /// The cost (log2 of bcrypt's rounds) of every hash the app makes.
    public static let productionCost: UInt8 = 12
    public static let minimumLength = 12
    /// bcrypt reads no further than 72 bytes: a longer password would be accepted by its first 72.
    public static let maximumBytes = 72

    public let cost: UInt8

    /// `cost` is `productionCost` everywhere but in tests, which inject a lower one (4, bcrypt's
    /// least) so that hashing takes milliseconds, not seconds, in a debug build.
    public init(cost: UInt8 = PasswordWorker.productionCost) {
        precondition((4...31).contains(cost), "bcrypt's cost is 4 to 31")
        self.cost = cost
    }

    /// The first rule `password` breaks as a new password for `username`, or nil when it meets them all.
    public func refusal(of password: String, username: String) -> PasswordRefusal? {
        if password.count < Self.minimumLength { return .tooShort(minimum: Self.minimumLength) }
        if password.utf8.count > Self.maximumBytes { return .tooLong(maximumBytes: Self.maximumBytes) }
        if password.lowercased() == username.lowercased() { return .sameAsUsername }
        return nil
    }

    /// A bcrypt hash of `password` (with a random salt), made off the task executor.
    public func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// A hash of no one's password at this worker's cost: checked when there is no account by the
    /// name given, so that a wrong username takes as long as a wrong password. Made once per cost.
    public var dummyHash: String {
        DummyHashes.shared.hash(cost: cost)
    }

    /// Whether `password` is the one `hash` was made from, checked off the task executor.
    public func verify(_ password: String, hash: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
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
