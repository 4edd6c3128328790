import Foundation

/// Presentation formats shared by the presenters, in a fixed en_US locale:
/// short dates (`6/29/07`), currency (`$1.11`), names (`Amy Apple`), masked cards (`•••• 1111`).
final class OrderDisplayFormatter {
    private let dateFormatter: DateFormatter
    private let currencyFormatter: NumberFormatter

    init(timeZone: TimeZone) {
        let locale = Locale(identifier: "en_US")
        dateFormatter = DateFormatter()
        dateFormatter.locale = locale
        dateFormatter.timeZone = timeZone
        dateFormatter.dateStyle = .short
        dateFormatter.timeStyle = .none
        currencyFormatter = NumberFormatter()
        currencyFormatter.locale = locale
        currencyFormatter.numberStyle = .currency
    }

    func date(_ date: Date) -> String {
        dateFormatter.string(from: date)
    }

    func currency(_ amount: Decimal) -> String {
        currencyFormatter.string(from: amount as NSDecimalNumber) ?? "$\(amount)"
    }

    func name(_ order: Order) -> String {
        "\(order.firstName) \(order.lastName)"
    }

    /// A stored card number shown to its last four digits only.
    func maskedCardNumber(_ paymentMethod: PaymentMethod) -> String {
        "•••• \(paymentMethod.lastFourDigits)"
    }

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
