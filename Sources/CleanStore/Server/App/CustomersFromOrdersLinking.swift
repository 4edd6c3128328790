import Foundation
import Logging
import ServiceLifecycle

/// Makes customers of the orders keyed before customers came in, once (issue 27): batches of
/// `batchSize` orders (`CustomersStoreProtocol.linkOrders`, one short write transaction each, the
/// rules `CustomersFromOrders`'), one after the other until none is left; the store remembers how
/// far it went, so a restart goes on where it stopped and, once done, it never runs again. A
/// swift-service-lifecycle `Service` that `ServeCommand` runs beside the server, as
/// `DraftHousekeeping`: the server serves meanwhile (a request's write waits at most one batch:
/// 200 orders, so that the wait stays short).
/// It starts after `startDelay` (PostgreSQL's migrations have run by then); a batch that fails is
/// logged and tried again after `retryDelay`; it stops at once when the server shuts down.
public struct CustomersFromOrdersLinking: Service {
    public static let defaultBatchSize = 200

    let customers: any CustomersStoreProtocol
    let batchSize: Int
    let now: @Sendable () -> Date
    let startDelay: Duration
    let retryDelay: Duration
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void

    public init(
        customers: any CustomersStoreProtocol, batchSize: Int = defaultBatchSize, now: @escaping @Sendable () -> Date = { Date() },
        startDelay: Duration = .seconds(1), retryDelay: Duration = .seconds(60), logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.customers = customers
        self.batchSize = batchSize
        self.now = now
        self.startDelay = startDelay
        self.retryDelay = retryDelay
        self.logger = logger
        self.sleep = sleep
    }

    /// Batches after `startDelay`, again after `retryDelay` when one fails, until all are linked;
    /// then nothing more until the server stops (`PeriodicService`).
    public func run() async throws {
        try await PeriodicService(
            name: "Linking orders to customers", firstWait: startDelay, retryWait: retryDelay, logger: logger, sleep: sleep
        ) { _ in
            await linkAll() ? .done : .after(retryDelay)
        }.run()
    }

    /// Links batches until none is left (true) or one fails (false, logged). Returns early when
    /// the task is cancelled.
    func linkAll() async -> Bool {
        var linked = 0
        let started = ContinuousClock.now
        do {
            while !Task.isCancelled {
                let batch = try await customers.linkOrders(limit: batchSize, at: now())
                if batch == 0 { break }
                linked += batch
                logger.debug("Linked orders to customers", metadata: ["orders": "\(linked)"])
            }
        } catch {
            logger.error("Linking orders to customers failed", metadata: ["error": "\(error)", "orders": "\(linked)"])
            return false
        }
        if linked > 0 {
            logger.notice(
                "Made customers of the orders keyed before",
                metadata: ["orders": "\(linked)", "duration": "\(ContinuousClock.now - started)"])
        }
        return !Task.isCancelled
    }
}
