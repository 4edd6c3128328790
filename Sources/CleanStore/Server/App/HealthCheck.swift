import Hummingbird
import Logging

/// `GET /healthz`, for load balancers and monitors: 200 `ok` when the store can read and write
/// (`OrdersStoreProtocol.checkHealth`), else 503, `text/plain` both. The reason for a 503 is logged
/// at error level (with the request id), never shown: the answer names no path or error.
enum HealthCheck {
    static func response(store: any OrdersStoreProtocol, logger: Logger) async -> Response {
        do {
            try await store.checkHealth()
            return plainText(.ok, "ok")
        } catch {
            logger.error("Health check failed: the store cannot read and write", metadata: ["error": "\(error)"])
            return plainText(.serviceUnavailable, "unavailable")
        }
    }

    private static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
