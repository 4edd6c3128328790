import Hummingbird

/// Headers every page carries: a Content-Security-Policy with no inline script or style, no
/// MIME sniffing, same-origin referrers; and `no-store` on HTML, whose pages hold personal and
/// card data. Static files keep their own cache headers.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var contentSecurityPolicy: String {
        "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'; form-action 'self'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[.init("Referrer-Policy")!] = "same-origin"
        if response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[.contentSecurityPolicy] = Self.contentSecurityPolicy
            response.headers[.cacheControl] = "no-store"
        }
        return response
    }
}
