import Foundation
import Hummingbird

/// Finds who is signed in: the session id in the browser's session cookie, looked up (by its
/// SHA-256) in the sessions store every instance shares, and the account it belongs to, still
/// enabled. A session that has ended (idle or absolute timeout, signed out anywhere, account
/// disabled or its password changed) signs no one in.
///
/// Our own, rather than hummingbird-auth's `SessionMiddleware` over a persist driver: that keeps a
/// session under the cookie's id as it is (a copy of the database would sign its reader in), has no
/// way to end every session of one account (disable, new password), and would need persist drivers
/// for SQLite and PostgreSQL written here anyway. `SessionsStoreProtocol` has all three, under one
/// contract suite.
///
/// It runs after the static files (a stylesheet costs no database read) and only for requests that
/// send a session cookie.
struct SessionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The cookie's name; `__Host-cleanstore_session` when cookies are secure.
    static let cookieName = "cleanstore_session"

    let signIn: SignInServices
    let now: @Sendable () -> Date

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let id = context.sessionID else { return try await next(request, context) }
        var context = context
        do {
            if let signedIn = try await Self.signedIn(session: id, signIn: signIn, now: now()) {
                context.signedIn = signedIn
                context.logger[metadataKey: "account"] = "\(signedIn.name.username)"
            }
        } catch {
            context.logger.error("Sessions store failed", metadata: ["error": "\(error)"])
            throw HTTPError(.serviceUnavailable)
        }
        return try await next(request, context)
    }

    /// Who is signed in with session `id` at `now`: nil when the session has ended or its account is
    /// gone or disabled.
    static func signedIn(session id: SessionID, signIn: SignInServices, now: Date) async throws -> SignedIn? {
        guard let account = try await signIn.sessions.account(forSession: id, now: now, timeouts: signIn.timeouts), !account.isDisabled
        else { return nil }
        return SignedIn(name: account.name, role: account.role)
    }

    /// The session id in a request's cookie: nil when there is none, or it is not one this app makes.
    static func sessionID(in request: Request, security: RequestSecurity) -> SessionID? {
        request.cookieValue(named: security.cookieName(cookieName)).flatMap { SessionID(text: $0) }
    }

    /// The cookie that keeps a new session (no Max-Age: it ends with the browser, and the server
    /// ends it sooner by its timeouts).
    static func cookie(for id: SessionID, security: RequestSecurity) -> Cookie {
        security.cookie(name: cookieName, value: id.text)
    }

    /// The cookie that removes the session's.
    static func removal(security: RequestSecurity) -> Cookie {
        security.cookie(name: cookieName, value: "", maxAge: 0)
    }
}
