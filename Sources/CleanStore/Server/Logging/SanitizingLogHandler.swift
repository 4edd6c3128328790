import Logging

/// A log handler in front of another (the text one or `JSONLogHandler`) that makes every logged
/// value safe to write: a control character (a line break, an escape that drives a terminal,
/// NUL…) or a line or paragraph separator (U+2028, U+2029, which some viewers break lines at)
/// is written as its escape (`\n`, `\u{1B}`), in the message, in every metadata key and value
/// and in an error's description. A username typed at sign-in can then never forge a log line.
/// A card number in any of them (`TextRules.cardNumbers(in:)`, the rule every field a clerk types
/// keeps) is written as `[card …1111]`: a card typed as a username, or searched for, is never
/// logged whole. Written here because swift-log's handlers write values as they come.
public struct SanitizingLogHandler: LogHandler {
    private var wrapped: any LogHandler

    public init(_ wrapped: any LogHandler) {
        self.wrapped = wrapped
    }

    public var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    public var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = LogText.safe(newValue) }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: LogText.safe(key)] = newValue.map(LogText.safe) }
    }

    public func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: LogText.safe(event.message.description))
        var metadata = event.metadata.map(LogText.safe) ?? [:]
        if let error = event.error {
            // As swift-log's text handler names an error, made safe too.
            metadata["error.message"] = .string(LogText.safe("\(error)"))
            metadata["error.type"] = .string(LogText.safe(String(reflecting: type(of: error))))
            event.error = nil
        }
        event.metadata = metadata.isEmpty ? nil : metadata
        wrapped.log(event: event)
    }
}

/// Logged text made safe to write (see `SanitizingLogHandler`).
public enum LogText {
    /// `text` with each card number in it redacted (`TextRules.redactingCardNumbers`: `[card …1111]`)
    /// and every control character and line or paragraph separator escaped; `text` itself when it
    /// has neither (the usual case, checked byte by byte).
    public static func safe(_ text: String) -> String {
        let text = mayHoldCardNumber(text) ? redactingCardsInLongRuns(TextRules.redactingCardNumbers(text)) : text
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 >= 0xC2 }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where needsEscape(scalar): escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A log line is stricter than a field: the card rule lets a card number inside a longer run of
    /// digits pass (a 20-digit parcel number is no card number), but a log line masks any run of 14
    /// or more ASCII digits that holds one anywhere (`24111111111111111`, or `%2534` glued to it in
    /// a logged query), whole, as `[card …1111]`.
    static func redactingCardsInLongRuns(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            guard (0x30...0x39).contains(bytes[index]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            var end = index
            while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
            let run = bytes[index..<end].map { $0 - 0x30 }
            if let card = run.count >= 14 ? cardWindow(in: run) : nil {
                output += Array("[card …\(card.suffix(4).map(String.init).joined())]".utf8)
            } else {
                output += bytes[index..<end]
            }
            index = end
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The first 13-to-19-digit stretch of `run` that is a card number, if any.
    private static func cardWindow(in run: [UInt8]) -> [UInt8]? {
        for start in run.indices {
            for length in 13...19 where start + length <= run.count {
                let window = Array(run[start..<(start + length)])
                if TextRules.isCardNumber(window) { return window }
            }
        }
        return nil
    }

    static func safe(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text):
            return .string(safe(text))
        case .stringConvertible(let convertible):
            let description = convertible.description
            let safeDescription = safe(description)
            return safeDescription == description ? value : .string(safeDescription)
        case .array(let values):
            return .array(values.map(safe))
        case .dictionary(let values):
            return .dictionary(safe(values))
        }
    }

    static func safe(_ metadata: Logger.Metadata) -> Logger.Metadata {
        var safeMetadata = Logger.Metadata(minimumCapacity: metadata.count)
        for (key, value) in metadata {
            safeMetadata[safe(key)] = safe(value)
        }
        return safeMetadata
    }

    /// Whether a card number could be in `text`: 13 ASCII digits, a percent-escape or any non-ASCII
    /// byte (a digit of another script, a fullwidth one…). Most log values have none, and are not
    /// read further.
    static func mayHoldCardNumber(_ text: String) -> Bool {
        var digits = 0
        for byte in text.utf8 {
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return true }
            if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                digits += 1
                if digits >= 13 { return true }
            }
        }
        return false
    }

    /// A control character (C0, DEL, C1) or U+2028 / U+2029.
    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
    }
}
