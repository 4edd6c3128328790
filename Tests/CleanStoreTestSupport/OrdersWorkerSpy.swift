import Foundation

@testable import CleanStore

/// The one `OrdersWorker` spy of the scene tests, as the handbook's: records what a scene asked
/// for and answers from `storedOrders` (by default Amy, id 1). Set `failure` to make every call
/// throw it; set `page` to choose the list's answer.
final class OrdersWorkerSpy: OrdersWorker {
    var storedOrders: [Order] = [Seeds.Orders.amy]
    var failure: OrdersStoreError?
    var page = OrdersPage(orders: [Seeds.Orders.bob, Seeds.Orders.amy], hasNewer: false, hasOlder: false)

    var pageRequest: OrdersPageRequest?
    /// What `countOrders` answers: `allCount` for every order (the empty query), else `foundCount`.
    var foundCount = 6
    var allCount = 324
    /// The queries counted, and the most each count read.
    var countedQueries: [OrdersQuery] = []
    var countedUpTo: [Int] = []
    /// Set to make `countOrders` alone throw it.
    var countFailure: OrdersStoreError?
    var fetchOrderCalledWithID: String?
    var createdOrder: Order?
    /// The idempotency key the last create carried (nil: none).
    var createdWithKey: String?
    var updatedOrder: Order?
    var deleteOrderCalledWithID: String?
    /// Who the last create, update or delete was made by.
    var changedBy: AccountName?

    init() {
        super.init(ordersStore: OrdersMemStore())
    }

    override func fetchOrders(page request: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        pageRequest = request
        if let failure { throw failure }
        return page
    }

    override func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        countedQueries.append(query)
        countedUpTo.append(upTo)
        if let failure = failure ?? countFailure { throw failure }
        return min(query == OrdersQuery() ? allCount : foundCount, upTo)
    }

    override func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        fetchOrderCalledWithID = id
        if let failure { throw failure }
        return storedOrders.first { $0.id == id }
    }

    /// What `fetchOrderPage` answers beside an order of `storedOrders`, by the order's id (none for
    /// an id not here), each only when asked for.
    var storedNotes: [String: [OrderNote]] = [:]
    var storedEvents: [String: [OrderEvent]] = [:]
    /// Every page read asked for: the id and the parts, in turn.
    var fetchOrderPageCalls: [(id: String, parts: OrderPageRead.Parts)] = []

    override func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        fetchOrderPageCalls.append((id, parts))
        if let failure { throw failure }
        return storedOrders.first { $0.id == id }.map {
            OrderPageRead(
                order: $0, notes: parts.contains(.notes) ? storedNotes[id] ?? [] : [],
                events: parts.contains(.history) ? storedEvents[id] ?? [] : [])
        }
    }

    /// Answers with the order it was given, numbered 42 (set `failure` to `.alreadyCreated(order)`
    /// for a form sent again).
    override func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?) async throws(OrdersStoreError) -> Order {
        createdOrder = orderToCreate
        createdWithKey = idempotencyKey
        changedBy = by
        if let failure { throw failure }
        var order = orderToCreate
        order.id = "42"
        return order
    }

    /// Answers with the order it was given (set `failure` to `.conflict(current:)` for a conflict).
    override func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
        updatedOrder = orderToUpdate
        changedBy = by
        if let failure { throw failure }
        return orderToUpdate
    }

    /// What the last status change asked for.
    var statusChange: (id: String, to: OrderStatus, expectedVersion: Int, reason: String?)?
    /// The shipment the last status change carried.
    var shipment: Shipment?

    /// Answers with the stored order at `status`, one version on (set `failure` to refuse).
    override func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment? = nil, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        statusChange = (id, status, expectedVersion, reason)
        self.shipment = shipment
        changedBy = by
        if let failure { throw failure }
        guard var order = storedOrders.first(where: { $0.id == id }) else { throw .notFound(id: id) }
        order.status = status
        order.version += 1
        if status == .cancelled { order.cancellationReason = reason }
        if status == .shipped {
            order.carrier = shipment?.carrier
            order.trackingNumber = shipment?.trackingNumber
        }
        return order
    }

    /// What the last undo asked for, and the status it answers with.
    var undo: (id: String, expectedVersion: Int)?
    var undoneTo: OrderStatus = .new

    /// Answers with the stored order at `undoneTo`, one version on (set `failure` to refuse).
    override func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?) async throws(OrdersStoreError) -> Order {
        undo = (id, expectedVersion)
        changedBy = by
        if let failure { throw failure }
        guard var order = storedOrders.first(where: { $0.id == id }) else { throw .notFound(id: id) }
        order.status = undoneTo
        order.version += 1
        return order
    }

    /// What the last step of a cancellation request asked for.
    var cancellationDecision: (id: String, decision: CancellationDecision, expectedVersion: Int)?
    /// When a request the spy saves was made.
    var requestedAt = Date(timeIntervalSince1970: 1_700_000_000)

    /// Answers with the stored order as the step leaves it, one version on (set `failure` to refuse).
    override func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        cancellationDecision = (id, decision, expectedVersion)
        changedBy = by
        if let failure { throw failure }
        guard var order = storedOrders.first(where: { $0.id == id }) else { throw .notFound(id: id) }
        switch decision {
        case .request(let reason):
            order.cancellationRequest = CancellationRequest(reason: reason, by: by, at: requestedAt)
        case .approve:
            order.status = .cancelled
            order.cancellationReason = order.cancellationRequest?.reason
            order.cancellationRequest = nil
        case .decline:
            order.cancellationRequest = nil
        }
        order.version += 1
        return order
    }

    /// What the last tracking number's change asked for.
    var trackingChange: (id: String, trackingNumber: String?, expectedVersion: Int)?

    /// Answers with the stored order with the number, one version on (set `failure` to refuse).
    override func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        trackingChange = (id, trackingNumber, expectedVersion)
        changedBy = by
        if let failure { throw failure }
        guard var order = storedOrders.first(where: { $0.id == id }) else { throw .notFound(id: id) }
        order.trackingNumber = trackingNumber
        order.version += 1
        return order
    }

    override func deleteOrder(id: String, by: AccountName?) async throws(OrdersStoreError) -> Order {
        deleteOrderCalledWithID = id
        changedBy = by
        if let failure { throw failure }
        guard let order = storedOrders.first(where: { $0.id == id }) else { throw .notFound(id: id) }
        return order
    }
}

/// Thrown by a test helper after it has reported, with `XCTFail`, a value of the wrong shape.
struct UnexpectedValue: Error {}
