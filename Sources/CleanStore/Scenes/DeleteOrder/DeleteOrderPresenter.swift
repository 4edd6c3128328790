protocol DeleteOrderPresentationLogic: AnyObject {
    func presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response)
    func presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response)
}

final class DeleteOrderPresenter: DeleteOrderPresentationLogic {
    weak var viewController: DeleteOrderDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Get order to delete

    func presentOrderToDelete(response: DeleteOrder.GetOrderToDelete.Response) {
        let displayedOrder = response.order.map { order in
            DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
                id: order.id ?? "", date: formatter.date(order.date), name: formatter.name(order),
                email: order.email, total: formatter.currency(order.total))
        }
        let errorMessage = response.error.map { _ in "The order could not be loaded. Try again in a moment." }
        viewController?.displayOrderToDelete(
            viewModel: DeleteOrder.GetOrderToDelete.ViewModel(displayedOrder: displayedOrder, errorMessage: errorMessage))
    }

    // MARK: Delete order

    func presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response) {
        let message = response.order.map { "Order \($0.id ?? "") was deleted." }
        let errorMessage = response.error.map { _ in "The order could not be deleted just now. Try again in a moment." }
        viewController?.displayDeletedOrder(
            viewModel: DeleteOrder.DeleteOrder.ViewModel(message: message, errorMessage: errorMessage))
    }
}
