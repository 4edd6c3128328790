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
    var filterWorker: OrdersFilterWorker
    var orders: [Order]?

    init(ordersWorker: OrdersWorker, filterWorker: OrdersFilterWorker) {
        self.ordersWorker = ordersWorker
        self.filterWorker = filterWorker
    }

    // MARK: Fetch orders

    func fetchOrders(request: ListOrders.FetchOrders.Request) async {
        let filtered = filterWorker.query(from: request.filters)
        let sortKey = filtered.query.sort.key
        // A page starts where the URL says; a cursor that is no cursor means the first page (so does
        // one of another sort, a link from before the sort changed: `OrdersPageRequest.effectivePosition`).
        let position: OrdersPageRequest.Position
        if let after = request.after.flatMap(OrdersCursor.init(token:)) {
            position = .after(after)
        } else if let before = request.before.flatMap(OrdersCursor.init(token:)) {
            position = .before(before)
        } else {
            position = .newest
        }
        let mayCreateOrders = request.signedIn.may(.create)
        let response: ListOrders.FetchOrders.Response
        do {
            let page = try await ordersWorker.fetchOrders(
                page: OrdersPageRequest(position: position, limit: Self.pageSize, query: filtered.query))
            orders = page.orders
            response = .fetched(
                page.orders,
                newerPage: page.hasNewer ? page.orders.first.flatMap { OrdersCursor(order: $0, sortedBy: sortKey) } : nil,
                olderPage: page.hasOlder ? page.orders.last.flatMap { OrdersCursor(order: $0, sortedBy: sortKey) } : nil,
                mayCreateOrders: mayCreateOrders, filters: filtered.filters, problems: filtered.problems,
                mayExport: request.signedIn.may(.export))
        } catch {
            response = .storeUnavailable(mayCreateOrders: mayCreateOrders, filters: filtered.filters)
        }
        presenter?.presentFetchedOrders(response: response)
    }
}
