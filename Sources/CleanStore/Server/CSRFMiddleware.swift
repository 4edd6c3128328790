import Hummingbird

/// Cross-site request forgery protection, stateless: every browser gets a random id in a cookie,
/// and every form carries the HMAC of that id (`_csrf`). This middleware gives each request its
/// browser's id and token (and a new browser its cookie, with the first page); `PostedFormMiddleware`
/// refuses a post whose token is not its browser's, before anything is decoded or changed.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    static let cookieName = "cleanstore_csrf"
    static let fieldName = "_csrf"
    static let purpose = "csrf"

    let security: RequestSecurity

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        let existing = (request.cookies[Self.cookieName]?.value).flatMap { Self.isBrowserID($0) ? $0 : nil }
        let browserID = existing ?? security.newBrowserID()
        // Only an id the browser sent back can vouch for a post: one minted now vouches for nothing.
        context.browserID = existing ?? ""
        context.csrfToken = security.sign(browserID, for: Self.purpose)
        var response = try await next(request, context)
        if existing == nil, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.setCookie(security.cookie(name: Self.cookieName, value: browserID))
        }
        return response
    }

    /// Whether a form's token belongs to the browser that sent it.
    static func isValid(token: String, browserID: String, security: RequestSecurity) -> Bool {
        !browserID.isEmpty && security.verify(browserID, signature: token, for: purpose)
    }

    private static func isBrowserID(_ value: String) -> Bool {
        (16...128).contains(value.utf8.count) && value.utf8.allSatisfy(RequestSecurity.isBase64URLByte)
    }
}
