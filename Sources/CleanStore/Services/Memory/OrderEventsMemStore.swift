import Foundation

/// Orders' history in memory (`MemoryAppDatabase`), written by `OrdersMemStore` in its transactions.
public final class OrderEventsMemStore: OrderEventsStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    /// Newest first: by time, then by the order they were written in.
    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        await database.read { tables in
            tables.events.enumerated().filter { $0.element.orderID == orderID }
                .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
                .map(\.element)
        }
    }
}
