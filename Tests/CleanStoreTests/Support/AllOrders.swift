import Foundation

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

    // For tests where who made a change, and when, does not matter: no one signed in, at 6/29/07
    // 06:00 UTC. (The app's own code always says, through `OrdersWorker`.)

    func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
        try await createOrder(orderToCreate: orderToCreate, by: nil, at: Seeds.june29)
    }

    func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
        try await updateOrder(orderToUpdate: orderToUpdate, by: nil, at: Seeds.june29)
    }

    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        try await deleteOrder(id: id, by: nil, at: Seeds.june29)
    }
}
