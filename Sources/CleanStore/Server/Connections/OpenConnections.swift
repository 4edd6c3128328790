import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// The connections the server holds open, at most `limit` of them; `ConnectionLimitsHandler`
/// registers each one here.
///
/// Hummingbird's own cap (`MaximumAvailableConnections`) stops accepting at its limit: new
/// clients then wait in the kernel's accept queue behind every idle connection ahead of them,
/// for as long as those stay open. Here a new connection over the limit instead closes the
/// connection that has waited longest for a request (a keep-alive connection between requests,
/// or one whose request head has not come in full: what a client holding connections open
/// leaves), so a new client is served at once; when every connection has a request in
/// progress, the new one is refused with a 503. Hummingbird's cap is still set, a little
/// above this one, so that the server never accepts more sockets than it has descriptors for.
final class OpenConnections: Sendable {
    /// What becomes of a new connection.
    enum Admission: Equatable {
        case admitted
        /// Every connection open has a request in progress.
        case refused
    }

    private enum State: Equatable {
        case waiting(since: NIODeadline)
        case busy
        case closing
    }

    private struct Entry {
        var state: State
        /// Closes the connection if it is still waiting for a request (on its event loop).
        let evict: @Sendable () -> Void
    }

    private struct Registry {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// Entries being closed: they no longer count against the limit.
        var closing = 0

        var open: Int { entries.count - closing }

        mutating func set(_ id: ObjectIdentifier, to state: State) {
            guard let old = entries[id]?.state else { return }
            closing += (state == .closing ? 1 : 0) - (old == .closing ? 1 : 0)
            entries[id]?.state = state
        }

        mutating func remove(_ id: ObjectIdentifier) {
            if entries.removeValue(forKey: id)?.state == .closing { closing -= 1 }
        }

        /// The connection that has waited longest for a request.
        var longestWaiting: ObjectIdentifier? {
            entries.compactMap { id, entry -> (id: ObjectIdentifier, since: NIODeadline)? in
                guard case .waiting(let since) = entry.state else { return nil }
                return (id, since)
            }.min { $0.since < $1.since }?.id
        }
    }

    let limit: Int
    private let registry = NIOLockedValueBox(Registry())

    init(limit: Int) {
        precondition(limit > 0)
        self.limit = limit
    }

    /// The connections open and not being closed.
    var count: Int { registry.withLockedValue(\.open) }

    /// Registers a new connection, waiting for its first request; over the limit, evicts the
    /// connection that has waited longest, or refuses the new one when none is waiting.
    func admit(_ id: ObjectIdentifier, evict: @escaping @Sendable () -> Void) -> Admission {
        var victim: (@Sendable () -> Void)?
        let admission: Admission = registry.withLockedValue { registry in
            if registry.open >= limit {
                guard let oldest = registry.longestWaiting else { return .refused }
                registry.set(oldest, to: .closing)
                victim = registry.entries[oldest]?.evict
            }
            registry.entries[id] = Entry(state: .waiting(since: .now()), evict: evict)
            return .admitted
        }
        AppMetrics.openConnections(count)
        victim?()
        return admission
    }

    /// The connection has a request in progress (so it is never evicted).
    func setBusy(_ id: ObjectIdentifier) {
        registry.withLockedValue { $0.set(id, to: .busy) }
    }

    /// The connection has answered its requests and waits for the next one.
    func setWaiting(_ id: ObjectIdentifier) {
        registry.withLockedValue { registry in
            if registry.entries[id]?.state == .busy { registry.set(id, to: .waiting(since: .now())) }
        }
    }

    func remove(_ id: ObjectIdentifier) {
        registry.withLockedValue { $0.remove(id) }
        AppMetrics.openConnections(count)
    }
}

extension OpenConnections {
    /// Descriptors kept for everything but client connections: the database and its journal,
    /// the event loops, the listening socket, logs, and Hummingbird's margin above `limit`.
    static let reservedDescriptors = 80
    /// How many more connections than `limit` Hummingbird's cap lets in: room for connections
    /// being refused or evicted, and for a batch of accepts (NIO accepts up to 4 at a time).
    static let acceptMargin = 16

    /// The most connections the process's file limit allows (`RLIMIT_NOFILE`), at least 1.
    static func maximum(fileLimit: Int = currentFileLimit()) -> Int {
        max(1, fileLimit - reservedDescriptors)
    }

    /// The soft limit on open files of this process.
    static func currentFileLimit() -> Int {
        var limit = rlimit()
        #if os(Linux)
        let status = getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit)
        #else
        let status = getrlimit(RLIMIT_NOFILE, &limit)
        #endif
        guard status == 0 else { return Int(Int32.max) }
        return Int(clamping: limit.rlim_cur)
    }
}

extension AppConfiguration {
    /// `maxConnections`, or what the file limit allows when unset or above it.
    func connectionLimit(logger: Logger) -> Int {
        let fileLimit = OpenConnections.currentFileLimit()
        let maximum = OpenConnections.maximum(fileLimit: fileLimit)
        guard let maxConnections else {
            if maximum < 100 {
                logger.warning("The file limit (\(fileLimit)) allows only \(maximum) connections: raise it with ulimit -n")
            }
            return maximum
        }
        if maxConnections > maximum {
            logger.warning(
                "--max-connections \(maxConnections) is more than the file limit (\(fileLimit)) allows: using \(maximum) (raise it with ulimit -n)")
        }
        return max(1, min(maxConnections, maximum))
    }
}
