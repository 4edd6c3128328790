import Foundation

/// Orders in memory: for unit tests and `--database :memory:`. Ids are 1, 2, 3, … in order of creation.
/// Seed orders keep their versions and statuses (so a test can seed an order someone has saved
/// since, or a shipped one) and have no history. Each change and its event are one step of the actor: nothing comes between them.
public actor OrdersMemStore: OrdersStoreProtocol, OrderEventsStoreProtocol, OrderNotesStoreProtocol {
    private var orders: [Order] = []
    /// Every order's history, oldest first.
    private var events: [OrderEvent] = []
    /// Every order's notes, oldest first.
    private var notes: [OrderNote] = []
    private var lastID = 0
    private var lastNoteID = 0
    /// The id of the order each idempotency key created (while that order exists).
    private var createdByKey: [String: String] = [:]

    public init(orders: [Order] = []) {
        for order in orders {
            var order = order
            lastID += 1
            order.id = String(lastID)
            order.total = OrderTotal.total(for: order)
            self.orders.append(order)
        }
    }

    public func fetchOrders(page: OrdersPageRequest) throws(OrdersStoreError) -> OrdersPage {
        let query = page.query
        let words = query.words
        let all = orders.filter { order in
            (query.shippingSpeed.map { order.shipmentMethod.speed == $0 } ?? true)
                && (query.status.map { order.status == $0 } ?? true)
                && (query.createdFrom.map { order.date >= $0 } ?? true)
                && (query.createdBefore.map { order.date < $0 } ?? true)
                && OrderSearch.matches(order, words)
        }
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

    public func fetchOrder(id: String) throws(OrdersStoreError) -> Order? {
        orders.first { $0.id == id }
    }

    public func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
        if let idempotencyKey, let id = createdByKey[idempotencyKey], let existing = orders.first(where: { $0.id == id }) {
            throw .alreadyCreated(existing)
        }
        var order = OrderWrites.created(orderToCreate, by: by)
        lastID += 1
        order.id = String(lastID)
        orders.append(order)
        if let idempotencyKey { createdByKey[idempotencyKey] = order.id }
        events.append(OrderEvent(orderID: String(lastID), kind: .created, by: by, at: at))
        return order
    }

    public func updateOrder(orderToUpdate: Order, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let index = orders.firstIndex(where: { $0.id == id }) else {
            throw .notFound(id: id)
        }
        let stored = orders[index]
        let order = try OrderWrites.updated(orderToUpdate, of: stored, by: by, at: at)
        orders[index] = order
        events.append(OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order)))
        return order
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) throws(OrdersStoreError) -> Order {
        guard let index = orders.firstIndex(where: { $0.id == id }) else {
            throw .notFound(id: id)
        }
        try OrderWrites.checkDeletable(orders[index])
        events.append(OrderEvent(orderID: id, kind: .deleted, by: by, at: at))
        notes.removeAll { $0.orderID == id }
        createdByKey = createdByKey.filter { $0.value != id }
        return orders.remove(at: index)
    }

    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, by: AccountName?, at: Date
    ) throws(OrdersStoreError) -> Order {
        guard let index = orders.firstIndex(where: { $0.id == id }) else { throw .notFound(id: id) }
        let stored = orders[index]
        let order = try OrderWrites.statusChanged(stored, to: status, expectedVersion: expectedVersion, reason: reason, by: by, at: at)
        orders[index] = order
        events.append(
            OrderEvent(
                orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(stored, order),
                statusChange: OrderEvent.StatusChange(from: stored.status, to: status, reason: reason)))
        return order
    }

    /// Newest first: by time, then by the order they were written in.
    public func fetchEvents(orderID: String) throws(OrdersStoreError) -> [OrderEvent] {
        events.enumerated().filter { $0.element.orderID == orderID }
            .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
            .map(\.element)
    }

    // MARK: Notes

    public func addNote(orderID: String, text: String, by: AccountName?, at: Date) throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        guard orders.contains(where: { $0.id == orderID }) else { throw .notFound(id: orderID) }
        lastNoteID += 1
        let note = OrderNote(id: String(lastNoteID), orderID: orderID, text: text, by: by, at: at)
        notes.append(note)
        return note
    }

    /// Newest first: by time, then by the order they were written in.
    public func notes(forOrder orderID: String) throws(OrdersStoreError) -> [OrderNote] {
        guard orders.contains(where: { $0.id == orderID }) else { throw .notFound(id: orderID) }
        return notes.enumerated().filter { $0.element.orderID == orderID }
            .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
            .map(\.element)
    }

    /// Memory can always be read and written while the process runs: healthy.
    public func checkHealth() throws(OrdersStoreError) {}
}
