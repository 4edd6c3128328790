import Crypto
import Foundation

/// A signed-in browser, as the server keeps it. The session's id (`SessionID`) is only ever in the
/// browser's cookie; the server keeps its SHA-256 (`idHash`), so a copy of the database signs no one in.
public struct Session: Equatable, Sendable {
    public var idHash: Data
    /// The account's key (`Account.key`: its username lowercased).
    public var accountKey: String
    public var createdAt: Date
    public var lastSeenAt: Date

    public init(idHash: Data, accountKey: String, createdAt: Date, lastSeenAt: Date) {
        self.idHash = idHash
        self.accountKey = accountKey
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }
}

/// A session's id: 256 random bits, written base64url (43 characters) in the cookie.
public struct SessionID: Equatable, Sendable {
    public let bytes: Data

    public static let byteCount = 32

    /// An id of `bytes` (exactly 32): for tests, and for ids read back from a cookie.
    public init?(bytes: Data) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// An id as written in a cookie; nil unless it is base64url of 32 bytes.
    public init?(text: String) {
        guard text.utf8.count == 43, let bytes = Base64URL.decoded(text) else { return nil }
        self.init(bytes: bytes)
    }

    /// A new id from the system's cryptographically secure generator, unless `generator` says otherwise.
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> SessionID {
        SessionID(bytes: Data((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }))!
    }

    public static func random() -> SessionID {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    /// What the cookie holds.
    public var text: String { Base64URL.encoded(bytes) }

    /// What the server stores and looks sessions up by.
    public var hash: Data { Data(SHA256.hash(data: bytes)) }
}

extension SessionID: CustomStringConvertible {
    /// Never the id itself: whoever reads a log must not be able to sign in with it.
    public var description: String { "SessionID(…)" }
}

/// How long a session lasts: `idle` since it was last used, `absolute` since sign-in, whichever ends
/// first (at that instant it has ended). Last use is written at most once per `refreshInterval`, so
/// that a page view costs no database write most of the time (idle timing is that much coarser).
public struct SessionTimeouts: Equatable, Sendable {
    public var idle: TimeInterval
    public var absolute: TimeInterval
    public var refreshInterval: TimeInterval

    public init(idle: TimeInterval = 30 * 60, absolute: TimeInterval = 12 * 60 * 60, refreshInterval: TimeInterval = 60) {
        self.idle = idle
        self.absolute = absolute
        self.refreshInterval = refreshInterval
    }

    /// 30 minutes idle, 12 hours in all, last use written at most once a minute.
    public static let standard = SessionTimeouts()

    /// Whether `session` has ended at `now`.
    public func hasEnded(_ session: Session, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= idle || now.timeIntervalSince(session.createdAt) >= absolute
    }

    /// Whether `session`, still going at `now`, should have its last use written.
    public func needsRefresh(_ session: Session, at now: Date) -> Bool {
        now.timeIntervalSince(session.lastSeenAt) >= refreshInterval
    }
}
