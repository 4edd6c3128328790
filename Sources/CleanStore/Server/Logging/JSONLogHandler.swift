import Foundation
import Logging

/// A swift-log handler that writes one JSON object a line (for log collectors): `time` (ISO 8601,
/// UTC, milliseconds), `level`, `message`, then every metadata key at the top level (the request
/// id, method, route, status, duration…). Written here because swift-log ships only a text
/// handler, and the mirror has no JSON one.
public struct JSONLogHandler: LogHandler {
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .info
    private let write: @Sendable (String) -> Void

    /// `write` receives each line, without its newline (standard output by default).
    public init(write: @escaping @Sendable (String) -> Void = JSONLogHandler.standardOutput) {
        self.write = write
    }

    @Sendable public static func standardOutput(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var object: [String: Any] = [:]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
            object[key] = Self.json(value)
        }
        object["time"] = Self.timestamp(Date())
        object["level"] = event.level.rawValue
        object["message"] = "\(event.message)"
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        write(String(decoding: data, as: UTF8.self))
    }

    private static func json(_ value: Logger.Metadata.Value) -> Any {
        switch value {
        case .string(let string): return string
        case .stringConvertible(let convertible): return "\(convertible)"
        case .array(let values): return values.map(json)
        case .dictionary(let values): return values.mapValues(json)
        }
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!))
    }
}
