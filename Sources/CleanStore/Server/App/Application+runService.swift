import Hummingbird
import ServiceLifecycle

extension ApplicationProtocol {
    /// Runs until SIGTERM or SIGINT, like Hummingbird's `runService()`, with a deadline: the
    /// server stops accepting, finishes the requests in flight for up to `shutdownTimeout`, then
    /// cancels what is left (connections still sending a body are closed: their requests fail,
    /// nothing half-read is stored) and returns.
    /// `alsoRunning` (the metrics listener) runs beside it and stops with it.
    public func runService(shutdownTimeout: Duration, alsoRunning: [any Service] = []) async throws {
        var configuration = ServiceGroupConfiguration(
            services: [self] + alsoRunning, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
        configuration.maximumGracefulShutdownDuration = shutdownTimeout
        // The last resort, should something ignore cancellation: a crash rather than a process
        // that never ends.
        configuration.maximumCancellationDuration = .seconds(10)
        try await ServiceGroup(configuration: configuration).run()
    }
}
