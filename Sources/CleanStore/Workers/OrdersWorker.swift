/// The shared worker every scene uses for orders, over whichever store the app was started with.
/// Not final: tests subclass it into `OrdersWorkerSpy`, as the handbook's tests do.
open class OrdersWorker {
    public let ordersStore: OrdersStoreProtocol

    public init(ordersStore: OrdersStoreProtocol) {
        self.ordersStore = ordersStore
    }

    open func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        try await ordersStore.fetchOrders(page: page)
    }

    open func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        try await ordersStore.fetchOrder(id: id)
    }

    open func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
        try await ordersStore.createOrder(orderToCreate: orderToCreate)
    }

    open func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
        try await ordersStore.updateOrder(orderToUpdate: orderToUpdate)
    }

    open func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        try await ordersStore.deleteOrder(id: id)
    }
}
