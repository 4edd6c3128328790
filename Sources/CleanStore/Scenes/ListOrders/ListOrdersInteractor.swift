protocol ListOrdersBusinessLogic: AnyObject {
    func fetchOrders(request: ListOrders.FetchOrders.Request) async
}

protocol ListOrdersDataStore: AnyObject {
    var orders: [Order]? { get }
}

final class ListOrdersInteractor: ListOrdersBusinessLogic, ListOrdersDataStore {
    var presenter: ListOrdersPresentationLogic?
    var ordersWorker: OrdersWorker
    var orders: [Order]?

    init(ordersWorker: OrdersWorker) {
        self.ordersWorker = ordersWorker
    }

    // MARK: Fetch orders

    func fetchOrders(request: ListOrders.FetchOrders.Request) async {
        do {
            let orders = try await ordersWorker.fetchOrders()
            self.orders = orders
            presenter?.presentFetchedOrders(response: ListOrders.FetchOrders.Response(orders: orders))
        } catch {
            presenter?.presentFetchedOrders(response: ListOrders.FetchOrders.Response(orders: [], error: error))
        }
    }
}
