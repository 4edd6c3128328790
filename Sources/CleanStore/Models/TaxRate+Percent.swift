import Foundation

extension TaxRate {
    /// The rate in ppm from a percentage as people type it, `8.875` or `8.875%` (→ 88,750): digits,
    /// optionally `.` and 1–4 decimals (a ppm is 0.0001 %), at most 100; surrounding spaces ignored.
    /// Parsed by hand from the text, never through `Double` (8.875 must be exactly 88,750; a binary
    /// fraction is not). Anything else (`-1`, `8.87501`, `1e1`, `8,875`, `.5`, `8.`) is nil.
    public static func ppm(fromPercent text: String) -> Int64? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.last == "%" { rest = rest.dropLast() }
        let parts = rest.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, (1...3).contains(whole.count), whole.allSatisfy(\.isASCIIDigit), let percent = Int64(whole) else {
            return nil
        }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let decimals = parts[1]
            guard (1...4).contains(decimals.count), decimals.allSatisfy(\.isASCIIDigit), let value = Int64(decimals) else { return nil }
            fraction = value * [1_000, 100, 10, 1][decimals.count - 1]
        }
        let ppm = percent * 10_000 + fraction
        return ppm <= 1_000_000 ? ppm : nil
    }
}
