import Foundation
import Hummingbird
import Logging

/// Turns every error into a page in the app's layout: an `HTTPError` keeps its status
/// (404 for an unknown path becomes 405 when the path is known under another method);
/// anything else is logged with the request id and answered with a plain 500 page,
/// with no internals shown. The page says who is signed in when a route's `SessionMiddleware` found
/// out (through the context's `notes`: this middleware runs before it).
struct ErrorPageMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    let pages: any PageRendering
    let routes: [Routes.Route]
    /// To say who is signed in on a 404 page for a path no route has (no route's `SessionMiddleware`
    /// ran for it).
    var signIn: SignInServices?
    var now: @Sendable () -> Date = Date.init

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            // The API's own error layer: problem+json, never a page (an unknown API path or method).
            if request.uri.path == Paths.api.pattern || request.uri.path.hasPrefix(Paths.api.pattern + "/") {
                context.logger.info("Request refused", metadata: ["status": "\(error.status.code)"])
                return APIRoutes.unmatched(error, path: request.uri.path).response
            }
            var browser = context.notes.browser
            if error.status == .notFound, browser.signedIn == nil, let id = context.notes.sessionID, let signIn {
                browser.signedIn = try? await SessionMiddleware.signedIn(session: id, signIn: signIn, now: now())
            }
            let pages = self.pages.for(browser)
            if error.status == .notFound {
                let allowed = Routes.allowedMethods(for: request.uri.path, in: routes)
                if !allowed.isEmpty {
                    var response = ErrorPage.response(.methodNotAllowed, pages: pages)
                    response.headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
                    context.logger.info("Request refused", metadata: ["status": "405"])
                    return response
                }
            }
            if error.status.code >= 500 {
                context.logger.error("Request failed", metadata: ["status": "\(error.status.code)"])
            } else {
                context.logger.info("Request refused", metadata: ["status": "\(error.status.code)"])
            }
            return ErrorPage.response(error.status, pages: pages)
        } catch {
            let pages = self.pages.for(context.notes.browser)
            context.logger.error("Request failed", metadata: ["error": "\(String(reflecting: type(of: error)))"])
            return ErrorPage.response(.internalServerError, pages: pages)
        }
    }
}
