import Foundation
import Logging

@testable import CleanStore

/// A log handler that keeps every line (message and metadata, as text), for tests that read logs.
final class LogCapture: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var text: String {
        lock.withLock { lines.joined(separator: "\n") }
    }

    func logger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "captured") { _ in Handler(capture: self) }
        logger.logLevel = level
        return logger
    }

    /// A logger whose lines are JSON objects (`JSONLogHandler`, as `--log-format json` writes them).
    func jsonLogger(level: Logger.Level = .trace) -> Logger {
        var logger = Logger(label: "captured") { _ in JSONLogHandler(write: { [self] line in self.append(line) }) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: String) {
        lock.withLock { lines.append(line) }
    }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            capture.append("\(event.level) \(event.message) \(all.map { "\($0)=\($1)" }.sorted().joined(separator: " "))")
        }
    }
}
