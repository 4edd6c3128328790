import Foundation
import Vapor

/// Vapor has no CSRF protection of its own. This is the double-submit cookie that Django uses,
/// with Django's names so that one benchmark client drives both peers: the form page sets the
/// `csrftoken` cookie (if the client has none) and renders the same value in a hidden
/// `csrfmiddlewaretoken` field; a POST must carry both, equal, or gets 403. Stateless: no
/// server-side sessions.
enum CSRF {
    static let cookieName = "csrftoken"
    static let fieldName = "csrfmiddlewaretoken"

    /// The client's token if it has a well-formed one, else a new random one.
    static func token(for req: Request) -> (token: String, isNew: Bool) {
        if let existing = req.cookies[cookieName]?.string, isWellFormed(existing) {
            return (existing, false)
        }
        let bytes = [UInt8].random(count: 24)
        let token = bytes.map { String(format: "%02x", $0) }.joined()
        return (token, true)
    }

    static func setCookie(_ token: String, on res: Response) {
        res.cookies[cookieName] = HTTPCookies.Value(
            string: token, maxAge: 365 * 24 * 3600, path: "/", isHTTPOnly: false, sameSite: .lax)
    }

    static func verify(_ req: Request) throws {
        guard let cookie = req.cookies[cookieName]?.string, isWellFormed(cookie) else {
            throw Abort(.forbidden, reason: "CSRF cookie not set.")
        }
        guard let sent = try? req.content.get(String.self, at: fieldName),
              sent.utf8.count == cookie.utf8.count,
              zip(sent.utf8, cookie.utf8).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0
        else {
            throw Abort(.forbidden, reason: "CSRF token missing or incorrect.")
        }
    }

    private static func isWellFormed(_ token: String) -> Bool {
        token.utf8.count == 48 && token.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
