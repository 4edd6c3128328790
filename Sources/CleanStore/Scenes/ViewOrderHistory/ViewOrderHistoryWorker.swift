import Logging

/// Reads an order's history from the events store. Not final: tests subclass it into a spy.
class ViewOrderHistoryWorker {
    let eventsStore: any OrderEventsStoreProtocol
    /// Where a store's failure is said (the request's logger, with its id).
    let logger: Logger

    init(eventsStore: any OrderEventsStoreProtocol, logger: Logger = Logger(label: "cleanstore")) {
        self.eventsStore = eventsStore
        self.logger = logger
    }

    /// The order's events, newest first; a failure of the store is logged at error level.
    func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        do {
            return try await eventsStore.fetchEvents(orderID: orderID)
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }
}
