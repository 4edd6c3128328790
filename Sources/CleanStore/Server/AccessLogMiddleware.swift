import Foundation
import Hummingbird
import Logging

/// One line per request, at info, once it is answered: method, path (never the query), the
/// route's pattern (`/orders/{id}`), status and duration, beside the request id the logger
/// already carries. Written here because Hummingbird's `LogRequestsMiddleware` logs a request
/// when it arrives, before there is a status or a duration.
struct AccessLogMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: start)
            return response
        } catch {
            log(request, context, status: (error as? any HTTPResponseError)?.status.code ?? 500, since: start)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = start.duration(to: .now)
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        context.logger.info(
            "Request",
            metadata: [
                "method": "\(request.method.rawValue)",
                "path": "\(request.uri.path)",
                "route": "\(context.endpointPath ?? "none")",
                "status": "\(status)",
                "duration_ms": "\(String(format: "%.3f", milliseconds))",
            ])
    }
}
