import Foundation

/// Where orders live. Every store (memory, SQLite, PostgreSQL) keeps the same contract, checked by
/// one contract test suite (`OrdersStoreContractTests`):
/// - `createOrder` chooses a unique id and computes the total (`OrderTotalWorker`);
///   the id and total of the order passed in are ignored.
/// - `createOrder` saves version 1.
/// - `updateOrder` keeps the stored id and date, recomputes the total, and saves only when the
///   order's `version` is the stored one (then one more); otherwise it throws `.conflict` with the
///   order as it is stored now, and changes nothing.
/// - `fetchOrders(page:)` returns the orders its query finds (`OrdersQuery`: free text as
///   `OrderSearch` says, filters, a sort), newest first unless the query sorts otherwise; pages by
///   keyset under every query (`OrdersQuerySQL`), with cursors of the query's sort
///   (`OrdersCursor(order:sortedBy:)`); a cursor of another sort means the first page.
///   `orders(matching:batchSize:)` reads every order a query finds, in batches of such pages.
/// - An unknown id is `nil` from `fetchOrder` and `OrdersStoreError.notFound` elsewhere.
/// - `createOrder`, `updateOrder` and `deleteOrder` record who (`by`, nil when no one is signed in)
///   and when (`at`, the caller's clock): each writes one `OrderEvent` in the same transaction as
///   its change (an update's changes by `OrderChange.between`); a create sets `createdBy`, an update
///   `updatedBy` and `updatedAt` (`OrderEventsStoreProtocol` reads the events).
/// - `checkHealth` throws when the store cannot read and write (for `/healthz`), and changes nothing.
/// - Card numbers come back as they were given; at rest the SQL stores keep them encrypted
///   (`CardKeyring`), with the last four digits in clear.
public protocol OrdersStoreProtocol: Sendable {
    /// One page of the orders `page.query` finds, by keyset: the orders just after `after` in the
    /// query's order, or just before `before`, or the first; `limit` at most.
    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage
    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order?
    func createOrder(orderToCreate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    func updateOrder(orderToUpdate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    /// Reads and writes (a write that is rolled back): throws, saying why, when the store cannot.
    func checkHealth() async throws(OrdersStoreError)
}
