import Foundation

/// Money as people type and read it. Money is integer cents (`Int64`) in every table, column and
/// computation; this is the one place text becomes cents and cents become text.
///
/// Hand-written: Foundation's `Decimal(string:)` and number formatters accept far more than the
/// one format a clerk is asked for (exponents, locales' separators, a misplaced comma), and the
/// answer must be cents with no rounding, so the grammar is parsed here, strictly.
public enum Money {
    /// The largest amount a person may type: $9,999,999.99 (a price or a typed line price).
    public static let largestTypedCents: Int64 = 999_999_999

    /// Cents from text in the one format a clerk types: digits, optionally grouped by commas in
    /// threes (`1,234.50`), optionally one or two decimals (`12`, `12.5`, `12.50`), optionally a
    /// leading `$`, surrounding spaces ignored. Anything else (`12.505`, `1,23`, `-3`, `1e3`,
    /// `12.`, `.5`, an amount above `largestTypedCents`) is nil: a field error, never a guess.
    public static func cents(from text: String) -> Int64? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.first == "$" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return nil }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if groups.count > 1 {
            guard groups[0].count <= 3, groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        let digits = groups.joined()
        guard digits.count <= 10, let dollars = Int64(digits) else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let decimals = parts[1]
            guard (1...2).contains(decimals.count), decimals.allSatisfy(\.isASCIIDigit), let value = Int64(decimals) else {
                return nil
            }
            fraction = decimals.count == 1 ? value * 10 : value
        }
        let cents = dollars * 100 + fraction
        return cents <= largestTypedCents ? cents : nil
    }

    /// `$1,234.50`, `-$0.86`: US dollars as a clerk reads them, grouped by commas.
    public static func text(cents: Int64) -> String {
        written(cents: cents, grouped: true)
    }

    /// `1234.50`: cents as a CSV or a form field holds them (no `$`, no grouping).
    public static func plainText(cents: Int64) -> String {
        written(cents: cents, grouped: false)
    }

    /// The digits written from the last, into a buffer on the stack, and made a string once: a
    /// list page writes a hundred amounts, and building them a `Character` and a string at a time
    /// was a measurable part of it (issue 31). Every `Int64` fits: 17 digits of dollars, 5 commas,
    /// the point, 2 digits of cents, `$` and `-`.
    private static func written(cents: Int64, grouped: Bool) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var index = buffer.count
            func put(_ byte: UInt8) {
                index -= 1
                buffer[index] = byte
            }
            var rest = cents.magnitude
            let fraction = rest % 100
            rest /= 100
            put(UInt8(ascii: "0") + UInt8(fraction % 10))
            put(UInt8(ascii: "0") + UInt8(fraction / 10))
            put(UInt8(ascii: "."))
            var digits = 0
            repeat {
                if grouped, digits > 0, digits % 3 == 0 { put(UInt8(ascii: ",")) }
                put(UInt8(ascii: "0") + UInt8(rest % 10))
                rest /= 10
                digits += 1
            } while rest > 0
            if grouped { put(UInt8(ascii: "$")) }
            if cents < 0 { put(UInt8(ascii: "-")) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[index...]), as: UTF8.self)
        }
    }
}
