import Foundation
import Logging

/// The shared worker every scene uses for orders, over whichever store the app was started with.
/// Not final: tests subclass it into `OrdersWorkerSpy` (through `@testable import`), as the
/// handbook's tests do.
class OrdersWorker {
    let ordersStore: OrdersStoreProtocol
    /// Where a store's failure is said (the request's logger, with its id).
    let logger: Logger
    /// The clock: when each change is made, as the order's history records it.
    let now: @Sendable () -> Date
    /// The shop's time zone (`--time-zone`): the day an order was placed, for its tax rate.
    let timeZone: TimeZone
    /// The list's counts, shared by the process's requests (nil: every count asks the store).
    let countCache: OrdersCountCache?

    init(
        ordersStore: OrdersStoreProtocol, logger: Logger = Logger(label: "cleanstore"), now: @escaping @Sendable () -> Date = Date.init,
        timeZone: TimeZone = TimeZone(identifier: "UTC")!, countCache: OrdersCountCache? = nil
    ) {
        self.ordersStore = ordersStore
        self.logger = logger
        self.now = now
        self.timeZone = timeZone
        self.countCache = countCache
    }

    /// Runs a store call, timed (`cleanstore_store_duration_seconds`); a failure of the store itself
    /// (disk full, read-only, I/O, connection) is logged at error level and counted before it
    /// travels up the cycle. "No such order", a conflict, a read-only order, a status change not
    /// allowed and a create already made are answers, not failures (a conflict is counted as one).
    /// `saved`, when given, counts a success as that event.
    private func measured<T>(
        _ operation: String, saved event: String? = nil, _ call: () async throws(OrdersStoreError) -> T
    ) async throws(OrdersStoreError) -> T {
        let start = ContinuousClock.now
        AppMetrics.storeCallStarted()
        defer { AppMetrics.storeCallEnded() }
        do {
            let value = try await call()
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: false)
            if let event { AppMetrics.orderSaved(event) }
            return value
        } catch {
            var failed = false
            switch error {
            case .notFound, .readOnly, .statusNotAllowed, .alreadyCreated, .refused: break
            case .conflict: AppMetrics.conflict()
            case .cannotFetch, .cannotCreate, .cannotUpdate, .cannotDelete, .unavailable:
                failed = true
                logger.error("Store failed", metadata: ["error": "\(error)"])
            }
            AppMetrics.storeCall(operation, took: start.duration(to: .now), failed: failed)
            throw error
        }
    }

    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        try await measured("fetch_page") { () async throws(OrdersStoreError) in try await ordersStore.fetchOrders(page: page) }
    }

    /// How many orders `query` finds, up to `upTo`: as counted less than a few seconds ago when the
    /// count cache has it (`OrdersCountCache`), else by the store.
    func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        guard let countCache else {
            return try await measured("count") { () async throws(OrdersStoreError) in
                try await ordersStore.countOrders(matching: query, upTo: upTo)
            }
        }
        if let kept = await countCache.count(of: query, upTo: upTo) { return kept }
        let changesBefore = await countCache.changes
        let countedTo = OrdersCountCache.countingLimit(upTo: upTo)
        let count = try await measured("count") { () async throws(OrdersStoreError) in
            try await ordersStore.countOrders(matching: query, upTo: countedTo)
        }
        await countCache.keep(count, of: query, upTo: upTo, countedTo: countedTo, changesBefore: changesBefore)
        return min(count, upTo)
    }

    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        try await measured("fetch") { () async throws(OrdersStoreError) in try await ordersStore.fetchOrder(id: id) }
    }

    /// The order with `id` and the `parts` asked for beside it (its notes, its history), in one
    /// read of the store (`OrdersStoreProtocol.fetchOrderPage`); nil when there is none.
    func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        try await measured("fetch_order_page") { () async throws(OrdersStoreError) in
            try await ordersStore.fetchOrderPage(id: id, including: parts)
        }
    }

    // A change is made by someone (`by`: nil when no one is signed in), now; the store records both
    // in the order's history.

    /// `idempotencyKey`: the form's one-time key (nil for none). A key an earlier create used
    /// throws `.alreadyCreated` with that create's order: nothing new is saved.
    func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?) async throws(OrdersStoreError) -> Order {
        let changed = try await measured("create", saved: "created") { () async throws(OrdersStoreError) in
            try await ordersStore.createOrder(orderToCreate: orderToCreate, idempotencyKey: idempotencyKey, by: by, at: now())
        }
        // What the list counts may have changed.
        await countCache?.forget()
        return changed
    }

    func updateOrder(orderToUpdate: Order, by: AccountName?) async throws(OrdersStoreError) -> Order {
        let changed = try await measured("update", saved: "updated") { () async throws(OrdersStoreError) in
            try await ordersStore.updateOrder(orderToUpdate: orderToUpdate, timeZone: timeZone, by: by, at: now())
        }
        // What the list counts may have changed.
        await countCache?.forget()
        return changed
    }

    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment? = nil, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        let changed = try await measured("change_status", saved: "status_changed") { () async throws(OrdersStoreError) in
            try await ordersStore.changeStatus(
                id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: now())
        }
        // The list's counts follow the move.
        await countCache?.moved(changed, from: Self.statusBefore(movingTo: status))
        return changed
    }

    /// Moves the order as part of the bulk move `batch` (`BulkBatch.id`), which its history names.
    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, shipment: Shipment?, batch: String, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        let changed = try await measured("change_status", saved: "status_changed") { () async throws(OrdersStoreError) in
            try await ordersStore.changeStatus(
                id: id, to: status, expectedVersion: expectedVersion, reason: nil, shipment: shipment, batch: batch, by: by, at: now())
        }
        await countCache?.moved(changed, from: Self.statusBefore(movingTo: status))
        return changed
    }

    /// Undoes the order's latest move to paid or packed (`OrdersStoreProtocol.undoStatusChange`).
    func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?) async throws(OrdersStoreError) -> Order {
        let undone = try await measured("undo_status", saved: "status_undone") { () async throws(OrdersStoreError) in
            try await ordersStore.undoStatusChange(id: id, expectedVersion: expectedVersion, by: by, at: now())
        }
        await countCache?.moved(undone, from: Self.statusUndone(backTo: undone.status))
        return undone
    }

    /// A step of a cancellation request: asked for, approved or declined (`OrdersStoreProtocol.decideCancellation`).
    func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        let decided = try await measured("decide_cancellation", saved: "cancellation_decided") { () async throws(OrdersStoreError) in
            try await ordersStore.decideCancellation(id: id, decision, expectedVersion: expectedVersion, by: by, at: now())
        }
        // What the list counts may have changed (its cancelled orders, its requests).
        await countCache?.forget()
        return decided
    }

    /// Sets a shipped order's tracking number (`OrdersStoreProtocol.changeTracking`).
    func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        try await measured("change_tracking", saved: "tracking_changed") { () async throws(OrdersStoreError) in
            try await ordersStore.changeTracking(id: id, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: now())
        }
    }

    /// Changes a new order's items (`OrdersStoreProtocol.changeItems`): re-taxed at the rate of
    /// its placing day in `timeZone`.
    func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?
    ) async throws(OrdersStoreError) -> Order {
        try await measured("change_items", saved: "items_changed") { () async throws(OrdersStoreError) in
            try await ordersStore.changeItems(
                id: id, change: change, expectedVersion: expectedVersion, timeZone: timeZone, by: by, at: now())
        }
    }

    /// The status an order left to reach `status`, when only one status leads there (`OrderStatus`'s
    /// arrows: paid from new, packed from paid, shipped from packed); nil for a cancel (from any
    /// status before shipping).
    static func statusBefore(movingTo status: OrderStatus) -> OrderStatus? {
        let before = OrderStatus.allCases.filter { $0.canChange(to: status) }
        return before.count == 1 ? before[0] : nil
    }

    /// The status an undo left to go back to `status`: an undo takes the order back one step along
    /// the arrows (`OrderStatus`), so from the status `status` moves forward to (never cancelled).
    static func statusUndone(backTo status: OrderStatus) -> OrderStatus? {
        OrderStatus.Action.allCases.lazy.compactMap { status.after($0) }.first { $0 != .cancelled }
    }

    func deleteOrder(id: String, by: AccountName?) async throws(OrdersStoreError) -> Order {
        let changed = try await measured("delete", saved: "deleted") { () async throws(OrdersStoreError) in
            try await ordersStore.deleteOrder(id: id, by: by, at: now())
        }
        // What the list counts may have changed.
        await countCache?.forget()
        return changed
    }
}
