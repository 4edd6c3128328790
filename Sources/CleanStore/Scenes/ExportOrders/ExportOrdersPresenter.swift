import Foundation

protocol ExportOrdersPresentationLogic: AnyObject {
    func presentExport(response: ExportOrders.Export.Response)
}

/// An order as a spreadsheet row: dates in ISO 8601 with the shop's offset, totals as plain
/// numbers (`Money.plainText(cents:)`), each field in its own column; the card by its last four
/// digits only (never the number, the expiry or the code).
///
/// The columns of the goods' money are appended after the older ones, which keep their names
/// and positions for the scripts that read them: `Total` is still the 20th column, now the
/// order's real total (lines, shipping and tax: `OrderTotals.totalCents`; for an order keyed
/// before lines, its shipping, as it always was). `Subtotal`, `Shipping`, `Tax` and `Items` (the
/// quantities added up) follow at the end; an order whose items were not recorded has
/// `Subtotal` and `Items` empty (not known, rather than 0) and its tax 0.00. A shipped order's
/// `Shipped` (when), `Carrier` and `Tracking number` come last, empty for the others.
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
        "Subtotal", "Shipping", "Tax", "Items",
        "Shipped", "Carrier", "Tracking number", "Cancellation requested",
    ]

    // MARK: Export orders

    func presentExport(response: ExportOrders.Export.Response) {
        switch response {
        case .export(let batches, let at):
            let formatter = formatter
            let viewModel = ExportOrders.Export.ViewModel(
                filename: "orders-\(formatter.machineDate(at)).csv", header: Self.header,
                rows: batches.map { orders in ExportOrders.Export.RowBatch(orders: orders) { Self.row($0, formatter: formatter) } })
            viewController?.displayExport(viewModel: viewModel)
        case .storeUnavailable:
            viewController?.displayStoreUnavailable()
        }
    }

    static func row(_ order: Order, formatter: OrderDisplayFormatter) -> [String] {
        let shipping = order.shipmentAddress
        let billing = order.billingAddress
        let totals = formatter.totals(order)
        return [
            order.id ?? "", formatter.machineDateTime(order.date), order.status.toString(), order.firstName, order.lastName, order.email, order.phone,
            shipping.street1, shipping.street2, shipping.city, shipping.state, shipping.zip, order.shipmentMethod.toString(),
            billing.street1, billing.street2, billing.city, billing.state, billing.zip,
            formatter.lastFourDigits(order.paymentMethod), Money.plainText(cents: totals.totalCents),
            order.createdBy?.username ?? "", order.cancellationReason ?? "",
            order.itemsRecorded ? Money.plainText(cents: totals.subtotalCents) : "", Money.plainText(cents: totals.shippingCents),
            Money.plainText(cents: totals.taxCents),
            order.itemsRecorded ? String(order.itemCount) : "",
            order.shippedAt.map(formatter.machineDateTime) ?? "", order.carrier ?? "", order.trackingNumber ?? "",
            // The reason of a request that a supervisor cancel the order, while it waits.
            order.cancellationRequest?.reason ?? "",
        ]
    }
}
