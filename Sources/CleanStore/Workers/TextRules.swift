import Foundation

/// The rules for what a clerk types that every form keeps, in one place: the order form's fields
/// (`OrderValidationWorker`) and the free text of notes and cancellation reasons (`FreeTextRule`,
/// below) are bounded in bytes as well as characters, and refuse what looks like a card number.
enum TextRules {
    /// What a text may hold in UTF-8 bytes, per character of its maximum: 4, the longest a single
    /// Unicode scalar takes. A character can be one letter and thousands of combining marks; this
    /// bounds what is stored (and shown on every page) whatever the character count says.
    static let maximumBytesPerCharacter = 4

    /// Whether `text` is longer than `maximum` characters, or than the bytes that many may take.
    static func isTooLong(_ text: String, maximum: Int) -> Bool {
        text.utf8.count > maximum * maximumBytesPerCharacter || text.count > maximum
    }

    /// 12 or more digits in a row: a card number typed into the wrong field. Digits of any script
    /// count (fullwidth `４１１１` too); up to three separators may stand between two digits — any
    /// space (a no-break space too) or punctuation (`-` `–` `.` `/` `,` …) — and invisible formatting
    /// characters (zero-width spaces and the like) are not seen at all.
    static func containsCardNumberLikeRun(_ text: String) -> Bool {
        var digits = 0
        var separators = 0
        for scalar in text.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .format {
                continue
            } else if properties.numericType == .decimal {
                digits += 1
                separators = 0
                if digits >= 12 { return true }
            } else if digits > 0 && separators < 3 && isSeparator(scalar) {
                separators += 1
            } else {
                digits = 0
                separators = 0
            }
        }
        return false
    }

    /// A space or a punctuation mark: what may split a card number's digits into groups.
    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .connectorPunctuation, .dashPunctuation, .otherPunctuation, .openPunctuation, .closePunctuation:
            return true
        default:
            return false
        }
    }
}

/// The rule for what a clerk writes in a box of free text that is kept as written (a note on an
/// order, the reason it was cancelled): trimmed, required, at most so many characters (and bytes),
/// no control characters but line breaks and tabs, and never a card number — the order form's guard
/// (`TextRules.containsCardNumberLikeRun`), with a line break or a tab between two groups
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
        if TextRules.isTooLong(text, maximum: maximumLength) {
            return .invalid(.tooLong(maximum: maximumLength))
        }
        if text.unicodeScalars.contains(where: isRefusedControlCharacter) { return .invalid(.controlCharacters) }
        if TextRules.containsCardNumberLikeRun(lineBreaksAndTabsAsSpaces(text)) { return .invalid(.looksLikeCardNumber) }
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
