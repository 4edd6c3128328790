protocol ShowOrderPresentationLogic: AnyObject {
    func presentOrder(response: ShowOrder.GetOrder.Response)
}

final class ShowOrderPresenter: ShowOrderPresentationLogic {
    weak var viewController: ShowOrderDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get order

    func presentOrder(response: ShowOrder.GetOrder.Response) {
        let viewModel: ShowOrder.GetOrder.ViewModel
        switch response {
        case .found(let order, let mayEdit, let mayDelete, let confirmed):
            let id = order.id ?? ""
            viewModel = .order(
                ShowOrder.GetOrder.ViewModel.DisplayedOrder(
                    id: id,
                    date: formatter.longDate(order.date),
                    email: order.email,
                    name: formatter.name(order),
                    total: formatter.currency(order.total),
                    phone: order.phone,
                    shipmentAddress: formatter.addressLines(order.shipmentAddress),
                    shipmentMethod: order.shipmentMethod.toString(),
                    billingAddress: formatter.addressLines(order.billingAddress),
                    cardNumber: formatter.maskedCardNumber(order.paymentMethod),
                    expirationDate: formatter.expirationDate(order.paymentMethod.expirationDate),
                    title: "Order \(id)",
                    createdBy: order.createdBy.map { "Created by \(formatter.accountName($0))" },
                    lastChanged: lastChanged(order),
                    editURL: mayEdit ? Paths.editOrder(id) : nil,
                    historyURL: Paths.orderHistory(id),
                    deleteURL: mayDelete ? Paths.deleteOrder(id) : nil,
                    ordersURL: Paths.orders.description,
                    confirmation: confirmed.map {
                        ShowOrder.GetOrder.ViewModel.DisplayedConfirmation(
                            orderNumber: id, confirmationNote: $0.note, createAnotherURL: $0.mayCreateAnother ? Paths.newOrder.description : nil)
                    }))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayOrder(viewModel: viewModel)
    }

    private func lastChanged(_ order: Order) -> String? {
        guard let updatedAt = order.updatedAt else { return nil }
        let by = order.updatedBy.map { " by \(formatter.accountName($0))" } ?? ""
        return "Last changed\(by) on \(formatter.longDateAndTime(updatedAt))"
    }
}
