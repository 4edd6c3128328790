import Foundation
import Hummingbird
import Logging

/// One line per request, at info, once it is answered: the client's address, method, path (never
/// the query), the route's pattern (`/orders/{id}`), status and duration, beside the request id
/// the logger already carries. Written here because Hummingbird's `LogRequestsMiddleware` logs a
/// request when it arrives, before there is a status or a duration.
///
/// The client is the connection's peer, unless that peer is a trusted proxy (`--trusted-proxy`):
/// then it is the address the proxy appended last to `X-Forwarded-For` (what a client sends in
/// that header itself is never believed).
struct AccessLogMiddleware<Context: RemoteAddressRequestContext>: RouterMiddleware {
    /// The proxies whose `X-Forwarded-For` is believed (IP addresses, as `SocketAddress.ipAddress` writes them).
    var trustedProxies: Set<String> = []

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let start = ContinuousClock.now
        // At debug, when it arrives too (what is under way when something hangs).
        context.logger.debug(
            "Request received", metadata: ["method": "\(request.method.rawValue)", "path": "\(request.uri.path)"])
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
                "client": "\(client(of: request, context) ?? "unknown")",
                "method": "\(request.method.rawValue)",
                "path": "\(request.uri.path)",
                "route": "\(context.endpointPath ?? "none")",
                "account": "\((context as? AppRequestContext)?.notes.signedIn?.name.username ?? "-")",
                "token": "\((context as? AppRequestContext)?.notes.apiToken ?? "-")",
                "status": "\(status)",
                "duration_ms": "\(String(format: "%.3f", milliseconds))",
            ])
    }

    /// Who sent the request (see above).
    func client(of request: Request, _ context: Context) -> String? {
        Self.client(of: request, peer: context.remoteAddress?.ipAddress, trustedProxies: trustedProxies)
    }

    /// The client of `request` arriving from `peer` (sign-in throttling counts by it too).
    static func client(of request: Request, peer: String?, trustedProxies: Set<String>) -> String? {
        guard let peer, trustedProxies.contains(peer) else { return peer }
        let forwarded = request.headers[values: .init("X-Forwarded-For")!]
            .flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return forwarded.last.flatMap { $0.isEmpty ? nil : $0 } ?? peer
    }
}
