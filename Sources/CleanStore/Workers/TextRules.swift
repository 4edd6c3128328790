import Foundation

/// The rules for what a clerk types that every form keeps, in one place: the order form's fields
/// (`OrderValidationWorker`), the free text of notes and cancellation reasons (`FreeTextRule`,
/// below), display names (`AccountsWorker.displayNameProblem`), and what the next forms add
/// (product names, customer fields). A text is bounded in bytes as well as characters, holds no
/// invisible formatting characters, and never a card number (`cardNumbers(in:)`, which the logs'
/// redaction, `LogText.safe`, calls too).
enum TextRules {
    /// What a text may hold in UTF-8 bytes, per character of its maximum: 4, the longest a single
    /// Unicode scalar takes. A character can be one letter and thousands of combining marks; this
    /// bounds what is stored (and shown on every page) whatever the character count says.
    static let maximumBytesPerCharacter = 4

    /// Whether `text` is longer than `maximum` characters, or than the bytes that many may take.
    static func isTooLong(_ text: String, maximum: Int) -> Bool {
        text.utf8.count > maximum * maximumBytesPerCharacter || text.count > maximum
    }

    /// An invisible formatting character (Unicode's "format" category): a text direction override or
    /// isolate, a zero-width space or joiner, a byte order mark, a soft hyphen, a tag (U+E0000…). It
    /// hides or reorders what a reader sees: no field a clerk types may hold one.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .format
    }

    /// Whether `text` holds an invisible formatting character (`isInvisible`), but for a joiner that
    /// a script or an emoji needs: a zero-width joiner between two emoji (👩‍👩‍👧), a zero-width
    /// non-joiner or joiner between two letters (or marks) of a script from Hebrew (U+0590) on, past
    /// Latin, Greek, Cyrillic and Armenian (the Persian می‌خواهم, a Devanagari half form). Anywhere
    /// else a joiner is refused too.
    static func containsInvisibleCharacters(_ text: String) -> Bool {
        guard text.unicodeScalars.contains(where: isInvisible) else { return false }
        let scalars = Array(text.unicodeScalars)
        return scalars.indices.contains { isRefusedInvisible(at: $0, in: scalars) }
    }

    /// `text` with each invisible character it may not hold (`containsInvisibleCharacters`) as
    /// `replacement`: a form shown back shows where they are, and carries none.
    static func showingInvisibleCharacters(_ text: String, as replacement: Unicode.Scalar) -> String {
        guard text.unicodeScalars.contains(where: isInvisible) else { return text }
        let scalars = Array(text.unicodeScalars)
        return String(String.UnicodeScalarView(scalars.indices.map { isRefusedInvisible(at: $0, in: scalars) ? replacement : scalars[$0] }))
    }

    private static func isRefusedInvisible(at index: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard isInvisible(scalars[index]) else { return false }
        guard index > 0, index + 1 < scalars.count else { return true }
        return !isNeededJoiner(scalars[index], between: scalars[index - 1], and: scalars[index + 1])
    }

    private static func isNeededJoiner(_ scalar: Unicode.Scalar, between before: Unicode.Scalar, and after: Unicode.Scalar) -> Bool {
        func isEmoji(_ scalar: Unicode.Scalar) -> Bool { !scalar.isASCII && scalar.properties.isEmoji }
        func isJoinedScriptLetter(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .otherLetter, .lowercaseLetter, .uppercaseLetter, .modifierLetter, .nonspacingMark, .spacingMark:
                scalar.value >= 0x0590
            default: false
            }
        }
        switch scalar {
        case "\u{200D}":
            return ((isEmoji(before) || before == "\u{FE0F}") && isEmoji(after)) || (isJoinedScriptLetter(before) && isJoinedScriptLetter(after))
        case "\u{200C}":
            return isJoinedScriptLetter(before) && isJoinedScriptLetter(after)
        default:
            return false
        }
    }

    /// Whether `text` holds a card number (`cardNumbers(in:)`): what every field a clerk types
    /// refuses, but the card number's own.
    static func containsCardNumber(_ text: String) -> Bool {
        !cardNumbers(in: text).isEmpty
    }

    /// Whether `text` holds a control character (C0, DEL, C1: Unicode's control category): what a
    /// one-line field (a name, a password) may not.
    static func containsControlCharacters(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    /// `text` with each card number in it (`cardNumbers(in:)`) replaced by `[card …1111]`, its last
    /// four digits: what a log line keeps of a card typed as a username or searched for.
    static func redactingCardNumbers(_ text: String) -> String {
        let found = cardNumbers(in: text)
        guard !found.isEmpty else { return text }
        // On the scalars: a digit may carry a combining mark, and a range between scalars is kept as is.
        var redacted = text.unicodeScalars
        for card in found.reversed() {
            redacted.replaceSubrange(card.range, with: "[card …\(card.lastFour)]".unicodeScalars)
        }
        return String(redacted)
    }
}

