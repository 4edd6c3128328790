import Foundation
import Logging
import ServiceLifecycle

/// The one loop of the server's background services (`SignInHousekeeping`, `DraftHousekeeping`,
/// `CustomersFromOrdersLinking`, `WebhookSender`): a wait, a round, and the wait the round asks
/// for next, until the server shuts down gracefully or the task is cancelled. The wait is the
/// injected `sleep` (`Task.sleep` in the server; tests move their clock instead), cut short by
/// `wake` when one is given and signalled. A round that throws is logged (`"<name> failed"`) and
/// the loop goes on after `retryWait`: the server goes on without it. A round that answers
/// `.done` ends the rounds, and the service waits for the server's shutdown (a service that
/// returned would end the service group).
public struct PeriodicService: Service {
    /// What a round asks for.
    public enum Next: Sendable, Equatable {
        /// The next round after this wait (or sooner, when `wake` is signalled meanwhile).
        case after(Duration)
        /// No more rounds.
        case done
    }

    /// What a round is told of the wait before it.
    public struct Waited: Sendable, Equatable {
        /// The wait asked for.
        public var wait: Duration
        /// Whether `wake` cut it short.
        public var woken: Bool
    }

    let name: String
    let firstWait: Duration
    let retryWait: Duration
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void
    let wake: PeriodicWake?
    let round: @Sendable (Waited) async throws -> Next

    /// - Parameters:
    ///   - name: How the log names the service (`"Draft housekeeping"`).
    ///   - firstWait: The wait before the first round (the database is migrated by then).
    ///   - retryWait: The wait after a round that threw.
    public init(
        name: String, firstWait: Duration, retryWait: Duration, logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }, wake: PeriodicWake? = nil,
        round: @escaping @Sendable (Waited) async throws -> Next
    ) {
        self.name = name
        self.firstWait = firstWait
        self.retryWait = retryWait
        self.logger = logger
        self.sleep = sleep
        self.wake = wake
        self.round = round
    }

    /// Rounds until graceful shutdown or cancellation (either ends it without an error).
    public func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                var wait = firstWait
                while true {
                    let woken = try await pause(wait)
                    let next: Next
                    do {
                        next = try await round(Waited(wait: wait, woken: woken))
                    } catch is CancellationError {
                        return
                    } catch {
                        logger.error("\(name) failed", metadata: ["error": "\(error)"])
                        next = .after(retryWait)
                    }
                    // Cancelled during a round (the server stopping): stop here, whatever `sleep`
                    // does with a cancelled task (a test's may return at once).
                    try Task.checkCancellation()
                    switch next {
                    case .after(let duration): wait = duration
                    case .done:
                        try await gracefulShutdown()
                        return
                    }
                }
            }
        } catch is CancellationError {
            return
        }
    }

    /// Waits `duration`, or until `wake` is signalled (true), whichever is first.
    private func pause(_ duration: Duration) async throws -> Bool {
        guard let wake else {
            try await sleep(duration)
            return false
        }
        let sleep = self.sleep
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                try await sleep(duration)
                return false
            }
            group.addTask {
                await wake.wait()
                try Task.checkCancellation()
                return true
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
    }
}

/// A signal that ends a `PeriodicService`'s wait at once: one signal wakes the one waiting, or the
/// next wait when no one waits (signals meanwhile are one). A hint only: the round still reads the
/// store.
public final class PeriodicWake: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private var waiter: CheckedContinuation<Void, Never>?

    public init() {}

    public func signal() {
        let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
            guard let waiter else {
                pending = true
                return nil
            }
            self.waiter = nil
            return waiter
        }
        resumed?.resume()
    }

    /// Returns once signalled (at once when a signal came since the last wait), or when the task
    /// is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = lock.withLock {
                    if pending {
                        pending = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            let resumed: CheckedContinuation<Void, Never>? = lock.withLock {
                defer { waiter = nil }
                return waiter
            }
            resumed?.resume()
        }
    }
}
