/// Every order a query finds, in the query's order, a batch at a time: for an export of any size in
/// constant memory. Each batch is one keyset page of the store (`fetchOrders(page:)`, after the
/// last order of the batch before), read when the loop asks for it; no batch holds more than
/// `batchSize` orders, and none is kept once the loop has moved on.
///
/// Not one snapshot: an order created, changed or deleted during the read is seen or not as its
/// place in the order is read before or after the change; an order is never read twice unless
/// an update moves it past the place reached (a sort by name or total).
public struct OrdersBatches: AsyncSequence, Sendable {
    public typealias Element = [Order]
    public typealias Failure = OrdersStoreError

    let store: any OrdersStoreProtocol
    let query: OrdersQuery
    let batchSize: Int

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(store: store, query: query, batchSize: batchSize)
    }

    /// An iterator that starts at `position` instead of the first page (an export that has read
    /// its first page already).
    func makeAsyncIterator(from position: OrdersPageRequest.Position) -> AsyncIterator {
        AsyncIterator(store: store, query: query, batchSize: batchSize, position: position)
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        let store: any OrdersStoreProtocol
        let query: OrdersQuery
        let batchSize: Int
        /// Where the next batch starts; nil once the last has been read.
        var position: OrdersPageRequest.Position? = .newest

        public mutating func next() async throws(OrdersStoreError) -> [Order]? {
            guard let start = position else { return nil }
            let page = try await store.fetchOrders(page: OrdersPageRequest(position: start, limit: batchSize, query: query))
            position = nil
            if page.hasOlder, let last = page.orders.last, let cursor = OrdersCursor(order: last, sortedBy: query.sort.key) {
                position = .after(cursor)
            }
            return page.orders.isEmpty ? nil : page.orders
        }
    }
}

extension OrdersStoreProtocol {
    /// Every order `query` finds, in its order, `batchSize` at a time (see `OrdersBatches`).
    public func orders(matching query: OrdersQuery, batchSize: Int = 500) -> OrdersBatches {
        OrdersBatches(store: self, query: query, batchSize: max(1, batchSize))
    }
}
