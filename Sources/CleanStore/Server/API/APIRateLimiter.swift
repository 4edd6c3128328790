import Foundation
import NIOConcurrencyHelpers

/// A per-token limit of requests per minute, in this instance's memory: behind N instances a token
/// gets N times the limit (the load balancer spreads its requests). Fixed one-minute windows, one
/// per token, started by its first request; a window's count past the limit is refused with the
/// seconds until it ends (`Retry-After`). Windows of tokens unused for a minute are forgotten as
/// others are counted, so memory stays at the tokens in use.
public final class APIRateLimiter: Sendable {
    public let limit: Int
    let window: TimeInterval
    private let windows = NIOLockedValueBox([String: (start: Date, count: Int)]())

    public init(limit: Int, window: TimeInterval = 60) {
        self.limit = limit
        self.window = window
    }

    /// Counts a request of the token `prefix` at `now`: nil when it may go on, else the whole
    /// seconds until it may try again (at least 1).
    func refusal(for prefix: String, at now: Date) -> Int? {
        windows.withLockedValue { windows in
            if windows.count > 10_000 {
                windows = windows.filter { now.timeIntervalSince($0.value.start) < window }
            }
            var current = windows[prefix] ?? (start: now, count: 0)
            if now.timeIntervalSince(current.start) >= window { current = (start: now, count: 0) }
            current.count += 1
            windows[prefix] = current
            guard current.count > limit else { return nil }
            return max(1, Int((window - now.timeIntervalSince(current.start)).rounded(.up)))
        }
    }
}
