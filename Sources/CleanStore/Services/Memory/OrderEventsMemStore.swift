import Foundation

/// Orders' history in memory (`MemoryAppDatabase`), written by `OrdersMemStore` in its transactions.
public final class OrderEventsMemStore: OrderEventsStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    /// Newest first: by time, then by the order they were written in.
    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        await database.read { $0.events(ofOrder: orderID) }
    }
}

extension MemoryAppDatabase.Tables {
    /// The order's history, newest first: by time, then by the order they were written in (the
    /// history's read and the order page's, `OrdersMemStore.fetchOrderPage`).
    func events(ofOrder orderID: String) -> [OrderEvent] {
        events.enumerated().filter { $0.element.orderID == orderID }
            .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
            .map(\.element)
    }
}
