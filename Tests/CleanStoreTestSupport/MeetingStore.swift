import Foundation

@testable import CleanStore

/// A store whose creates wait for one another: none goes on to the store it wraps until `count`
/// have arrived, then all go at once. Two POSTs of one form, made to meet at the store without
/// a sleep: whatever the layers above do, the store really is asked twice at the same instant.
/// (With fewer than `count` creates, they wait for ever: a test that sends fewer hangs.)
final class MeetingStore: OrdersStoreProtocol, @unchecked Sendable {
    let base: any OrdersStoreProtocol
    private let count: Int
    private let lock = NSLock()
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(_ base: any OrdersStoreProtocol, creates count: Int) {
        self.base = base
        self.count = count
    }

    /// Waits until `count` creates have arrived (the last one lets every one go).
    private func meet() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let everyone: [CheckedContinuation<Void, Never>] = lock.withLock {
                waiting.append(continuation)
                guard waiting.count == count else { return [] }
                defer { waiting = [] }
                return waiting
            }
            for waiting in everyone { waiting.resume() }
        }
    }

    func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        await meet()
        return try await base.createOrder(orderToCreate: orderToCreate, idempotencyKey: idempotencyKey, by: by, at: at)
    }

    func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        try await base.fetchOrders(page: page)
    }

    func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        try await base.countOrders(matching: query, upTo: upTo)
    }

    func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        try await base.fetchOrder(id: id)
    }

    func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await base.updateOrder(orderToUpdate: orderToUpdate, timeZone: timeZone, by: by, at: at)
    }

    func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await base.deleteOrder(id: id, by: by, at: at)
    }

    func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await base.changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
    }

    func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await base.undoStatusChange(id: id, expectedVersion: expectedVersion, by: by, at: at)
    }
    func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await base.decideCancellation(id: id, decision, expectedVersion: expectedVersion, by: by, at: at)
    }
    func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await base.changeTracking(id: id, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
    }
    func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await base.changeItems(id: id, change: change, expectedVersion: expectedVersion, timeZone: timeZone, by: by, at: at)
    }

    func checkHealth() async throws(OrdersStoreError) {
        try await base.checkHealth()
    }
}
