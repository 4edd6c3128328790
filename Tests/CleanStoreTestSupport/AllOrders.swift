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

    /// An update in the tests' shop, whose time zone is UTC (`TestEnvironment`'s).
    func updateOrder(orderToUpdate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await updateOrder(orderToUpdate: orderToUpdate, timeZone: TimeZone(identifier: "UTC")!, by: by, at: at)
    }

    func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        try await deleteOrder(id: id, by: nil, at: Seeds.june29)
    }
}

extension OrdersStoreProtocol {
    /// The order moved to `status` along the arrows (`OrderStatus`), one change at a time from its
    /// status now, by no one at 6/29/07 06:00 UTC; returns it as saved.
    func changeStatus(of order: Order, to status: OrderStatus) async throws(OrdersStoreError) -> Order {
        var order = order
        for step in OrderStatus.path(from: order.status, to: status) {
            order = try await changeStatus(id: order.id!, to: step, expectedVersion: order.version, reason: nil, by: nil, at: Seeds.june29)
        }
        return order
    }
}

extension OrderStatus {
    /// The statuses an order goes through from `from` to `to`, without `from`: forwards along
    /// new → paid → packed → shipped, or straight to cancelled; empty when it cannot get there.
    static func path(from: OrderStatus, to: OrderStatus) -> [OrderStatus] {
        if to == .cancelled { return from.canChange(to: .cancelled) ? [.cancelled] : [] }
        let forwards: [OrderStatus] = [.new, .paid, .packed, .shipped]
        guard let start = forwards.firstIndex(of: from), let end = forwards.firstIndex(of: to), start < end else { return [] }
        return Array(forwards[(start + 1)...end])
    }
}
