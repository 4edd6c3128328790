import Foundation
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime

/// The JSON API on the app's router: the operations of `openapi.yaml` (generated code in
/// `Generated/`, `scripts/openapi-generate`) under `/api/v1` — the group's prefix; the spec's
/// server URL says the same to clients, and the operations are registered at `/` within the group,
/// so the two add up to `/api/v1` once — behind `APIDoorMiddleware`; and the spec itself, read once
/// at start, at `/api/v1/openapi.yaml` for anyone (it holds no secret).
enum APIRoutes {
    /// `writtenByHand`: whether the list's and an order's 200 are written by `APIWrittenOperations`
    /// (always, but in `APIWrittenOperationsTests`, which holds them to the generated code's).
    static func register(on router: Router<AppRequestContext>, environment: SceneEnvironment, writtenByHand: Bool = true) throws {
        let spec = environment.apiSpec
        router.get(RouterPath(Paths.apiSpec.pattern)) { _, _ -> Response in
            guard let spec else { return APIProblem.status(.notFound, detail: "This server was started without openapi.yaml.").response }
            return Response(
                status: .ok, headers: [.contentType: "application/yaml; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: spec)))
        }
        let api = router.group(RouterPath(Paths.api.pattern))
            .add(middleware: APIDoorMiddleware(tokens: environment.apiTokens, limiter: environment.apiRateLimiter, now: environment.now))
        let handlers = APIHandlers(environment: environment)
        let middlewares: [any ServerMiddleware] = [APISpecLimitsMiddleware()]
        let written = writtenByHand ? APIWrittenOperations.handlers(handlers, configuration: configuration, middlewares: middlewares) : [:]
        try handlers.registerHandlers(
            on: APITransport(group: api, replacing: written), serverURL: URL(string: "/")!, configuration: configuration,
            middlewares: middlewares)
    }

    /// How the generated code writes the API's JSON: dates as `APIDateTranscoder` writes them; bodies
    /// compact, keys sorted, `/` as it is (as the API's problems are written, `APIProblem`). The
    /// runtime's default pretty-prints (newlines, indentation and ` : `, which no client reads:
    /// JSON's whitespace is no part of what `openapi.yaml` says of a body). The keys stay sorted:
    /// unsorted, Foundation writes them in its dictionary's order, which changes from one run of
    /// the server to the next.
    static let configuration = Configuration(
        dateTranscoder: APIDateTranscoder(), jsonEncodingOptions: [.sortedKeys, .withoutEscapingSlashes])

    /// The API's paths and methods, as the spec has them: Hummingbird's router answers a path it
    /// knows under another method with a 404, so the 405 and its `Allow` are decided here
    /// (`APIHTTPTests` holds this table to `openapi.yaml`).
    static let operations: [(method: HTTPRequest.Method, path: String)] = [
        (.get, "/orders"), (.get, "/orders/{id}"), (.post, "/orders/{id}/status"), (.get, "/orders/{id}/notes"),
        (.post, "/orders/{id}/notes"), (.get, "/products"), (.get, "/products/{sku}"), (.get, "/customers"),
        (.get, "/customers/{id}"), (.post, "/drafts"), (.get, "/drafts/{ref}"), (.put, "/drafts/{ref}/caller"),
        (.put, "/drafts/{ref}/delivery"), (.post, "/drafts/{ref}/lines"), (.put, "/drafts/{ref}/lines/{sku}"),
        (.delete, "/drafts/{ref}/lines/{sku}"), (.post, "/drafts/{ref}/place"),
    ]

    /// The answer to a request under `/api/` that no route took: a 405 naming the methods its path
    /// has, or a 404; problem+json either way, never the HTML error page.
    static func unmatched(_ error: HTTPError, path: String) -> APIProblem {
        guard error.status == .notFound else { return .status(error.status) }
        let inner = path.dropFirst(Paths.api.pattern.count).split(separator: "/", omittingEmptySubsequences: true)
        let allowed = operations.filter { operation in
            let pattern = operation.path.split(separator: "/", omittingEmptySubsequences: true)
            return pattern.count == inner.count && zip(pattern, inner).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }.map(\.method)
        guard !allowed.isEmpty else { return .status(.notFound, detail: "The API has no operation at this path (see /api/v1/openapi.yaml).") }
        var problem = APIProblem.status(.methodNotAllowed)
        // HEAD is answered wherever GET is (the router's `autoGenerateHeadEndpoints`).
        let methods = allowed.flatMap { $0 == .get ? [HTTPRequest.Method.get, .head] : [$0] }
        problem.headers[.allow] = methods.map(\.rawValue).joined(separator: ", ")
        return problem
    }
}
