import Foundation

/// The rule for what a clerk writes in a box of free text that is kept as written (a note on an
/// order, the reason it was cancelled): trimmed, required, at most so many characters (and bytes),
/// no control characters but line breaks and tabs, and never a card number — the order form's guard
/// (`OrderValidationWorker.containsCardNumberLikeRun`), with a line break or a tab between two groups
/// of digits read as the space it stands for. Line breaks are kept as LF.
enum FreeTextRule {
    /// What is wrong with the text. Each scene's presenter turns it into its words.
    enum Problem: Error, Equatable, Sendable {
        /// Nothing but spaces and line breaks.
        case missing
        /// More than `maximum` characters (or more bytes than that many characters take).
        case tooLong(maximum: Int)
        /// A control character other than a line break or a tab.
        case controlCharacters
        /// What looks like a card number (12 or more digits in a row).
        case looksLikeCardNumber
    }

    enum Checked: Equatable, Sendable {
        /// The text to keep: trimmed, every line break a line feed.
        case valid(String)
        case invalid(Problem)
    }

    static func check(_ typed: String, maximumLength: Int) -> Checked {
        let text = lineBreaksAsLineFeeds(typed).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty { return .invalid(.missing) }
        if text.count > maximumLength || text.utf8.count > maximumLength * OrderValidationWorker.maximumBytesPerCharacter {
            return .invalid(.tooLong(maximum: maximumLength))
        }
        if text.unicodeScalars.contains(where: isRefusedControlCharacter) { return .invalid(.controlCharacters) }
        if OrderValidationWorker.containsCardNumberLikeRun(lineBreaksAndTabsAsSpaces(text)) { return .invalid(.looksLikeCardNumber) }
        return .valid(text)
    }

    /// A browser sends a textarea's line breaks as CR LF: the text keeps them as LF (a lone CR too).
    static func lineBreaksAsLineFeeds(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
    }

    /// A control character free text may not hold: any but a line break (LF, CR) or a tab.
    static func isRefusedControlCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control && !["\n", "\r", "\t"].contains(scalar)
    }

    /// The card-number guard reads a line break or a tab between two groups of digits as the space it
    /// stands for (the order form refuses both, so its guard never meets them).
    private static func lineBreaksAndTabsAsSpaces(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { ["\n", "\r", "\t"].contains($0) ? " " : $0 }))
    }
}
