import Foundation

/// What a product's fields may hold, the same for the catalog's form and for an import
/// (`CatalogCSV`): a SKU, a name by the one free-text rule (`FreeTextRule`, on one line), a price
/// through `Money.cents(from:)` only, a count on hand.
enum ProductRules {
    static let maximumSKULength = 40
    static let maximumNameLength = 120
    /// The most a count on hand may be.
    static let maximumOnHand: Int64 = 9_999_999

    enum SKUProblem: Error, Equatable, Sendable {
        case missing
        case tooLong
        /// A character other than a letter A–Z, a digit, `-`, `_`, `.` or `/`.
        case characters
    }

    /// The SKU as stored (`Product.normalizedSKU`: trimmed, upper-cased), or what is wrong with it.
    /// ASCII only, so that every store sorts and compares SKUs alike.
    static func sku(_ typed: String) -> Result<String, SKUProblem> {
        let sku = Product.normalizedSKU(typed)
        if sku.isEmpty { return .failure(.missing) }
        if sku.count > maximumSKULength { return .failure(.tooLong) }
        let allowed: Set<Character> = ["-", "_", ".", "/"]
        guard sku.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || allowed.contains($0)) }) else {
            return .failure(.characters)
        }
        return .success(sku)
    }

    /// The name as kept, or what is wrong with it: the free-text rule, on one line.
    static func name(_ typed: String) -> FreeTextRule.Checked {
        if TextRules.containsControlCharacters(typed.trimmingCharacters(in: .whitespacesAndNewlines)) {
            return .invalid(.controlCharacters)
        }
        return FreeTextRule.check(typed, maximumLength: maximumNameLength)
    }

    /// A count on hand: digits only (`0` to `maximumOnHand`), surrounding spaces ignored.
    static func onHand(_ typed: String) -> Int64? {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 7, text.allSatisfy(\.isASCIIDigit), let value = Int64(text) else { return nil }
        return value <= maximumOnHand ? value : nil
    }

    /// What is wrong with a SKU, in words (lower case first: a CSV's problem follows its line
    /// number; the form capitalises it, `EditProductWorker`).
    static func message(_ problem: SKUProblem) -> String {
        switch problem {
        case .missing: "the SKU is missing"
        case .tooLong: "the SKU is longer than \(maximumSKULength) characters"
        case .characters: "the SKU may hold only letters A–Z, digits and - _ . /"
        }
    }

    /// What is wrong with a name, in words (as `message(_:)` for a SKU).
    static func message(_ problem: FreeTextRule.Problem) -> String {
        switch problem {
        case .missing: "the name is missing"
        case .tooLong(let maximum): "the name is longer than \(maximum) characters"
        case .controlCharacters: "the name holds a control character or a line break"
        case .looksLikeCardNumber: "the name holds what looks like a card number"
        case .invisibleCharacters: "the name holds an invisible formatting character"
        }
    }

    /// What a price must look like (`Money.cents(from:)`).
    static let priceExample = "an amount like 12.50 or 1,234.50"
    /// What a count on hand must be (`onHand(_:)`).
    static let onHandRange = "a whole number from 0 to \(maximumOnHand)"

    /// A yes-or-no of a CSV: `true`/`false`, `yes`/`no`, `1`/`0`, in any case.
    static func boolean(_ typed: String) -> Bool? {
        switch typed.trimmingCharacters(in: .whitespaces).lowercased() {
        case "true", "yes", "1": true
        case "false", "no", "0": false
        default: nil
        }
    }
}
