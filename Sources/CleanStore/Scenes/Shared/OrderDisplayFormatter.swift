import Foundation

/// Presentation formats shared by the presenters, in a fixed en_US locale, in the shop's time zone
/// (`--time-zone`): one date format for people across the app, GOV.UK style: `29 Jun 2007, 2:05pm`
/// in lists, `29 June 2007` (`at 2:05pm`) on pages; currency (`$1.11`), names (`Amy Apple`), masked
/// cards (`•••• 1111`).
///
/// Written out rather than through `DateFormatter` and `NumberFormatter`: those cost more to make
/// than a whole page costs to render, and every request has its own presenter. A test checks the
/// output against Foundation's en_US formatters.
struct OrderDisplayFormatter {
    private let calendar: Calendar

    init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// `25 Nov 2026`: a date in a list, where room is short (the month's first three letters).
    func shortDate(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = Self.monthNames[max(0, min(11, (parts.month ?? 1) - 1))].prefix(3)
        return "\(parts.day ?? 0) \(month) \(parts.year ?? 0)"
    }

    /// `25 Nov 2026, 2:05pm`: when something happened, in a list.
    func shortDateAndTime(_ date: Date) -> String {
        "\(shortDate(date)), \(clockTime(date))"
    }

    /// `2007-06-30`: the shop's day, as ISO 8601 writes it (a file's name).
    func machineDate(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// `23 November 2026`: a date as a person reads it (GOV.UK style: the day, the month in words, the
    /// year; no leading zero, no weekday). Pages use it; lists `shortDate(_:)`.
    func longDate(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = Self.monthNames[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(parts.day ?? 0) \(month) \(parts.year ?? 0)"
    }

    /// `2:05pm`, `2pm`, `midday`, `midnight`: a time as GOV.UK writes it (12-hour clock, no space
    /// before am or pm, no `:00`).
    func clockTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        switch (hour, minute) {
        case (0, 0): return "midnight"
        case (12, 0): return "midday"
        default:
            let clock = hour % 12 == 0 ? 12 : hour % 12
            return (minute == 0 ? "\(clock)" : String(format: "%d:%02d", clock, minute)) + (hour < 12 ? "am" : "pm")
        }
    }

    /// `23 November 2026 at 2:05pm`: when something happened, as a person reads it.
    func longDateAndTime(_ date: Date) -> String {
        "\(longDate(date)) at \(clockTime(date))"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    /// `2007-06-30T14:05:00+00:00`: the same moment for a `<time datetime>` (the shop's offset).
    func machineDateTime(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = calendar.timeZone.secondsFromGMT(for: date) / 60
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0,
            parts.minute ?? 0, parts.second ?? 0)
            + (offset < 0 ? "-" : "+") + String(format: "%02d:%02d", abs(offset) / 60, abs(offset) % 60)
    }

    /// Someone as pages name them: display name, then username (display names need not be unique).
    func accountName(_ name: AccountName) -> String {
        name.displayName == name.username ? name.username : "\(name.displayName) (\(name.username))"
    }

    /// `$1,234.56`, en_US's currency: rounded half-even to cents, grouped by thousands.
    func currency(_ amount: Decimal) -> String {
        var value = amount
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 2, .bankers)
        let negative = rounded < 0
        let magnitude = negative ? -rounded : rounded
        var dollars: String
        let cents: String
        if magnitude < Self.exactCentsLimit {
            // The cents as an integer (exact below the limit): Decimal's own text, cut at its
            // point, was five times slower and 5% of a list page's CPU.
            let allCents = NSDecimalNumber(decimal: magnitude * 100).int64Value
            dollars = String(allCents / 100)
            let remainder = allCents % 100
            cents = remainder < 10 ? "0\(remainder)" : String(remainder)
        } else {
            var text = "\(magnitude * 100)"
            if let point = text.firstIndex(of: ".") { text = String(text[..<point]) }
            dollars = String(text.dropLast(2))
            cents = String(text.suffix(2))
        }
        var grouped = ""
        while dollars.count > 3 {
            grouped = "," + dollars.suffix(3) + grouped
            dollars.removeLast(3)
        }
        return "\(negative ? "-" : "")$\(dollars)\(grouped).\(cents)"
    }

    /// Amounts below this many dollars have their cents counted in an `Int64` exactly.
    private static let exactCentsLimit = Decimal(1_000_000_000_000)

    /// What an order adds up to, as every page and the CSV show it: its stored totals; for an
    /// order keyed before lines were recorded (`Order.itemsRecorded` false), its shipping and
    /// nothing else (`OrderTotal.shippingCents`), whatever a store kept beside it.
    func totals(_ order: Order) -> OrderTotals {
        OrderTotal.totals(of: order)
    }

    /// `$1,234.50`: an order's total as pages show it (`OrderTotal.totalCents`, `Money.text(cents:)`).
    func total(_ order: Order) -> String {
        Money.text(cents: OrderTotal.totalCents(of: order))
    }

    /// "Tax (8.875% NY)": the tax's label, naming the rate it was computed with ("Tax" when none).
    func taxLabel(_ tax: AppliedTax?) -> String {
        guard let tax else { return "Tax" }
        return "Tax (\(tax.percentText) \(tax.region))"
    }

    func name(_ order: Order) -> String {
        "\(order.firstName) \(order.lastName)"
    }

    /// A stored card number shown to its last four digits only; `card unreadable` when the store
    /// could not read it (`PaymentMethod.isCardUnreadable`).
    func maskedCardNumber(_ paymentMethod: PaymentMethod) -> String {
        if paymentMethod.isCardErased { return PersonalDataErasure.erasedCardDigits }
        return paymentMethod.isCardUnreadable ? Self.unreadableCard : "•••• \(paymentMethod.lastFourDigits)"
    }

    /// A card's last four digits, as the CSV's column holds them; `card unreadable` when the store
    /// could not read it.
    func lastFourDigits(_ paymentMethod: PaymentMethod) -> String {
        if paymentMethod.isCardErased { return PersonalDataErasure.erasedCardDigits }
        return paymentMethod.isCardUnreadable ? Self.unreadableCard : paymentMethod.lastFourDigits
    }

    /// What pages and the CSV say of a card the store could not read.
    static let unreadableCard = "card unreadable"

    /// `MM/YY`, the way the form asks for it.
    func expirationDate(_ date: ExpirationDate) -> String {
        String(format: "%02d/%02d", date.month, date.year % 100)
    }

    /// An address as the lines of a label: street lines, then "City, ST 12345".
    func addressLines(_ address: Address) -> [String] {
        [address.street1, address.street2, "\(address.city), \(address.state) \(address.zip)"]
            .filter { !$0.isEmpty }
    }
}
