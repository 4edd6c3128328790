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
        let viewModel: DeleteOrder.GetOrderToDelete.ViewModel
        switch response {
        case .found(let order):
            let id = order.id ?? ""
            viewModel = .order(
                DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder(
                    id: id, date: formatter.longDate(order.date), name: formatter.name(order),
                    email: order.email, total: formatter.total(order), title: "Delete order \(id)",
                    deleteURL: Paths.deleteOrder(id), orderURL: Paths.order(id)))
        case .readOnly(let order):
            viewModel = .refused(.readOnly(order))
        case .notFound:
            viewModel = .notFound
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayOrderToDelete(viewModel: viewModel)
    }

    // MARK: Delete order

    func presentDeletedOrder(response: DeleteOrder.DeleteOrder.Response) {
        let viewModel: DeleteOrder.DeleteOrder.ViewModel
        switch response {
        case .deleted(let order): viewModel = .deleted(flash: "Order \(order.id ?? "") was deleted.")
        case .readOnly(let order): viewModel = .refused(.readOnly(order))
        case .notFound: viewModel = .notFound
        case .storeUnavailable: viewModel = .unavailable
        }
        viewController?.displayDeletedOrder(viewModel: viewModel)
    }
}