/// A card number found in a text: where it is, from its first digit to its last as typed, and its
/// last four digits.
struct CardNumberRun: Equatable, Sendable {
    var range: Range<String.Index>
    var lastFour: String
}

extension TextRules {
    /// The card numbers in `text`, the one card rule every field's check and the logs' redaction call.
    ///
    /// The text is read in its compatibility form (NFKC: fullwidth `４`, superscript `¹`, circled `①`
    /// are digits `4`, `1`, `1`; digits of other scripts count too), and a percent-escape (`%20`,
    /// `%EF%BC%94`) as the character it stands for, as a logged path or query carries them. Groups
    /// of digits are joined across any separators, however many (spaces, line breaks, `-` `+` `|`
    /// `=` `~` `^` `$` `‹` `°`, invisible characters…); a letter ends a run. In a run, each span of
    /// whole groups of 13 to 19 digits is a card number when it has a card brand's prefix and length
    /// (`CardBrandPrefixes`) and passes the Luhn check, so that an ordinary long number — a 20-digit
    /// parcel number, a reference like `INV-2026-000123456`, a phone number, a date — is not one.
    /// Spans do not overlap; the longest from each group is taken.
    static func cardNumbers(in text: String) -> [CardNumberRun] {
        var reader = RunReader()
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            if let escaped = percentEscapes(in: scalars, at: index) {
                for (scalar, range) in escaped.scalars { reader.read(scalar, typedAt: range) }
                index = escaped.end
            } else {
                let next = scalars.index(after: index)
                reader.read(scalars[index], typedAt: index..<next)
                index = next
            }
        }
        return reader.finished()
    }

    /// Reads a text scalar by scalar into runs of groups of digits, and finds the card numbers in each run.
    private struct RunReader {
        /// One digit of a run, and where it was typed.
        struct Digit {
            var value: UInt8
            var typedAt: Range<String.Index>
        }

        var found: [CardNumberRun] = []
        var run: [[Digit]] = []
        var inGroup = false

        mutating func read(_ typed: Unicode.Scalar, typedAt range: Range<String.Index>) {
            // A digit or a letter is read as it is: no letter's compatibility form holds a digit, and
            // a digit's is a digit of the same value (Unicode's data): Foundation is asked only about
            // the rest (superscripts, circled digits, fullwidth signs…).
            if let value = decimalValue(of: typed) {
                return digit(value, typedAt: range)
            } else if isLetter(typed) {
                return endRun()
            }
            for scalar in compatibilityForm(of: typed) {
                if let value = decimalValue(of: scalar) {
                    digit(value, typedAt: range)
                } else if isLetter(scalar) {
                    endRun()
                } else {
                    inGroup = false
                }
            }
        }

        private mutating func digit(_ value: UInt8, typedAt range: Range<String.Index>) {
            if !inGroup { run.append([]) }
            inGroup = true
            run[run.count - 1].append(Digit(value: value, typedAt: range))
        }

        mutating func finished() -> [CardNumberRun] {
            endRun()
            return found
        }

        private mutating func endRun() {
            var first = 0
            while first < run.count {
                var digits: [UInt8] = []
                var longest: (last: Int, digits: [UInt8])?
                for last in first..<run.count {
                    digits += run[last].map(\.value)
                    if digits.count > 19 { break }
                    if isCardNumber(digits) { longest = (last, digits) }
                }
                if let longest, let start = run[first].first?.typedAt.lowerBound, let end = run[longest.last].last?.typedAt.upperBound {
                    let lastFour = String(String.UnicodeScalarView(longest.digits.suffix(4).map { Unicode.Scalar($0 + 48) }))
                    found.append(CardNumberRun(range: start..<end, lastFour: lastFour))
                    first = longest.last + 1
                } else {
                    first += 1
                }
            }
            run = []
            inGroup = false
        }
    }

    /// 13 to 19 digits, with a card brand's prefix and one of its lengths, passing the Luhn check.
    static func isCardNumber(_ digits: [UInt8]) -> Bool {
        (13...19).contains(digits.count) && CardBrandPrefixes.matches(digits) && passesLuhnCheck(digits)
    }

    /// The Luhn checksum every card number carries in its last digit.
    static func passesLuhnCheck(_ digits: [UInt8]) -> Bool {
        var sum = 0
        for (index, digit) in digits.reversed().enumerated() {
            var value = Int(digit)
            if index % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return !digits.isEmpty && sum % 10 == 0
    }

    /// The characters a sequence of percent-escapes at `start` stands for (`%20` a space, `%EF%BC%94`
    /// a fullwidth 4), each with the escapes it was typed as, and where the sequence ends; nil when
    /// no escape starts there. Bytes that are no UTF-8 are read as U+FFFD. By hand: Foundation's
    /// `removingPercentEncoding` decodes a whole text, and says nowhere where each character was.
    private static func percentEscapes(
        in scalars: String.UnicodeScalarView, at start: String.Index
    ) -> (scalars: [(Unicode.Scalar, Range<String.Index>)], end: String.Index)? {
        var bytes: [UInt8] = []
        var bounds = [start]
        while let byte = escapedByte(in: scalars, at: bounds[bytes.count]) {
            bytes.append(byte)
            bounds.append(scalars.index(bounds[bytes.count - 1], offsetBy: 3))
        }
        guard !bytes.isEmpty else { return nil }
        var decoded: [(Unicode.Scalar, Range<String.Index>)] = []
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                decoded.append((Unicode.UTF8.decode(encoded), bounds[offset]..<bounds[offset + encoded.count]))
                offset += encoded.count
            case .error(let length):
                decoded.append(("\u{FFFD}", bounds[offset]..<bounds[offset + length]))
                offset += length
            case .emptyInput:
                return (decoded, bounds[bytes.count])
            }
        }
    }

    /// The byte `%4A` at `index` stands for, if one is there.
    private static func escapedByte(in scalars: String.UnicodeScalarView, at index: String.Index) -> UInt8? {
        guard index < scalars.endIndex, scalars[index] == "%" else { return nil }
        let high = scalars.index(after: index)
        guard high < scalars.endIndex, let highValue = hexValue(scalars[high]) else { return nil }
        let low = scalars.index(after: high)
        guard low < scalars.endIndex, let lowValue = hexValue(scalars[low]) else { return nil }
        return highValue << 4 | lowValue
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }

    /// A scalar in its compatibility form (NFKC, through Foundation): `①` is `1`, `⑩` is `10`, `＝` is
    /// `=`. Each scalar on its own, so that each digit read is known by where it was typed (no
    /// composition makes or unmakes a digit). ASCII is its own form: no call for it.
    private static func compatibilityForm(of scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        if scalar.isASCII { return [scalar] }
        return Array(String(scalar).precomposedStringWithCompatibilityMapping.unicodeScalars)
    }

    /// 0 to 9 for a decimal digit of any script (`٤` is 4), nil for anything else.
    private static func decimalValue(of scalar: Unicode.Scalar) -> UInt8? {
        if ("0"..."9").contains(scalar) { return UInt8(scalar.value - 48) }
        // Decimal digits of any script, and the digits Unicode gives a digit value that no
        // compatibility form folds (dingbat circled digits ❹ ➃ ➍, double-circled ⓸).
        guard let type = scalar.properties.numericType, type == .decimal || type == .digit,
            let value = scalar.properties.numericValue, value >= 0, value <= 9, value == value.rounded()
        else { return nil }
        return UInt8(value)
    }

    /// A letter of any script: what ends a run of digits (`1Z999AA…` is no card number).
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: true
        default: false
        }
    }
}

