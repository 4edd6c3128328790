import Hummingbird
import Logging
import NIOConcurrencyHelpers

/// `GET /healthz`, for load balancers and monitors: 200 `ok` when the store can read and write
/// (`OrdersStoreProtocol.checkHealth`), else 503, `text/plain` both. The reason for a 503 is logged
/// at error level (with the request id), never shown: the answer names no path or error.
///
/// One probe of the store at a time: a request that comes while a probe is under way waits for
/// that probe's answer instead of starting its own (the SQLite store's probe takes the one writer,
/// so sixteen monitors at once queued sixteen write transactions behind the clerks' placings). A
/// request that comes after a probe has answered starts a new one: no answer is kept for later.
final class HealthCheck: Sendable {
    /// Reads and writes the store once; throws when it cannot (`OrdersStoreProtocol.checkHealth`).
    typealias Probe = @Sendable () async throws(OrdersStoreError) -> Void

    private let check: Probe
    private let running = NIOLockedValueBox<Task<Result<Void, OrdersStoreError>, Never>?>(nil)

    init(check: @escaping Probe) {
        self.check = check
    }

    convenience init(store: any OrdersStoreProtocol) {
        self.init(check: { () async throws(OrdersStoreError) in try await store.checkHealth() })
    }

    func response(logger: Logger) async -> Response {
        switch await probe().value {
        case .success:
            return Self.plainText(.ok, "ok")
        case .failure(let error):
            logger.error("Health check failed: the store cannot read and write", metadata: ["error": "\(error)"])
            return Self.plainText(.serviceUnavailable, "unavailable")
        }
    }

    /// The probe under way, or a new one.
    func probe() -> Task<Result<Void, OrdersStoreError>, Never> {
        running.withLockedValue { running in
            if let task = running { return task }
            let check = self.check
            let task = Task { [running = self.running] () -> Result<Void, OrdersStoreError> in
                let result: Result<Void, OrdersStoreError>
                do throws(OrdersStoreError) {
                    try await check()
                    result = .success(())
                } catch {
                    result = .failure(error)
                }
                running.withLockedValue { $0 = nil }
                return result
            }
            running = task
            return task
        }
    }

    private static func plainText(_ status: HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
