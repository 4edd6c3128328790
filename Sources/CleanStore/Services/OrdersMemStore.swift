/// Orders in memory: for unit tests and `--database :memory:`. Ids are 1, 2, 3, … in order of creation.
/// Seed orders keep their versions (so a test can seed an order someone has saved since).
public actor OrdersMemStore: OrdersStoreProtocol {
    private var orders: [Order] = []
    private var lastID = 0
    private let totalWorker = OrderTotalWorker()

    public init(orders: [Order] = []) {
        for order in orders {
            var order = order
            lastID += 1
            order.id = String(lastID)
            order.total = totalWorker.total(for: order)
            self.orders.append(order)
        }
    }

    public func fetchOrders(page: OrdersPageRequest) throws(OrdersStoreError) -> OrdersPage {
        let all = orders.map { ($0, OrdersCursor(order: $0)!) }.sorted { $0.1.isNewer(than: $1.1) }
        switch page.position {
        case .newest:
            return OrdersPage(orders: all.prefix(page.limit).map(\.0), hasNewer: false, hasOlder: all.count > page.limit)
        case .after(let cursor):
            let older = all.filter { cursor.isNewer(than: $0.1) }
            return OrdersPage(
                orders: older.prefix(page.limit).map(\.0), hasNewer: all.count > older.count,
                hasOlder: older.count > page.limit)
        case .before(let cursor):
            let newer = all.filter { $0.1.isNewer(than: cursor) }
            return OrdersPage(
                orders: newer.suffix(page.limit).map(\.0), hasNewer: newer.count > page.limit,
                hasOlder: all.count > newer.count)
        }
    }

    public func fetchOrder(id: String) throws(OrdersStoreError) -> Order? {
        orders.first { $0.id == id }
    }

    public func createOrder(orderToCreate: Order) throws(OrdersStoreError) -> Order {
        var order = orderToCreate
        order.version = 1
        lastID += 1
        order.id = String(lastID)
        order.total = totalWorker.total(for: order)
        orders.append(order)
        return order
    }

    public func updateOrder(orderToUpdate: Order) throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let index = orders.firstIndex(where: { $0.id == id }) else {
            throw .notFound(id: id)
        }
        guard orderToUpdate.version == orders[index].version else {
            throw .conflict(current: orders[index])
        }
        var order = orderToUpdate
        order.date = orders[index].date
        order.version += 1
        order.total = totalWorker.total(for: order)
        orders[index] = order
        return order
    }

    public func deleteOrder(id: String) throws(OrdersStoreError) -> Order {
        guard let index = orders.firstIndex(where: { $0.id == id }) else {
            throw .notFound(id: id)
        }
        return orders.remove(at: index)
    }

    /// Memory can always be read and written while the process runs: healthy.
    public func checkHealth() throws(OrdersStoreError) {}
}
