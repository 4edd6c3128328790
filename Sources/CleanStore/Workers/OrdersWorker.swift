import Logging

/// The shared worker every scene uses for orders, over whichever store the app was started with.
/// Not final: tests subclass it into `OrdersWorkerSpy` (through `@testable import`), as the
/// handbook's tests do.
class OrdersWorker {
    let ordersStore: OrdersStoreProtocol
    /// Where a store's failure is said (the request's logger, with its id).
    let logger: Logger

    init(ordersStore: OrdersStoreProtocol, logger: Logger = Logger(label: "cleanstore")) {
        self.ordersStore = ordersStore
        self.logger = logger
    }

    /// Runs a store call; a failure of the store itself (disk full, read-only, I/O, connection) is
    /// logged at error level before it travels up the cycle. "No such order" and a conflict are
    /// answers, not failures.
    private func logged<T>(_ call: () async throws(OrdersStoreError) -> T) async throws(OrdersStoreError) -> T {
        do {
            return try await call()
        } catch {
            switch error {
            case .notFound, .conflict: break
            case .cannotFetch, .cannotCreate, .cannotUpdate, .cannotDelete, .unavailable:
                logger.error("Store failed", metadata: ["error": "\(error)"])
            }
            throw error
        }
    }

    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        try await logged { () async throws(OrdersStoreError) in try await ordersStore.fetchOrders(page: page) }
    }

    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        try await logged { () async throws(OrdersStoreError) in try await ordersStore.fetchOrder(id: id) }
    }

    func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
        try await logged { () async throws(OrdersStoreError) in try await ordersStore.createOrder(orderToCreate: orderToCreate) }
    }

    func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
        try await logged { () async throws(OrdersStoreError) in try await ordersStore.updateOrder(orderToUpdate: orderToUpdate) }
    }

    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        try await logged { () async throws(OrdersStoreError) in try await ordersStore.deleteOrder(id: id) }
    }
}
