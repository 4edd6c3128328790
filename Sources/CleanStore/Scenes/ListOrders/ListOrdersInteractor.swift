protocol ListOrdersBusinessLogic: AnyObject {
    func fetchOrders(request: ListOrders.FetchOrders.Request) async
}

protocol ListOrdersDataStore: AnyObject {
    var orders: [Order]? { get }
}

final class ListOrdersInteractor: ListOrdersBusinessLogic, ListOrdersDataStore {
    /// Orders on one page of the list.
    static let pageSize = 50

    var presenter: ListOrdersPresentationLogic?
    var ordersWorker: OrdersWorker
    var orders: [Order]?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Fetch orders

    func fetchOrders(request: ListOrders.FetchOrders.Request) async {
        // A page starts where the URL says; a cursor that is no cursor means the newest page.
        let position: OrdersPageRequest.Position
        if let after = request.after.flatMap(OrdersCursor.init(token:)) {
            position = .after(after)
        } else if let before = request.before.flatMap(OrdersCursor.init(token:)) {
            position = .before(before)
        } else {
            position = .newest
        }
        let mayCreateOrders = request.signedIn?.may(.changeOrders) ?? false
        let response: ListOrders.FetchOrders.Response
        do {
            let page = try await ordersWorker.fetchOrders(page: OrdersPageRequest(position: position, limit: Self.pageSize))
            orders = page.orders
            response = .fetched(
                page.orders,
                newerPage: page.hasNewer ? page.orders.first.flatMap(OrdersCursor.init(order:)) : nil,
                olderPage: page.hasOlder ? page.orders.last.flatMap(OrdersCursor.init(order:)) : nil,
                mayCreateOrders: mayCreateOrders)
        } catch {
            response = .storeUnavailable(mayCreateOrders: mayCreateOrders)
        }
        presenter?.presentFetchedOrders(response: response)
    }
}
