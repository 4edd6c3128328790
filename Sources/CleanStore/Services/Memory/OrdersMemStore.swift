import Foundation

/// Orders in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`. Ids are 1, 2,
/// 3, … in order of creation. Seed orders keep their versions and statuses (so a test can seed an
/// order someone has saved since, or a shipped one) and have no history. Each change and its event
/// are one transaction of the database: nothing comes between them; `OrderWrites` decides each
/// change on the order as stored, as in the SQL stores.
public final class OrdersMemStore: OrdersStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    /// A store on a database of its own, holding `orders` (tests; see `MemoryAppDatabase.init`).
    public convenience init(orders: [Order] = []) {
        self.init(database: MemoryAppDatabase(orders: orders))
    }

    public func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        let words = query.words
        let orders = await database.read { $0.orders }
        var found = 0
        for order in orders where found < upTo && Self.matches(order, query, words) {
            found += 1
        }
        return found
    }

    /// Whether `order` is one `query` finds (its filters, and its words, `OrderSearch.matches`).
    private static func matches(_ order: Order, _ query: OrdersQuery, _ words: [OrderSearch.Word]) -> Bool {
        OrdersQuery.speedAndDatesAdmit(order, shippingSpeed: query.shippingSpeed, createdFrom: query.createdFrom, createdBefore: query.createdBefore)
            && (query.status.map { order.status == $0 } ?? true)
            && (!query.cancellationRequested || order.cancellationRequest != nil)
            && OrderSearch.matches(order, words)
    }

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        // A list's read carries no lines, as the SQL stores' (`Order.lines`): `itemCount` stays.
        let orders = await database.read { $0.orders }.map { order in
            var listed = order
            let count = order.itemCount
            listed.lines = []
            listed.itemCount = count
            // A page that opens no card has each card's last four digits only, as the SQL stores'.
            if !page.opensCards { listed.paymentMethod = order.paymentMethod.lastFourOnly }
            return listed
        }
        let query = page.query
        let words = query.words
        let all = orders.filter { Self.matches($0, query, words) }
        .map { ($0, OrdersCursor(order: $0, sortedBy: query.sort.key)!) }
        .sorted { $0.1.comesBefore($1.1, in: query.sort) }
        switch page.effectivePosition {
        case .newest:
            return OrdersPage(orders: all.prefix(page.limit).map(\.0), hasNewer: false, hasOlder: all.count > page.limit)
        case .after(let cursor):
            let older = all.filter { cursor.comesBefore($0.1, in: query.sort) }
            return OrdersPage(
                orders: older.prefix(page.limit).map(\.0), hasNewer: all.count > older.count,
                hasOlder: older.count > page.limit)
        case .before(let cursor):
            let newer = all.filter { $0.1.comesBefore(cursor, in: query.sort) }
            return OrdersPage(
                orders: newer.suffix(page.limit).map(\.0), hasNewer: newer.count > page.limit,
                hasOlder: all.count > newer.count)
        }
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        await database.read { $0.orders.first { $0.id == id } }
    }

    /// One look at the tables: the order, and its notes and history as their stores list them.
    public func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        await database.read { tables in
            guard let order = tables.orders.first(where: { $0.id == id }) else { return nil }
            return OrderPageRead(
                order: order, notes: parts.contains(.notes) ? tables.notes(ofOrder: id) : [],
                events: parts.contains(.history) ? tables.events(ofOrder: id) : [])
        }
    }

    public func createOrder(
        orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            if let idempotencyKey, let id = tables.createdByKey[idempotencyKey],
                let existing = tables.orders.first(where: { $0.id == id })
            {
                throw .alreadyCreated(existing)
            }
            let order = tables.insertCreated(orderToCreate, by: by, at: at)
            if let idempotencyKey, let id = order.id { tables.createdByKey[idempotencyKey] = id }
            return order
        }
    }

    public func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order] {
        await database.transaction { tables in
            orders.map { tables.insertCreated($0, by: by, at: at) }
        }
    }

    public func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        return try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            let region = orderToUpdate.shipmentAddress.state.uppercased()
            let rates = OrderWrites.movesTaxAddress(orderToUpdate, from: stored) ? tables.taxRates.filter { $0.region == region } : []
            let order = try OrderWrites.updated(orderToUpdate, of: stored, rates: rates, timeZone: timeZone, by: by, at: at)
            tables.orders[index] = order
            tables.record(OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order)))
            return order
        }
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            try OrderWrites.checkDeletable(tables.orders[index])
            tables.record(OrderEvent(orderID: id, kind: .deleted, by: by, at: at))
            tables.notes.removeAll { $0.orderID == id }
            tables.createdByKey = tables.createdByKey.filter { $0.value != id }
            return tables.orders.remove(at: index)
        }
    }

    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await changeStatus(
            id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, batch: nil, by: by, at: at)
    }

    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, batch: String?,
        by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            let order = try OrderWrites.statusChanged(
                stored, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
            for move in OrderLineWrites.stockMoves(of: stored, to: status) {
                tables.products[move.productID]?.stock?.committed += move.committed
                tables.products[move.productID]?.stock?.onHand += move.onHand
            }
            tables.orders[index] = order
            tables.record(
                OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order),
                    statusChange: OrderEvent.StatusChange(from: stored.status, to: status, reason: reason, batch: batch)))
            return order
        }
    }

    public func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            // The newest event, as `OrderEventsMemStore.fetchEvents` orders them.
            let latest = tables.events.enumerated().filter { $0.element.orderID == id }
                .max { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }?.element
            let (order, undone) = try OrderWrites.statusUndone(stored, latest: latest, expectedVersion: expectedVersion, by: by, at: at)
            tables.orders[index] = order
            tables.record(
                OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order),
                    statusChange: OrderEvent.StatusChange(from: undone.to, to: undone.from)))
            return order
        }
    }

    public func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            let (order, statusChange) = try OrderWrites.cancellationDecided(stored, decision, expectedVersion: expectedVersion, by: by, at: at)
            // An approval releases what the order committed, as a cancel does.
            for move in statusChange.map({ OrderLineWrites.stockMoves(of: stored, to: $0.to) }) ?? [] {
                tables.products[move.productID]?.stock?.committed += move.committed
                tables.products[move.productID]?.stock?.onHand += move.onHand
            }
            tables.orders[index] = order
            tables.record(
                OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order), statusChange: statusChange))
            return order
        }
    }

    public func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            let order = try OrderWrites.trackingChanged(
                stored, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
            tables.orders[index] = order
            tables.record(
                OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order)))
            return order
        }
    }

    public func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        try await database.transaction { tables throws(OrdersStoreError) in
            guard let index = tables.orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
            let stored = tables.orders[index]
            let region = stored.shipmentAddress.state.uppercased()
            let (order, moves, changes) = try OrderLineWrites.itemsChanged(
                stored, change: change, expectedVersion: expectedVersion, products: tables.products,
                rates: tables.taxRates.filter { $0.region == region }, timeZone: timeZone, by: by, at: at)
            for move in moves {
                tables.products[move.productID]?.stock?.committed += move.committed
                tables.products[move.productID]?.stock?.onHand += move.onHand
            }
            tables.orders[index] = order
            tables.record(OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: changes))
            return order
        }
    }

    /// Memory can always be read and written while the process runs: healthy.
    public func checkHealth() async throws(OrdersStoreError) {}
}

extension MemoryAppDatabase.Tables {
    /// `orderToCreate` written as a create writes it: numbered by the counter, with its `.created`
    /// event (`createOrder` and `createOrders` both, in their transaction).
    mutating func insertCreated(_ orderToCreate: Order, by: AccountName?, at: Date) -> Order {
        var order = OrderWrites.created(orderToCreate, by: by)
        lastOrderID += 1
        let id = String(lastOrderID)
        order.id = id
        orders.append(order)
        record(OrderEvent(orderID: id, kind: .created, by: by, at: at))
        return order
    }
}
