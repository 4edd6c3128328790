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
        let parts = clock(date)
        return "\(parts.day) \(Self.shortMonthNames[parts.month - 1]) \(parts.year)"
    }

    /// `25 Nov 2026, 2:05pm`: when something happened, in a list.
    func shortDateAndTime(_ date: Date) -> String {
        let parts = clock(date)
        return "\(parts.day) \(Self.shortMonthNames[parts.month - 1]) \(parts.year), \(Self.clockTime(parts))"
    }

    /// `2007-06-30`: the shop's day, as ISO 8601 writes it (a file's name).
    func machineDate(_ date: Date) -> String {
        let parts = clock(date)
        return "\(Self.fourDigits(parts.year))-\(Self.digitPairs[parts.month])-\(Self.digitPairs[parts.day])"
    }

    /// `23 November 2026`: a date as a person reads it (GOV.UK style: the day, the month in words, the
    /// year; no leading zero, no weekday). Pages use it; lists `shortDate(_:)`.
    func longDate(_ date: Date) -> String {
        let parts = clock(date)
        return "\(parts.day) \(Self.monthNames[parts.month - 1]) \(parts.year)"
    }

    /// `2:05pm`, `2pm`, `midday`, `midnight`: a time as GOV.UK writes it (12-hour clock, no space
    /// before am or pm, no `:00`).
    func clockTime(_ date: Date) -> String {
        Self.clockTime(clock(date))
    }

    private static func clockTime(_ parts: ClockParts) -> String {
        switch (parts.hour, parts.minute) {
        case (0, 0): return "midnight"
        case (12, 0): return "midday"
        default:
            let hour = parts.hour % 12 == 0 ? 12 : parts.hour % 12
            let suffix = parts.hour < 12 ? "am" : "pm"
            return parts.minute == 0 ? "\(hour)\(suffix)" : "\(hour):\(digitPairs[parts.minute])\(suffix)"
        }
    }

    /// `23 November 2026 at 2:05pm`: when something happened, as a person reads it.
    func longDateAndTime(_ date: Date) -> String {
        let parts = clock(date)
        return "\(parts.day) \(Self.monthNames[parts.month - 1]) \(parts.year) at \(Self.clockTime(parts))"
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]

    private static let shortMonthNames = monthNames.map { String($0.prefix(3)) }

    /// `2007-06-30T14:05:00+00:00`: the same moment for a `<time datetime>` (the shop's offset).
    func machineDateTime(_ date: Date) -> String {
        let parts = clock(date)
        let offset = abs(parts.offsetMinutes)
        return "\(Self.fourDigits(parts.year))-\(Self.digitPairs[parts.month])-\(Self.digitPairs[parts.day])"
            + "T\(Self.digitPairs[parts.hour]):\(Self.digitPairs[parts.minute]):\(Self.digitPairs[parts.second])"
            + "\(parts.offsetMinutes < 0 ? "-" : "+")\(Self.digitPairs[offset / 60 % 100]):\(Self.digitPairs[offset % 60])"
    }

    // MARK: The shop's wall clock

    /// A moment on the shop's wall clock.
    struct ClockParts: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        /// The shop's offset from UTC then, in minutes (`-300`: five hours behind).
        var offsetMinutes: Int
    }

    /// The moment's parts in the shop's time zone: its offset then from the time zone, the rest by
    /// integer arithmetic on the proleptic Gregorian calendar (`civil(fromDays:)`), which is what
    /// `Calendar.dateComponents` answers in these years but costs a tenth (it was, with
    /// `String(format:)`, a fifth of a list page's CPU). Outside 1900–9999 it asks the calendar.
    func clock(_ date: Date) -> ClockParts {
        let offsetSeconds = calendar.timeZone.secondsFromGMT(for: date)
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, seconds > Self.earliestArithmetic, seconds < Self.latestArithmetic else {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            return ClockParts(
                year: parts.year ?? 0, month: max(1, min(12, parts.month ?? 1)), day: parts.day ?? 0, hour: parts.hour ?? 0,
                minute: parts.minute ?? 0, second: parts.second ?? 0, offsetMinutes: offsetSeconds / 60)
        }
        let local = Int(seconds.rounded(.down)) + offsetSeconds
        let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
        let ofDay = local - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        return ClockParts(
            year: year, month: month, day: day, hour: ofDay / 3600, minute: ofDay % 3600 / 60, second: ofDay % 60,
            offsetMinutes: offsetSeconds / 60)
    }

    /// 1900-01-02 and 9999-12-30 UTC, in seconds since 1970: the years the arithmetic is used for.
    private static let earliestArithmetic: Double = -2_208_902_400
    private static let latestArithmetic: Double = 253_402_128_000

    /// The proleptic Gregorian date `days` days after 1970-01-01 (Howard Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// `05`, `12`: a number below 100 in two digits (`%02d`); others as `String` writes them.
    static func twoDigits(_ number: Int) -> String {
        (0..<100).contains(number) ? digitPairs[number] : String(number)
    }

    /// `00` … `99`: two digits, made once.
    static let digitPairs: [String] = (0..<100).map { $0 < 10 ? "0\($0)" : String($0) }

    /// `0042`, `2026`: a year in at least four digits, as ISO 8601 writes it.
    static func fourDigits(_ year: Int) -> String {
        guard year >= 0, year < 1000 else { return String(year) }
        return String(repeating: "0", count: 4 - String(year).count) + String(year)
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
        "\(Self.twoDigits(date.month))/\(Self.twoDigits(date.year % 100))"
    }

    /// An address as the lines of a label: street lines, then "City, ST 12345".
    func addressLines(_ address: Address) -> [String] {
        [address.street1, address.street2, "\(address.city), \(address.state) \(address.zip)"]
            .filter { !$0.isEmpty }
    }
}
