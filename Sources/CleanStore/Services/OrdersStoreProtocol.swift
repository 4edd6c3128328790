/// Where orders live. Every store (memory, SQLite, later PostgreSQL) keeps the same contract,
/// checked by one contract test suite:
/// - `createOrder` chooses a unique id and computes the total (`OrderTotalWorker`);
///   the id and total of the order passed in are ignored.
/// - `updateOrder` keeps the stored id and date, recomputes the total.
/// - `fetchOrders` returns the newest first.
/// - An unknown id is `nil` from `fetchOrder` and `OrdersStoreError.notFound` elsewhere.
public protocol OrdersStoreProtocol: Sendable {
    func fetchOrders() async throws(OrdersStoreError) -> [Order]
    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order?
    func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order
    func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order
    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order
}

/// What can go wrong in a store, as the handbook's `OrdersStoreError`, plus a typed "no such order".
public enum OrdersStoreError: Error, Equatable, Sendable {
    case notFound(id: String)
    case cannotFetch(String)
    case cannotCreate(String)
    case cannotUpdate(String)
    case cannotDelete(String)
}
