import Crypto
import Foundation

/// An API token as the server keeps it: never the token itself, only its SHA-256 (`hash`), so a copy
/// of the database lets no one in. `prefix` (`csk_` and the secret's first 8 characters) names it in
/// lists, logs and `tokens revoke`; it is not enough to use it.
public struct APIToken: Equatable, Sendable {
    public var prefix: String
    public var hash: Data
    /// The account it acts for (`Account.key`).
    public var accountKey: String
    /// What it is for, as its maker named it ("Warehouse").
    public var name: String
    /// At most the account's role, never a supervisor's (`APITokenRules.check`).
    public var role: AccountRole
    public var createdAt: Date
    /// nil: it does not expire.
    public var expiresAt: Date?
    /// Written at most once a minute (`APITokenRules.needsTouch`).
    public var lastUsedAt: Date?
    public var revokedAt: Date?

    public init(
        prefix: String, hash: Data, accountKey: String, name: String, role: AccountRole, createdAt: Date, expiresAt: Date? = nil,
        lastUsedAt: Date? = nil, revokedAt: Date? = nil
    ) {
        self.prefix = prefix
        self.hash = hash
        self.accountKey = accountKey
        self.name = name
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.lastUsedAt = lastUsedAt
        self.revokedAt = revokedAt
    }
}

extension APIToken: CustomStringConvertible {
    /// Its prefix only: a token may end up in a message or a log.
    public var description: String { "APIToken(\(prefix), \(role.rawValue))" }
}

/// The secret a client sends (`Authorization: Bearer csk_…`): `csk_`, 32 random bytes in base62 (43
/// characters, zero-padded) and a 6-character base62 checksum (the first 4 bytes of the SHA-256 of
/// what comes before it), so a typo or a truncated copy is told apart from a revoked token without
/// a database read, and a secret scanner can recognise one. Shown once, when it is made.
public struct APITokenSecret: Equatable, Sendable {
    public let text: String

    public static let scheme = "csk_"
    static let bodyLength = 43
    static let checksumLength = 6
    public static let length = scheme.count + bodyLength + checksumLength
    /// `csk_` and the first 8 characters of the secret: what names the token everywhere.
    public static let prefixLength = scheme.count + 8

    /// A new secret of 32 bytes from `generator` (the system's cryptographically secure one unless
    /// a test says otherwise).
    public static func random<G: RandomNumberGenerator>(using generator: inout G) -> APITokenSecret {
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let body = scheme + Base62.encode(bytes, width: bodyLength)
        return APITokenSecret(checkedText: body + checksum(of: body))
    }

    public static func random() -> APITokenSecret {
        var generator = SystemRandomNumberGenerator()
        return random(using: &generator)
    }

    private init(checkedText: String) { text = checkedText }

    /// A secret as a client sent it; nil unless it has the shape and its checksum holds.
    public init?(text: String) {
        guard text.utf8.count == Self.length, text.hasPrefix(Self.scheme) else { return nil }
        let body = String(text.prefix(Self.scheme.count + Self.bodyLength))
        guard text.utf8.dropFirst(Self.scheme.count).allSatisfy(Base62.isDigit(_:)),
            String(text.suffix(Self.checksumLength)) == Self.checksum(of: body)
        else { return nil }
        self.text = text
    }

    static func checksum(of body: String) -> String {
        Base62.encode(Array(SHA256.hash(data: Data(body.utf8)).prefix(4)), width: checksumLength)
    }

    public var prefix: String { String(text.prefix(Self.prefixLength)) }
    /// What the server stores and looks tokens up by.
    public var hash: Data { Data(SHA256.hash(data: Data(text.utf8))) }
}

extension APITokenSecret: CustomStringConvertible {
    /// Never the secret: its prefix.
    public var description: String { "APITokenSecret(\(prefix)…)" }
}

/// Base62 (0-9, A-Z, a-z) of a big-endian number, left-padded with `0` to a fixed width.
enum Base62 {
    static let digits = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func isDigit(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
    }

    static func encode(_ bytes: [UInt8], width: Int) -> String {
        var number = bytes
        var out: [UInt8] = []
        while number.contains(where: { $0 != 0 }) {
            var remainder = 0
            for index in number.indices {
                let value = remainder * 256 + Int(number[index])
                number[index] = UInt8(value / 62)
                remainder = value % 62
            }
            out.append(digits[remainder])
        }
        while out.count < width { out.append(digits[0]) }
        return String(decoding: out.reversed(), as: UTF8.self)
    }
}

