protocol ListOrdersPresentationLogic: AnyObject {
    func presentFetchedOrders(response: ListOrders.FetchOrders.Response)
}

final class ListOrdersPresenter: ListOrdersPresentationLogic {
    weak var viewController: ListOrdersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Fetch orders

    func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
        let displayedOrders = response.orders.map { order in
            ListOrders.FetchOrders.ViewModel.DisplayedOrder(
                id: order.id ?? "",
                date: formatter.date(order.date),
                email: order.email,
                name: formatter.name(order),
                total: formatter.currency(order.total)
            )
        }
        let errorMessage = response.error.map { _ in "The orders could not be loaded. Try again in a moment." }
        viewController?.displayFetchedOrders(
            viewModel: ListOrders.FetchOrders.ViewModel(
                displayedOrders: displayedOrders, pagination: pagination(response), errorMessage: errorMessage))
    }

    private func pagination(_ response: ListOrders.FetchOrders.Response) -> ListOrders.FetchOrders.ViewModel.Pagination? {
        guard response.newerPage != nil || response.olderPage != nil else { return nil }
        return .init(newerPage: response.newerPage?.token, olderPage: response.olderPage?.token)
    }
}
