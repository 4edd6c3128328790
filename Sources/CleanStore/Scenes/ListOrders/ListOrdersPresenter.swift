protocol ListOrdersPresentationLogic: AnyObject {
    func presentFetchedOrders(response: ListOrders.FetchOrders.Response)
}

final class ListOrdersPresenter: ListOrdersPresentationLogic {
    typealias ViewModel = ListOrders.FetchOrders.ViewModel

    weak var viewController: ListOrdersDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    // MARK: Fetch orders

    /// The link to a new order, for someone who may create one.
    static func newOrderURL(_ mayCreateOrders: Bool) -> String? {
        mayCreateOrders ? Paths.newOrder.description : nil
    }

    func presentFetchedOrders(response: ListOrders.FetchOrders.Response) {
        let viewModel: ViewModel
        switch response {
        case .fetched(let orders, let newerPage, let olderPage, let mayCreateOrders):
            let displayedOrders = orders.map { order in
                let id = order.id ?? ""
                return ViewModel.DisplayedOrder(
                    id: id,
                    url: Paths.order(id),
                    date: formatter.date(order.date),
                    email: order.email,
                    name: formatter.name(order),
                    total: formatter.currency(order.total)
                )
            }
            var pagination: ViewModel.Pagination?
            if newerPage != nil || olderPage != nil {
                pagination = ViewModel.Pagination(
                    newerPageURL: newerPage.map { Paths.orders(before: $0.token) },
                    olderPageURL: olderPage.map { Paths.orders(after: $0.token) })
            }
            viewModel = ViewModel(
                displayedOrders: displayedOrders, pagination: pagination, newOrderURL: Self.newOrderURL(mayCreateOrders))
        case .storeUnavailable(let mayCreateOrders):
            viewModel = ViewModel(
                displayedOrders: [], errorMessage: "The orders could not be loaded. Try again in a moment.",
                newOrderURL: Self.newOrderURL(mayCreateOrders))
        }
        viewController?.displayFetchedOrders(viewModel: viewModel)
    }
}
