/// The shared worker every scene uses for orders, over whichever store the app was started with.
/// Not final: tests subclass it into `OrdersWorkerSpy` (through `@testable import`), as the
/// handbook's tests do.
class OrdersWorker {
    let ordersStore: OrdersStoreProtocol

    init(ordersStore: OrdersStoreProtocol) {
        self.ordersStore = ordersStore
    }

    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        try await ordersStore.fetchOrders(page: page)
    }

    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        try await ordersStore.fetchOrder(id: id)
    }

    func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
        try await ordersStore.createOrder(orderToCreate: orderToCreate)
    }

    func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
        try await ordersStore.updateOrder(orderToUpdate: orderToUpdate)
    }

    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        try await ordersStore.deleteOrder(id: id)
    }
}
