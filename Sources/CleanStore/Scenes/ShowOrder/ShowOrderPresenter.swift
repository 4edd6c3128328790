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
        let displayedOrder = response.order.map { order in
            ShowOrder.GetOrder.ViewModel.DisplayedOrder(
                id: order.id ?? "",
                date: formatter.date(order.date),
                email: order.email,
                name: formatter.name(order),
                total: formatter.currency(order.total),
                phone: order.phone,
                shipmentAddress: formatter.addressLines(order.shipmentAddress),
                shipmentMethod: order.shipmentMethod.toString(),
                billingAddress: formatter.addressLines(order.billingAddress),
                cardNumber: formatter.maskedCardNumber(order.paymentMethod),
                expirationDate: formatter.expirationDate(order.paymentMethod.expirationDate)
            )
        }
        let errorMessage = response.error.map { _ in "The order could not be loaded. Try again in a moment." }
        viewController?.displayOrder(
            viewModel: ShowOrder.GetOrder.ViewModel(displayedOrder: displayedOrder, errorMessage: errorMessage))
    }
}
