import HTTPTypes
import Hummingbird

/// What every response carries beside Hummingbird's `ContentSecurityMiddleware` (which sets the
/// Content-Security-Policy below and `nosniff`): same-origin referrers, and `no-store` on HTML,
/// whose pages hold personal and card data. Static files keep their own cache headers.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    /// No inline script or style, nothing framed, no plugins, forms post only here.
    static var contentSecurityPolicy: ContentSecurityPolicy {
        [.defaultSrc(.self), .frameAncestors(.none), .baseURI(.none), .objectSrc(.none), .formAction(.self)]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[referrerPolicyField] = "same-origin"
        if response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}

/// Made once, not for every response (a field name is checked and lowered when made); a generic
/// type has no stored static property.
private let referrerPolicyField = HTTPField.Name("Referrer-Policy")!
