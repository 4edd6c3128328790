import Foundation
import Logging
import ServiceLifecycle

/// Keeps the sign-in tables from only growing: every `interval`, deletes the failed sign-ins older
/// than the throttle's window (they count for nothing any more) and the sessions that have ended
/// (those whose browsers never came back to find them ended). A swift-service-lifecycle `Service`
/// that `ServeCommand` runs beside the server (`runService(shutdownTimeout:alsoRunning:)`); it
/// stops at once when the server shuts down gracefully. With several instances each one purges:
/// the deletes are idempotent.
public struct SignInHousekeeping: Service {
    let signIn: SignInServices
    let now: @Sendable () -> Date
    let interval: Duration
    let logger: Logger
    /// Waits `interval` between rounds (`Task.sleep`; tests move their clock instead).
    let sleep: @Sendable (Duration) async throws -> Void

    public init(
        signIn: SignInServices, now: @escaping @Sendable () -> Date = { Date() }, interval: Duration = .seconds(10 * 60), logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.signIn = signIn
        self.now = now
        self.interval = interval
        self.logger = logger
        self.sleep = sleep
    }

    /// A round every `interval` (the first after one: the database is migrated by then), until
    /// graceful shutdown or cancellation (`PeriodicService`).
    public func run() async throws {
        try await PeriodicService(name: "Sign-in housekeeping", firstWait: interval, retryWait: interval, logger: logger, sleep: sleep) { _ in
            await purge()
            return .after(interval)
        }.run()
    }

    /// One round, at `now()`. A store that fails is logged and tried again next round: the server
    /// goes on without it.
    func purge() async {
        let time = now()
        // Each table on its own: one that cannot be purged leaves the other purged.
        do {
            try await signIn.attempts.deleteFailures(before: signIn.throttle.since(time))
        } catch {
            logger.error("Sign-in housekeeping failed", metadata: ["table": "sign_in_failures", "error": "\(error)"])
        }
        do {
            let ended = try await signIn.sessions.deleteEndedSessions(at: time, timeouts: signIn.timeouts)
            if ended > 0 {
                logger.info("Deleted ended sessions", metadata: ["sessions": "\(ended)"])
            }
        } catch {
            logger.error("Sign-in housekeeping failed", metadata: ["table": "sessions", "error": "\(error)"])
        }
    }
}
