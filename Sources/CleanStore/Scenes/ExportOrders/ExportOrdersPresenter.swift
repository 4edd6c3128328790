import Foundation

protocol ExportOrdersPresentationLogic: AnyObject {
    func presentExport(response: ExportOrders.Export.Response)
}

/// An order as a spreadsheet row: dates in ISO 8601 with the shop's offset, totals as plain
/// numbers, each field in its own column; the card by its last four digits only (never the number,
/// the expiry or the code).
final class ExportOrdersPresenter: ExportOrdersPresentationLogic {
    weak var viewController: ExportOrdersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    static let header = [
        "Order", "Date", "Status", "First name", "Last name", "Email", "Phone",
        "Shipping street", "Shipping street line 2", "Shipping city", "Shipping state", "Shipping ZIP", "Shipping method",
        "Billing street", "Billing street line 2", "Billing city", "Billing state", "Billing ZIP",
        "Card last four digits", "Total", "Created by", "Cancellation reason",
    ]

    // MARK: Export orders

    func presentExport(response: ExportOrders.Export.Response) {
        switch response {
        case .export(let batches, let at):
            let formatter = formatter
            let viewModel = ExportOrders.Export.ViewModel(
                filename: "orders-\(formatter.machineDate(at)).csv", header: Self.header,
                rows: batches.map { orders in orders.map { Self.row($0, formatter: formatter) } })
            viewController?.displayExport(viewModel: viewModel)
        case .storeUnavailable:
            viewController?.displayStoreUnavailable()
        }
    }

    static func row(_ order: Order, formatter: OrderDisplayFormatter) -> [String] {
        let shipping = order.shipmentAddress
        let billing = order.billingAddress
        return [
            order.id ?? "", formatter.machineDateTime(order.date), order.status.toString(), order.firstName, order.lastName, order.email, order.phone,
            shipping.street1, shipping.street2, shipping.city, shipping.state, shipping.zip, order.shipmentMethod.toString(),
            billing.street1, billing.street2, billing.city, billing.state, billing.zip,
            formatter.lastFourDigits(order.paymentMethod), plainAmount(order.total), order.createdBy?.username ?? "",
            order.cancellationReason ?? "",
        ]
    }

    /// `1234.50`: a total as a spreadsheet reads a number (no currency sign, no grouping).
    static func plainAmount(_ amount: Decimal) -> String {
        let cents = OrderSearch.cents(amount)
        let whole = abs(cents) / 100
        let part = abs(cents) % 100
        return (cents < 0 ? "-" : "") + "\(whole)." + (part < 10 ? "0" : "") + "\(part)"
    }
}
