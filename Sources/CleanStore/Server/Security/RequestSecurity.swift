import Crypto
import Foundation
import Hummingbird

/// The server's secret and what it signs: browser ids, CSRF tokens and the flashes of redirects.
/// Everything signed is stateless (HMAC-SHA256 with the configured secret), so any instance
/// started with the same secret reads what another wrote, across restarts too.
public struct RequestSecurity: Sendable {
    /// The shortest secret accepted: 32 bytes (a shorter one was recovered offline from one cookie
    /// and token in under 500 guesses).
    public static let minimumSecretLength = 32

    private let key: SymmetricKey
    /// Whether cookies carry `Secure` (served over TLS, or behind a proxy that terminates it); then
    /// their names also carry the `__Host-` prefix, so no other host can set them.
    public var secureCookies: Bool
    /// A fresh, unguessable value identifying a browser (its CSRF cookie).
    public var newBrowserID: @Sendable () -> String
    /// The clock that tokens and flashes expire by.
    public var now: @Sendable () -> Date

    public init(
        secret: String, secureCookies: Bool = false,
        newBrowserID: @escaping @Sendable () -> String = RequestSecurity.randomBrowserID,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        key = SymmetricKey(data: SHA256.hash(data: Data(secret.utf8)))
        self.secureCookies = secureCookies
        self.newBrowserID = newBrowserID
        self.now = now
    }

    /// The secret to start with, from `--secret`, `--secret-file` (first line) or
    /// `CLEANSTORE_SECRET`, in that order; nil when none is given. Throws, saying why, when the
    /// file cannot be read or the secret is shorter than `minimumSecretLength` bytes. Never
    /// includes the secret in what it says.
    public static func secret(option: String?, file: String?, environment: [String: String]) throws -> String? {
        let secret: String
        if let option {
            secret = option
        } else if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw SecretError(description: "Cannot read the secret file \(file)")
            }
            secret = String(text.split(whereSeparator: \.isNewline).first ?? "")
        } else if let value = environment["CLEANSTORE_SECRET"], !value.isEmpty {
            secret = value
        } else {
            return nil
        }
        guard secret.utf8.count >= minimumSecretLength else {
            throw SecretError(
                description: "The secret is \(secret.utf8.count) bytes long; it must be at least \(minimumSecretLength) "
                    + "(make one with: openssl rand -base64 32)")
        }
        return secret
    }

    public struct SecretError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A cookie's name as this server sets it: `__Host-name` when cookies are secure.
    public func cookieName(_ name: String) -> String {
        secureCookies ? "__Host-\(name)" : name
    }

    // MARK: Signing that expires

    /// `value`'s signature for `purpose`, good for `lifetime` seconds from now:
    /// `<expiry, seconds since 1970>.<signature of expiry and value>`.
    public func sign(_ value: String, for purpose: String, lifetime: TimeInterval) -> String {
        let expiry = Int64((now().timeIntervalSince1970 + lifetime).rounded(.up))
        return "\(expiry).\(sign("\(expiry)\n\(value)", for: purpose))"
    }

    /// Whether `signature` is `value`'s for `purpose` and has not expired.
    public func verify(_ value: String, expiringSignature signature: String, for purpose: String) -> Bool {
        let parts = signature.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let expiry = Int64(parts[0]), Double(expiry) > now().timeIntervalSince1970 else {
            return false
        }
        return verify("\(expiry)\n\(value)", signature: String(parts[1]), for: purpose)
    }

    /// 32 random bytes, base64url.
    @Sendable public static func randomBrowserID() -> String {
        Base64URL.encoded(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// A signature of `value` for one `purpose` (a token for one purpose is no token for another).
    public func sign(_ value: String, for purpose: String) -> String {
        Base64URL.encoded(Data(HMAC<SHA256>.authenticationCode(for: Data("\(purpose)\n\(value)".utf8), using: key)))
    }

    /// Whether `signature` is `value`'s for `purpose`, compared in constant time.
    public func verify(_ value: String, signature: String, for purpose: String) -> Bool {
        guard let code = Base64URL.decoded(signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data("\(purpose)\n\(value)".utf8), using: key)
    }

    /// A cookie of this app: HttpOnly, SameSite=Lax, path `/`; Secure and `__Host-` when configured.
    public func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(
            name: cookieName(name), value: value, maxAge: maxAge, path: "/", secure: secureCookies, httpOnly: true,
            sameSite: .lax)
    }
}
