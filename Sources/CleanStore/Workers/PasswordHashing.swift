import Foundation
import NIOConcurrencyHelpers
import NIOPosix

/// Why a password could not be hashed or checked.
public enum PasswordHashingError: Error, Equatable, Sendable {
    /// As many hashes as the queue holds are waiting already: try again in `retryAfterSeconds`.
    case busy(retryAfterSeconds: Int)
    /// The threads are shut down (the process is stopping).
    case shutDown

    /// The seconds to say in `Retry-After` when busy.
    public var retryAfterSeconds: Int? {
        if case .busy(let seconds) = self { return seconds }
        return nil
    }
}

/// Where bcrypt runs: threads of its own, and a bounded queue (issue 25, bug 2). On NIO's shared
/// pool (`NIOThreadPool.singleton`, the one Hummingbird's file middleware reads static files on), 40
/// sign-ins at once made `/css/app.css` wait 6 to 26 seconds; here a burst of sign-ins waits only
/// for these threads, fewer than the cores, so that pages and static files keep a core; and once
/// `queueLimit` hashes are waiting, more are refused at once (`busy`: the page is a 503 with
/// `Retry-After`) rather than queued for longer than anyone waits.
///
/// The threads are NIO's `NIOThreadPool` (a pool of our own, not the shared one); the bound is
/// counted here, because `NIOThreadPool`'s queue has none.
public final class PasswordHashing: Sendable {
    /// The process's: half the cores (at least one), and 32 hashes waiting at most (bcrypt at cost
    /// 12 takes about a quarter of a second: some seconds of waiting, at worst, per thread).
    /// Never shut down (a static lives as long as the process).
    public static let shared = PasswordHashing(
        threads: max(1, ProcessInfo.processInfo.activeProcessorCount / 2), queueLimit: 32, retryAfterSeconds: 5)

    public let threads: Int
    public let queueLimit: Int
    public let retryAfterSeconds: Int
    private let pool: NIOThreadPool
    private let state = NIOLockedValueBox(State())

    private struct State {
        /// Hashes running or waiting.
        var admitted = 0
        /// Who waits for `admitted` to reach a count (`waitUntilAdmitted`).
        var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes out the watchers whose count `admitted` has reached.
        mutating func reached() -> [CheckedContinuation<Void, Never>] {
            let count = admitted
            let reached = watchers.filter { $0.count <= count }.map(\.continuation)
            watchers.removeAll { $0.count <= count }
            return reached
        }
    }

    /// Starts `threads` threads; at most `queueLimit` hashes wait for them. One made here (not
    /// `shared`) must be shut down (`shutDown()`).
    public init(threads: Int, queueLimit: Int, retryAfterSeconds: Int = 5) {
        precondition(threads >= 1 && queueLimit >= 0)
        self.threads = threads
        self.queueLimit = queueLimit
        self.retryAfterSeconds = retryAfterSeconds
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    /// Hashes running or waiting now.
    public var admitted: Int { state.withLockedValue { $0.admitted } }

    /// Runs `body` on these threads once one is free; `busy` at once when the queue is full.
    public func run<T: Sendable>(_ body: @escaping @Sendable () -> T) async throws(PasswordHashingError) -> T {
        let capacity = threads + queueLimit
        let watchers = state.withLockedValue { state -> [CheckedContinuation<Void, Never>]? in
            guard state.admitted < capacity else { return nil }
            state.admitted += 1
            return state.reached()
        }
        guard let watchers else { throw .busy(retryAfterSeconds: retryAfterSeconds) }
        watchers.forEach { $0.resume() }
        defer {
            state.withLockedValue { $0.admitted -= 1 }
        }
        do {
            return try await pool.runIfActive(body)
        } catch {
            throw .shutDown
        }
    }

    /// Returns once `count` hashes are running or waiting: a test sees a burst queued without
    /// polling or sleeping.
    public func waitUntilAdmitted(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLockedValue { state -> Bool in
                if state.admitted >= count { return true }
                state.watchers.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Stops the threads (after what they were given).
    public func shutDown() async throws {
        try await pool.shutdownGracefully()
    }
}