/// The rules of API tokens, decided once in plain Swift; every store and the API's door ask them.
public enum APITokenRules {
    /// Last use is written at most this often (as sessions').
    public static let touchInterval: TimeInterval = 60
    /// A token's name: 1 to 60 characters of one line.
    public static let maximumNameLength = 60

    /// Why a token may not be made, in the words the command line and the page show.
    public enum Refusal: Error, Equatable, Sendable {
        case supervisorRole
        case roleAboveAccount(account: AccountRole)
        /// No role, or none a token has, was chosen (the page's form).
        case noRole
        case accountDisabled
        /// The name breaks the free-text rule, or holds a line break: why, in words.
        case name(String)
        case expiry

        public var message: String {
            switch self {
            case .supervisorRole: "A token cannot have the supervisor role: choose clerk or viewer"
            case .noRole: "Choose what the token may do: clerk or viewer"
            case .roleAboveAccount(let account): "A token's role cannot be above its account's (\(account.rawValue))"
            case .accountDisabled: "The account is disabled"
            case .name(let why): why
            case .expiry: "Enter the days until it expires as a whole number from 1 to 3650"
            }
        }
    }

    /// The token `account` may be given: a role no higher than the account's and never supervisor,
    /// a kept name, an expiry of 1 to 3650 days (nil: none).
    public static func check(name: String, role: AccountRole, expiresInDays: Int?, account: Account) -> Result<String, Refusal> {
        guard !account.isDisabled else { return .failure(.accountDisabled) }
        guard role != .supervisor else { return .failure(.supervisorRole) }
        guard rank(role) <= rank(account.role) else { return .failure(.roleAboveAccount(account: account.role)) }
        if let days = expiresInDays, !(1...3650).contains(days) { return .failure(.expiry) }
        switch FreeTextRule.check(name, maximumLength: maximumNameLength) {
        case .valid(let kept) where !kept.contains("\n"): return .success(kept)
        case .valid: return .failure(.name("Enter the token's name on one line"))
        case .invalid(.missing): return .failure(.name("Enter a name for the token"))
        case .invalid(.tooLong): return .failure(.name("The token's name must be \(maximumNameLength) characters or fewer"))
        case .invalid(.looksLikeCardNumber): return .failure(.name("Remove the card number from the token's name"))
        case .invalid(.controlCharacters), .invalid(.invisibleCharacters):
            return .failure(.name("Remove the hidden characters from the token's name"))
        }
    }

    /// The roles a token of `account` may have, highest first: clerk and viewer, no higher than the
    /// account's (a viewer's tokens are viewers').
    public static func roles(for account: Account) -> [AccountRole] {
        [AccountRole.clerk, .viewer].filter { rank($0) <= rank(account.role) }
    }

    private static func rank(_ role: AccountRole) -> Int {
        switch role {
        case .viewer: 0
        case .clerk: 1
        case .supervisor: 2
        }
    }

    /// The accounts' audit entry of a token made (`revoked` false) or revoked by `actor`, to the
    /// account named `username` (as stored); nil for no actor (nothing recorded) or a revoke of a
    /// token revoked already (`wasRevoked`).
    public static func event(
        of token: APIToken, revoked: Bool, wasRevoked: Bool = false, username: String, by actor: AccountName?, at now: Date
    ) -> AccountEvent? {
        guard let actor, !(revoked && wasRevoked) else { return nil }
        return AccountEvent(at: now, actor: actor, username: username, action: revoked ? .tokenRevoked : .tokenMade, role: token.role)
    }

    /// Whether `token` of `account` lets a request in at `now`: not revoked, not expired, its account
    /// not disabled. The role it acts with is the lower of its own and its account's today.
    public static func signedIn(_ token: APIToken, account: Account, at now: Date) -> SignedIn? {
        guard token.revokedAt == nil, !account.isDisabled, account.key == token.accountKey else { return nil }
        if let expiry = token.expiresAt, now >= expiry { return nil }
        let role = rank(token.role) <= rank(account.role) ? token.role : account.role
        return SignedIn(name: account.name, role: role)
    }

    /// Whether the token, used at `now`, should have its last use written.
    public static func needsTouch(_ token: APIToken, at now: Date) -> Bool {
        guard let last = token.lastUsedAt else { return true }
        return now.timeIntervalSince(last) >= touchInterval
    }
}
