/// A card payment. The number is kept as digits only; the expiry is a month.
/// The security code (CVV) is deliberately absent: it is never stored.
public struct PaymentMethod: Equatable, Sendable {
    public var creditCardNumber: String
    public var expirationDate: ExpirationDate
    /// The stored card number could not be read (its ciphertext was altered, or is under a key the
    /// store was not given): `creditCardNumber` is empty, pages say "card unreadable", and an
    /// update must give a new card (`OrderWrites.updated`). Only an SQL store reads one so
    /// (`OrderColumns.order(from:cards:logger:)`).
    public var isCardUnreadable: Bool
    /// The card was erased with its customer's personal data (`PersonalDataErasure`): no number is
    /// kept, pages show "••••"; like an unreadable card, an edit must give a new one.
    public var isCardErased: Bool = false
    /// The card as a list read that opens no card gives it (`OrdersPageRequest.opensCards` false):
    /// `creditCardNumber` is its last four digits only, as stored in clear beside the ciphertext;
    /// an unreadable ciphertext is not noticed (nothing is decrypted). For pages that show no card
    /// number; never one to save (`OrderWrites.updated` refuses it as it refuses an unreadable card).
    public var isLastFourOnly: Bool = false

    public init(creditCardNumber: String, expirationDate: ExpirationDate) {
        self.creditCardNumber = creditCardNumber
        self.expirationDate = expirationDate
        self.isCardUnreadable = false
    }

    /// A payment whose stored card number cannot be read: its expiry only.
    public static func unreadableCard(expirationDate: ExpirationDate) -> PaymentMethod {
        var payment = PaymentMethod(creditCardNumber: "", expirationDate: expirationDate)
        payment.isCardUnreadable = true
        return payment
    }

    /// A payment whose card was erased: its expiry only.
    public static func erasedCard(expirationDate: ExpirationDate) -> PaymentMethod {
        var payment = unreadableCard(expirationDate: expirationDate)
        payment.isCardErased = true
        return payment
    }

    /// This card as a list read that opens no card gives it (`isLastFourOnly`): its last four digits
    /// only; an erased or unreadable card stays as it is. The memory store lists so; the SQL stores
    /// read the same from their `card_last4` column (`OrderColumns.order(from:cards:logger:opensCard:)`).
    public var lastFourOnly: PaymentMethod {
        guard !isCardUnreadable else { return self }
        return .lastFourOnly(lastFourDigits, expirationDate: expirationDate)
    }

    /// A card of which only the last four digits were read (`isLastFourOnly`).
    public static func lastFourOnly(_ digits: String, expirationDate: ExpirationDate) -> PaymentMethod {
        var payment = PaymentMethod(creditCardNumber: digits, expirationDate: expirationDate)
        payment.isLastFourOnly = true
        return payment
    }

    /// The last four digits of the card number (fewer when the number is shorter; none when the
    /// card is unreadable).
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
