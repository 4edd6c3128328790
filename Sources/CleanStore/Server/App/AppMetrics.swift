import Foundation
import Hummingbird
import Logging
import Metrics
import Prometheus

/// What the app counts and times, through swift-metrics (a no-op until `bootstrap()`), and the
/// Prometheus side: the registry and the separate listener that serves `/metrics`.
///
/// Requests by route pattern and status, and their latency, are Hummingbird's `MetricsMiddleware`
/// (`hb_requests`, `http_server_request_duration` (a histogram, seconds), labelled with the route's pattern,
/// never the raw path). The app's own: orders saved (`cleanstore_orders_total{event}`), 409
/// conflicts, validation refusals by field, CSRF refusals, store errors and store latency by
/// operation, open connections.
public enum AppMetrics {
    /// Installs the Prometheus factory for the whole process and returns its registry. Once per
    /// process (swift-metrics allows one bootstrap).
    public static func bootstrap() -> PrometheusCollectorRegistry {
        let registry = PrometheusCollectorRegistry()
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
        return registry
    }

    static func orderSaved(_ event: String) {
        Counter(label: "cleanstore_orders_total", dimensions: [("event", event)]).increment()
    }

    static func conflict() {
        Counter(label: "cleanstore_conflicts_total").increment()
    }

    static func validationRefused(field: String) {
        Counter(label: "cleanstore_validation_refusals_total", dimensions: [("field", field)]).increment()
    }

    static func csrfRefused() {
        Counter(label: "cleanstore_csrf_refusals_total").increment()
    }

    static func storeCall(_ operation: String, took duration: Duration, failed: Bool) {
        Timer(label: "cleanstore_store_duration_seconds", dimensions: [("operation", operation)]).record(duration: duration)
        if failed {
            Counter(label: "cleanstore_store_errors_total", dimensions: [("operation", operation)]).increment()
        }
    }

    /// Store calls under way: with PostgreSQL, the pool's connections this instance has in use
    /// (each call holds one for its length; PostgresNIO's pool publishes no count of its own).
    static func storeCallStarted() {
        Meter(label: "cleanstore_store_calls_in_flight").increment()
    }

    static func storeCallEnded() {
        Meter(label: "cleanstore_store_calls_in_flight").decrement()
    }

    static func openConnections(_ count: Int) {
        Gauge(label: "cleanstore_open_connections").record(count)
    }

    /// The listener that serves `GET /metrics` in Prometheus's text format: a server of its own,
    /// on an address of its own (loopback by default), never on the clerks' port.
    public static func application(
        registry: PrometheusCollectorRegistry, host: String, port: Int, logger: Logger
    ) -> some ApplicationProtocol {
        let router = Router()
        router.get("/metrics") { _, _ in
            var buffer: [UInt8] = []
            buffer.reserveCapacity(16 * 1024)
            registry.emit(into: &buffer)
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: buffer)))
        }
        return Application(
            router: router, configuration: .init(address: .hostname(host, port: port), serverName: "CleanStore metrics"),
            logger: logger)
    }
}
