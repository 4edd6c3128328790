import Crypto
import Foundation
import Hummingbird

/// The server's secret and what it signs: CSRF tokens and the one-time messages of redirects.
/// Everything signed is stateless (HMAC-SHA256 with the configured secret), so any instance
/// started with the same secret reads what another wrote, across restarts too.
public struct RequestSecurity: Sendable {
    private let key: SymmetricKey
    /// Whether cookies carry `Secure` (served over TLS, or behind a proxy that terminates it).
    public var secureCookies: Bool
    /// A fresh, unguessable value identifying a browser (its CSRF cookie).
    public var newBrowserID: @Sendable () -> String

    public init(
        secret: String, secureCookies: Bool = false,
        newBrowserID: @escaping @Sendable () -> String = RequestSecurity.randomBrowserID
    ) {
        key = SymmetricKey(data: SHA256.hash(data: Data(secret.utf8)))
        self.secureCookies = secureCookies
        self.newBrowserID = newBrowserID
    }

    /// 32 random bytes, base64url.
    @Sendable public static func randomBrowserID() -> String {
        base64URL(SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) })
    }

    /// A signature of `value` for one `purpose` (a token for one purpose is no token for another).
    public func sign(_ value: String, for purpose: String) -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data("\(purpose)\n\(value)".utf8), using: key)))
    }

    /// Whether `signature` is `value`'s for `purpose`, compared in constant time.
    public func verify(_ value: String, signature: String, for purpose: String) -> Bool {
        guard let code = Self.data(base64URL: signature) else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data("\(purpose)\n\(value)".utf8), using: key)
    }

    /// A cookie of this app: HttpOnly, SameSite=Lax, path `/`, Secure when configured.
    public func cookie(name: String, value: String, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: secureCookies, httpOnly: true, sameSite: .lax)
    }

    // MARK: base64url

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        guard text.utf8.allSatisfy({ isBase64URLByte($0) }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    static func isBase64URLByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
