@testable import CleanStore

extension OrdersStoreProtocol {
    /// Every stored order, newest first, read page by page as the list reads them (stores have no
    /// unpaged read: no scene needs one). For tests that check what a store holds.
    func fetchOrders() async throws(OrdersStoreError) -> [Order] {
        var orders: [Order] = []
        var request = OrdersPageRequest(position: .newest, limit: 500)
        while true {
            let page = try await fetchOrders(page: request)
            orders += page.orders
            guard page.hasOlder, let last = page.orders.last, let cursor = OrdersCursor(order: last) else { return orders }
            request.position = .after(cursor)
        }
    }
}
