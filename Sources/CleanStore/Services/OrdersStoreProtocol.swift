import Foundation

/// Where orders live. Every store (memory, SQLite, PostgreSQL) keeps the same contract, checked by
/// one contract test suite (`OrdersStoreContractTests`):
/// - `createOrder` chooses the id, the next order number (the SQL stores' `order_numbers`
///   counter, taken in the create's transaction, as a placing takes it: numbers have no gaps),
///   and computes the totals (`OrderWrites.created`); the id and totals of the order passed in
///   are ignored.
/// - An order's lines come back from `fetchOrder` and from every write; a list's read
///   (`fetchOrders`) carries none, only `itemCount` and the totals (`Order.lines`).
/// - `createOrder` saves version 1, status new.
/// - No double orders: a create may carry an idempotency key (one per form; nil for none). The
///   store keeps the key with the order, written in the same transaction under a unique index, so
///   a second create with a used key — a double click, a Back-and-resubmit, a retried POST, even at
///   the same instant, even on another app instance — creates nothing, writes no event, and throws
///   `.alreadyCreated` with the order the first create made, as it is stored now (whatever the
///   second one carried). A key is any string, compared exactly; it names its order for as long as
///   the order exists (deleting the order frees it). Creates without a key each create an order.
/// - `updateOrder` keeps the stored id, date, status and cancellation reason, recomputes the total,
///   and saves only when the order's `version` is the stored one (then one more); otherwise it
///   throws `.conflict` with the order as it is stored now, and changes nothing.
/// - A shipped or cancelled order (`OrderStatus.isReadOnly`) is read-only: `updateOrder` and
///   `deleteOrder` throw `.readOnly` with the order as stored (whatever version an update was made
///   from), and change nothing. The store checks this in the transaction that would change the
///   order, so a status change racing an edit or a delete cannot let either through.
/// - `changeStatus` is the only way a status changes. It is compare-and-swap on the version, as an
///   update is: `expectedVersion` is the version of the order the person saw (a stale page throws
///   `.conflict`). The store also checks the transition against the *stored* status
///   (`OrderStatus.canChange(to:)`; `.statusNotAllowed` when the rules refuse it, a read-only order's
///   included), in the same transaction: the interactor checks the rules to explain a refusal, the
///   store so that no caller, however wrong, can move an order off the arrows. The version is
///   checked first: a page that is stale gets the conflict, whatever it asked for. A change saves one
///   more version, `updatedBy` and `updatedAt`, the cancellation reason (`reason`, when the new
///   status is cancelled; other statuses keep it in the history only), and writes one `.updated`
///   event with its `statusChange` (from, to, reason), all in one transaction.
/// - `fetchOrders(page:)` returns the orders its query finds (`OrdersQuery`: free text as
///   `OrderSearch` says, filters, a sort), newest first unless the query sorts otherwise; pages by
///   keyset under every query (`OrdersQuerySQL`), with cursors of the query's sort
///   (`OrdersCursor(order:sortedBy:)`); a cursor of another sort means the first page.
///   `orders(matching:batchSize:)` reads every order a query finds, in batches of such pages.
/// - `countOrders(matching:upTo:)` is the number of orders `fetchOrders` would list under the query
///   over all its pages, or `upTo` when there are that many or more.
/// - An unknown id is `nil` from `fetchOrder` and `fetchOrderPage`, and `OrdersStoreError.notFound`
///   elsewhere.
/// - `fetchOrderPage(id:including:)` is the order as `fetchOrder` gives it with the parts asked for
///   (its notes as `OrderNotesStoreProtocol.notes(forOrder:)` lists them, its history as
///   `OrderEventsStoreProtocol.fetchEvents` does; a part not asked for is empty), in one read of
///   the store: one read transaction on SQLite (one snapshot), one connection on PostgreSQL (its
///   statements prepared once per connection, each reading the latest commit as the separate reads
///   did), one look at the memory tables. The order page and the API's order read it so.
/// - `createOrder`, `updateOrder`, `changeStatus` and `deleteOrder` record who (`by`, nil when no
///   one is signed in) and when (`at`, the caller's clock): each writes one `OrderEvent` in the same
///   transaction as its change (an update's and a status change's changes by `OrderChange.between`);
///   a create sets `createdBy`, an update and a status change `updatedBy` and `updatedAt`
///   (`OrderEventsStoreProtocol` reads the events).
/// - `checkHealth` throws when the store cannot read and write (for `/healthz`), and changes nothing.
/// - Card numbers come back as they were given; at rest the SQL stores keep them encrypted
///   (`CardKeyring`), with the last four digits in clear. A page asked for with
///   `OrdersPageRequest.opensCards` false decrypts none: each card is its last four digits only
///   (`PaymentMethod.lastFourOnly`; an erased card stays erased), for a page that shows no card.
public protocol OrdersStoreProtocol: Sendable {
    /// One page of the orders `page.query` finds, by keyset: the orders just after `after` in the
    /// query's order, or just before `before`, or the first; `limit` at most.
    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage
    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order?
    /// The order with `id` and the `parts` asked for beside it, in one read; nil when there is none.
    func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead?
    /// How many orders `query` finds (its sort aside), counting no further than `upTo`: a list's
    /// "6 orders found (324 in all)" costs at most `upTo` rows read, however many orders there are.
    func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int
    /// Creates the order, unless `idempotencyKey` was used by an earlier create (then
    /// `.alreadyCreated` with the order it made).
    func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    /// Creates the orders, in their order, in one transaction: each as `createOrder` without an
    /// idempotency key would (numbered by the counter, its lines kept, one `.created` event), all of
    /// them or none. For bulk loads (`cleanstore seed`): one commit for many orders. Returns them
    /// as created, with their ids. (The extension's default, one create after another and not one
    /// transaction, is for test doubles; the three stores write one transaction.)
    func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order]
    /// Updates the order; an order of goods whose ship-to address moves is re-taxed at the rate in
    /// force on its placing day, that day in `timeZone` (the shop's, `--time-zone`).
    func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    /// Moves the order with `id` to `status`, when its stored version is `expectedVersion` and the
    /// rules allow it from its stored status; `reason` is kept with the change (and on the order
    /// when it is cancelled); a move to shipped keeps `shipment`'s carrier and tracking number and
    /// the day (`at`) on the order. Returns the order as saved.
    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order
    /// The same move as part of the bulk move `batch` (`BulkBatch.id`): its event's `statusChange`
    /// names the batch. (A store that keeps no history of its own, a test double, moves the order as
    /// any move: the extension's.)
    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, batch: String?,
        by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order
    /// Undoes the latest move of the order with `id` (to paid or packed, made by `by` within
    /// `OrderWrites.undoWindow`), when its stored version is `expectedVersion`: back to the status
    /// it came from, one more version, one `.updated` event whose `statusChange` goes back (the
    /// arrows never do: that is an undo), all in one transaction, in which the latest event is
    /// read (`OrderWrites.statusUndone`: `.conflict`, `.refused`). Returns the order as saved.
    func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order
    /// A step of a clerk's request that a supervisor cancel the order with `id` (asked for,
    /// approved or declined), when its stored version is `expectedVersion`
    /// (`OrderWrites.cancellationDecided` decides: `.conflict`, `.statusNotAllowed`, `.refused`):
    /// one more version, `updatedBy`, `updatedAt`, the request as decided, and one `.updated` event
    /// with the change (an approval's with its `statusChange` to cancelled, and its committed stock
    /// released as a cancel's), all in one transaction. Returns the order as saved.
    func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order
    /// Sets the tracking number of the shipped order with `id` (nil removes it), when its stored
    /// version is `expectedVersion` (`OrderWrites.trackingChanged`: `.conflict`, `.statusNotAllowed`
    /// for an order not shipped): one more version, `updatedBy`, `updatedAt` and one `.updated`
    /// event with the change, in one transaction. Returns the order as saved.
    func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order
    /// Changes the items of the order with `id` (`DraftChange`'s line cases), when its stored version
    /// is `expectedVersion` and it is new (`OrderLineWrites.itemsChanged` decides): re-taxed with the
    /// rate in force on its placing day (`timeZone`'s), stock committed or released by conditional
    /// updates in product-id order, one `.updated` event with each line's change, all in one
    /// transaction. `.refused` (nothing changed) when the rules do not allow it.
    func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order
    /// Reads and writes (a write that is rolled back): throws, saying why, when the store cannot.
    func checkHealth() async throws(OrdersStoreError)
}

extension OrdersStoreProtocol {
    /// A move that names no batch in its event: for stores that write no history (test doubles).
    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, batch: String?,
        by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
    }

    /// A status change that ships nothing (or ships with no carrier said).
    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: nil, by: by, at: at)
    }

    /// One create after another (test doubles; the stores make one transaction of them).
    public func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order] {
        var created: [Order] = []
        for order in orders {
            created.append(try await createOrder(orderToCreate: order, idempotencyKey: nil, by: by, at: at))
        }
        return created
    }

    /// The order alone, with no notes and no history: for test doubles, which keep neither (the
    /// three stores read the parts asked for, in one read).
    public func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        try await fetchOrder(id: id).map { OrderPageRead(order: $0) }
    }

    /// A create with no idempotency key: every call creates an order.
    public func createOrder(orderToCreate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await createOrder(orderToCreate: orderToCreate, idempotencyKey: nil, by: by, at: at)
    }
}
