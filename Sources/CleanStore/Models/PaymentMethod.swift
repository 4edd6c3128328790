/// A card payment. The number is kept as digits only; the expiry is a month.
/// The security code (CVV) is deliberately absent: it is never stored.
public struct PaymentMethod: Equatable, Sendable {
    public var creditCardNumber: String
    public var expirationDate: ExpirationDate

    public init(creditCardNumber: String, expirationDate: ExpirationDate) {
        self.creditCardNumber = creditCardNumber
        self.expirationDate = expirationDate
    }

    /// The last four digits of the card number (fewer when the number is shorter).
    public var lastFourDigits: String {
        String(creditCardNumber.suffix(4))
    }
}

/// A card's expiry: a calendar month. The card is good until the end of that month.
public struct ExpirationDate: Equatable, Comparable, Sendable {
    public var year: Int
    public var month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public static func < (lhs: ExpirationDate, rhs: ExpirationDate) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}
