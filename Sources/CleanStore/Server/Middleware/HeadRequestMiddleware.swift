import Hummingbird

/// Answers HEAD wherever GET is answered (RFC 9110 §9.3.2): with the same status and headers as
/// the GET (`Content-Length` included) and no body. Where a path has no GET, the GET's answer
/// stands: a HEAD for a path that only takes POST is a 405, like a GET. A 405's `Allow` lists
/// HEAD wherever it lists GET.
///
/// Hummingbird routes before it runs middleware, so a middleware alone cannot bring a HEAD to a
/// GET route: the router's `.autoGenerateHeadEndpoints` option does (it calls the GET route with
/// the HEAD request and drops the body). What that leaves, this does: everything after it sees
/// a GET, so that FileMiddleware (reached when no route matches) answers a HEAD as it answers a
/// GET (it answers HEAD itself, but with a 200 where a GET with a `Range` gets a 206 or 416).
struct HeadRequestMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard request.method == .head else {
            return Self.listingHead(in: try await next(request, context))
        }
        var head = request.head
        head.method = .get
        let response = try await next(Request(head: head, body: request.body), context)
        return Self.listingHead(in: response).createHeadResponse()
    }

    /// `response` with HEAD after GET in its `Allow` header, when it has GET.
    static func listingHead(in response: Response) -> Response {
        guard let allow = response.headers[.allow] else { return response }
        var methods = allow.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let get = methods.firstIndex(of: "GET"), !methods.contains("HEAD") else { return response }
        methods.insert("HEAD", at: get + 1)
        var response = response
        response.headers[.allow] = methods.joined(separator: ", ")
        return response
    }
}
