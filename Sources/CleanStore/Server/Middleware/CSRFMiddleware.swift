import Foundation
import Hummingbird

/// Cross-site request forgery protection, stateless: every browser gets a random id in a signed
/// cookie (only an id this server issued counts), and every form carries a token: the id signed,
/// good for 12 hours (`_csrf`). Once a browser has a session cookie, its tokens are bound to that
/// session too: a token from before signing in, or from another session, is no token. This middleware gives each request its browser's id and token (and
/// a new browser its cookie, with the first page); `PostedFormMiddleware` refuses a post whose
/// token is not its browser's, before anything is decoded or changed.
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
        let existing = request.cookies[security.cookieName(Self.cookieName)].flatMap { Self.browserID(in: $0.value, security: security) }
        let browserID = existing ?? security.newBrowserID()
        // Only an id the browser sent back can vouch for a post: one minted now vouches for nothing.
        context.browserID = existing ?? ""
        context.sessionID = SessionMiddleware.sessionID(in: request, security: security)
        context.csrfToken = Self.token(for: browserID, session: context.sessionID, security: security)
        context.notes.browser = context.browser
        context.notes.sessionID = context.sessionID
        var response = try await next(request, context)
        if existing == nil, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(security.cookie(name: Self.cookieName, value: Self.cookieValue(for: browserID, security: security)))
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
