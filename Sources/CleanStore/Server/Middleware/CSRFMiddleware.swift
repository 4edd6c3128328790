import Foundation
import Hummingbird
import NIOConcurrencyHelpers

/// Cross-site request forgery protection, stateless: every browser gets a random id in a signed
/// cookie (only an id this server issued counts), and every form carries a token: the id signed,
/// good for 12 hours (`_csrf`). Once a browser has a session cookie, its tokens are bound to that
/// session too: a token from before signing in, or from another session, is no token. This middleware gives each request its browser's id and token (and
/// a new browser its cookie, with the first page); `PostedFormMiddleware` refuses a post whose
/// token is not its browser's, before anything is decoded or changed.
///
/// Both are worked out when first asked for (`CSRFState`), not for every request: the cookie's
/// signature is checked for a post, a page, or to know whether an HTML answer must set the cookie;
/// the token is signed for a page that shows a form. `/healthz`, a static file and the API compute
/// no HMAC (issue 31: two of them were 10 % of `/healthz`).
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The cookie's name; `__Host-cleanstore_csrf` when cookies are secure.
    static let cookieName = "cleanstore_csrf"
    static let fieldName = "_csrf"
    static let purpose = "csrf"
    /// What signs the id in the cookie (a token for one purpose is no token for another).
    static let cookiePurpose = "browser"
    /// How long a form's token is good for.
    static let tokenLifetime: TimeInterval = 12 * 60 * 60

    let security: RequestSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        context.sessionID = request.cookieValue(named: security.cookieName(SessionMiddleware.cookieName)).flatMap { SessionID(text: $0) }
        let csrf = CSRFState(
            cookie: request.cookieValue(named: security.cookieName(Self.cookieName)), session: context.sessionID, security: security)
        context.csrf = csrf
        context.notes.csrf = csrf
        context.notes.sessionID = context.sessionID
        var response = try await next(request, context)
        if response.headers[.contentType]?.hasPrefix("text/html") == true, csrf.sentID == nil {
            response.setCookie(security.cookie(name: Self.cookieName, value: Self.cookieValue(for: csrf.signingID, security: security)))
        }
        return response
    }

    /// The token a browser's forms carry, in the session its cookie names (if any).
    static func token(for browserID: String, session: SessionID?, security: RequestSecurity) -> String {
        security.sign(signed(browserID, session), for: purpose, lifetime: tokenLifetime)
    }

    /// Whether a form's token belongs to the browser (and session) that sent it, and is still good.
    static func isValid(token: String, browserID: String, session: SessionID?, security: RequestSecurity) -> Bool {
        !browserID.isEmpty && security.verify(signed(browserID, session), expiringSignature: token, for: purpose)
    }

    /// What a token signs: the browser's id, and the session's id (only ever inside the HMAC).
    private static func signed(_ browserID: String, _ session: SessionID?) -> String {
        guard let session else { return browserID }
        return "\(browserID)\n\(session.text)"
    }

    /// What the cookie holds: the id and its signature, `<id>.<signature>`.
    static func cookieValue(for browserID: String, security: RequestSecurity) -> String {
        "\(browserID).\(security.sign(browserID, for: cookiePurpose))"
    }

    /// The id in a cookie this server set; nil for any other value (a client-chosen id, a forged or
    /// foreign signature).
    static func browserID(in value: String, security: RequestSecurity) -> String? {
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, (16...128).contains(parts[0].utf8.count), parts[0].utf8.allSatisfy(Base64URL.isAlphabetByte),
            security.verify(String(parts[0]), signature: String(parts[1]), for: cookiePurpose)
        else { return nil }
        return String(parts[0])
    }
}

/// One request's CSRF facts, worked out when first asked for and then kept (`CSRFMiddleware`): the
/// id the browser's cookie holds (its signature checked once), the id its forms' token signs (the
/// cookie's, or one minted for a browser that has none, sent with an HTML page), and that token.
/// Shared by every copy of the request's context (a class, as `RequestNotes`); a lock keeps it
/// right should two tasks of one request ask at once.
public final class CSRFState: Sendable {
    private struct Worked {
        var sent: String??
        var minted: String?
        var token: String?
    }

    private let cookie: String?
    private let session: SessionID?
    private let security: RequestSecurity
    private let worked = NIOLockedValueBox(Worked())

    init(cookie: String?, session: SessionID?, security: RequestSecurity) {
        self.cookie = cookie
        self.session = session
        self.security = security
    }

    /// The id the browser sent in a cookie this server signed; nil when it sent none (or another).
    /// Only an id the browser sent back can vouch for a post: one minted now vouches for nothing.
    public var sentID: String? {
        worked.withLockedValue { worked in sent(&worked) }
    }

    /// The id the browser's forms' token signs: the one it sent, else one minted for it now.
    var signingID: String {
        worked.withLockedValue { worked in signing(&worked) }
    }

    /// The token the browser's forms carry (`_csrf`).
    public var token: String {
        worked.withLockedValue { worked in
            if let token = worked.token { return token }
            let token = CSRFMiddleware.token(for: signing(&worked), session: session, security: security)
            worked.token = token
            return token
        }
    }

    private func sent(_ worked: inout Worked) -> String? {
        if let sent = worked.sent { return sent }
        let sent = cookie.flatMap { CSRFMiddleware.browserID(in: $0, security: security) }
        worked.sent = .some(sent)
        return sent
    }

    private func signing(_ worked: inout Worked) -> String {
        if let id = sent(&worked) { return id }
        if let minted = worked.minted { return minted }
        let minted = security.newBrowserID()
        worked.minted = minted
        return minted
    }
}