/// The prefixes (issuer identification numbers) and lengths of the card brands, from the table
/// in ISO/IEC 7812's registry as Wikipedia's "Payment card number" lists it. Written by hand: no
/// library in the package mirror knows card brands.
enum CardBrandPrefixes {
    /// A range of prefixes of the same number of digits (`51...55`), and the lengths its cards have.
    private struct Brand {
        var prefixes: ClosedRange<Int>
        var prefixDigits: Int
        var lengths: ClosedRange<Int>

        init(_ prefixes: ClosedRange<Int>, lengths: ClosedRange<Int>) {
            self.prefixes = prefixes
            self.prefixDigits = String(prefixes.lowerBound).count
            self.lengths = lengths
        }
    }

    private static let brands: [Brand] = [
        Brand(4...4, lengths: 13...13), Brand(4...4, lengths: 16...16), Brand(4...4, lengths: 19...19),  // Visa
        Brand(51...55, lengths: 16...16), Brand(2221...2720, lengths: 16...16),  // Mastercard
        Brand(34...34, lengths: 15...15), Brand(37...37, lengths: 15...15),  // American Express
        Brand(6011...6011, lengths: 16...19), Brand(644...649, lengths: 16...19), Brand(65...65, lengths: 16...19),  // Discover
        Brand(62...62, lengths: 16...19),  // UnionPay (Discover's 622126–622925 too)
        Brand(3528...3589, lengths: 16...19),  // JCB
        Brand(300...305, lengths: 14...19), Brand(36...36, lengths: 14...19), Brand(38...39, lengths: 14...19),  // Diners Club
        Brand(5018...5018, lengths: 13...19), Brand(5020...5020, lengths: 13...19), Brand(5038...5038, lengths: 13...19),
        Brand(5893...5893, lengths: 13...19), Brand(6304...6304, lengths: 13...19), Brand(6759...6759, lengths: 13...19),
        Brand(6761...6763, lengths: 13...19),  // Maestro
        Brand(2200...2204, lengths: 16...19),  // Mir
        Brand(60...60, lengths: 16...16), Brand(81...82, lengths: 16...16), Brand(508...508, lengths: 16...16),  // RuPay
        Brand(5019...5019, lengths: 16...16),  // Dankort
        Brand(636...636, lengths: 16...19),  // InterPayment
        Brand(9792...9792, lengths: 16...16),  // Troy
    ]

