import Foundation
import Logging
import ServiceLifecycle

/// Removes the drafts no one has changed for `--draft-days` (14 by default): an order abandoned
/// on the phone is not kept for ever (issue 26). Every `interval`, deletes the drafts last
/// changed before `now() - days`. A swift-service-lifecycle `Service` that `ServeCommand` runs
/// beside the server, as `SignInHousekeeping`; it stops at once when the server shuts down
/// gracefully. With several instances each one purges: the delete is idempotent.
public struct DraftHousekeeping: Service {
    let drafts: any DraftsStoreProtocol
    let days: Int
    let now: @Sendable () -> Date
    let interval: Duration
    let logger: Logger
    /// Waits `interval` between rounds (`Task.sleep`; tests move their clock instead).
    let sleep: @Sendable (Duration) async throws -> Void

    public static let defaultDays = 14

    public init(
        drafts: any DraftsStoreProtocol, days: Int = DraftHousekeeping.defaultDays, now: @escaping @Sendable () -> Date = { Date() },
        interval: Duration = .seconds(60 * 60), logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.drafts = drafts
        self.days = days
        self.now = now
        self.interval = interval
        self.logger = logger
        self.sleep = sleep
    }

    /// A round every `interval` (the first after one: the database is migrated by then), until
    /// graceful shutdown or cancellation (`PeriodicService`).
    public func run() async throws {
        try await PeriodicService(name: "Draft housekeeping", firstWait: interval, retryWait: interval, logger: logger, sleep: sleep) { _ in
            await purge()
            return .after(interval)
        }.run()
    }

    /// The moment before which a draft last changed is removed, at `time`.
    func cutoff(at time: Date) -> Date {
        time.addingTimeInterval(-Double(days) * 24 * 60 * 60)
    }

    /// One round, at `now()`. A store that fails is logged and tried again next round.
    func purge() async {
        do {
            let removed = try await drafts.deleteDrafts(changedBefore: cutoff(at: now()))
            if removed > 0 {
                logger.info("Removed old drafts", metadata: ["drafts": "\(removed)", "days": "\(days)"])
            }
        } catch {
            logger.error("Draft housekeeping failed", metadata: ["error": "\(error)"])
        }
    }
}
