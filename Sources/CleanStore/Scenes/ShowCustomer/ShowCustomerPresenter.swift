protocol ShowCustomerPresentationLogic: AnyObject {
    func presentCustomer(response: ShowCustomer.GetCustomer.Response)
}

/// A customer in words: their contact and addresses, their orders (newest first, with status and
/// total), what they ordered in all, and their history.
final class ShowCustomerPresenter: ShowCustomerPresentationLogic {
    weak var viewController: ShowCustomerDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get customer

    func presentCustomer(response: ShowCustomer.GetCustomer.Response) {
        switch response {
        case .found(let found):
            viewController?.displayCustomer(viewModel: .customer(displayed(found)))
        case .notFound:
            viewController?.displayCustomer(viewModel: .notFound)
        case .unavailable:
            viewController?.displayCustomer(viewModel: .unavailable)
        }
    }

    private func displayed(_ found: ShowCustomer.Found) -> ShowCustomer.DisplayedCustomer {
        let customer = found.customer
        let count = found.summary?.count ?? 0
        return ShowCustomer.DisplayedCustomer(
            name: customer.name.isEmpty ? "(no name)" : customer.name, phone: Self.orNone(customer.phone),
            email: Self.orNone(customer.email),
            shippingLines: customer.shippingAddress.isEmpty ? [] : formatter.addressLines(customer.shippingAddress),
            billingLines: customer.billingAddress.isEmpty ? [] : formatter.addressLines(customer.billingAddress),
            noAddress: "Not known", note: customer.note.isEmpty ? nil : customer.note, since: formatter.longDate(customer.createdAt),
            orderCount: count == 0 ? "No orders yet" : count == 1 ? "1 order" : "\(count) orders",
            spend: found.summary.map { "\(Money.text(cents: $0.spendCents)) (cancelled orders not counted)" },
            orders: found.orders.map(displayed),
            ordersCaption: found.orders.count < count
                ? "Their \(found.orders.count) newest orders of \(count), newest first" : "Their orders, newest first",
            events: found.history.map(displayed), customersURL: Paths.customers.description,
            changeURL: found.mayChange && customer.mergedInto == nil ? Paths.editCustomer(String(customer.id ?? 0)) : nil,
            mergeURL: found.mayMerge && customer.mergedInto == nil ? Paths.mergeCustomer(String(customer.id ?? 0)) : nil,
            eraseURL: found.mayErase ? Paths.eraseCustomer(String(customer.id ?? 0)) : nil,
            mergedInto: customer.mergedInto.map { id in
                ShowCustomer.DisplayedSurvivor(
                    name: found.survivor.map(CustomerWrites.reference) ?? "customer \(id)", url: Paths.customer(String(id)))
            })
    }

    private static func orNone(_ text: String) -> String { text.isEmpty ? "Not known" : text }

    private func displayed(_ order: CustomerOrder) -> ShowCustomer.DisplayedOrder {
        ShowCustomer.DisplayedOrder(
            id: order.id, url: Paths.order(order.id), date: formatter.shortDate(order.date), status: order.status.toString(),
            statusClass: "status-\(order.status.rawValue)", total: Money.text(cents: order.totalCents))
    }

    private func displayed(_ event: CustomerEvent) -> ShowCustomer.DisplayedEvent {
        ShowCustomer.DisplayedEvent(
            title: Self.titles[event.kind] ?? event.kind.rawValue, by: event.by.map(formatter.accountName) ?? "CleanStore",
            date: formatter.longDateAndTime(event.at), machineDate: formatter.machineDateTime(event.at),
            changes: event.changes.map {
                ShowCustomer.DisplayedChange(field: $0.field, old: $0.old.isEmpty ? "(none)" : $0.old, new: $0.new.isEmpty ? "(none)" : $0.new)
            })
    }

    static let titles: [CustomerEvent.Kind: String] = [
        .created: "Added", .updated: "Edited", .fromOrders: "Made from their orders", .merged: "Another customer merged into this one",
        .mergedInto: "Merged into another customer", .erased: "Personal data erased",
    ]
}