    /// Whether `digits` begin with a brand's prefix and are as long as that brand's cards.
    static func matches(_ digits: [UInt8]) -> Bool {
        brands.contains { brand in
            guard brand.lengths.contains(digits.count) else { return false }
            let prefix = digits.prefix(brand.prefixDigits).reduce(0) { $0 * 10 + Int($1) }
            return brand.prefixes.contains(prefix)
        }
    }
}

/// The rule for what a clerk writes in a box of free text that is kept as written (a note on an
/// order, the reason it was cancelled): trimmed, required, at most so many characters (and bytes),
/// no control characters but line breaks and tabs, never a card number (`TextRules.cardNumbers(in:)`,
/// a line break or a tab being one more separator), and no invisible formatting characters, as
/// the order form. Line breaks are kept as LF.
enum FreeTextRule {
    /// What is wrong with the text. Each scene's presenter turns it into its words.
    enum Problem: Error, Equatable, Sendable {
        /// Nothing but spaces and line breaks.
        case missing
        /// More than `maximum` characters (or more bytes than that many characters take).
        case tooLong(maximum: Int)
        /// A control character other than a line break or a tab.
        case controlCharacters
        /// A card number (`TextRules.cardNumbers(in:)`).
        case looksLikeCardNumber
        /// An invisible formatting character (`TextRules.isInvisible`): a direction override, a zero-width space…
        case invisibleCharacters
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
        if TextRules.containsCardNumber(text) { return .invalid(.looksLikeCardNumber) }
        if TextRules.containsInvisibleCharacters(text) { return .invalid(.invisibleCharacters) }
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
}
