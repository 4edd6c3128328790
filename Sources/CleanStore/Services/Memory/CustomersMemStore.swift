import Foundation

/// Customers in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`. Ids are
/// 1, 2, 3, … in order of creation. Each change and its event are one transaction of the
/// database; `CustomerWrites` decides each change on the customer as stored, as in the SQL stores.
public final class CustomersMemStore: CustomersStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    public func fetchCustomers(matching text: String, after: CustomersCursor?, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let found = await found(matching: text)
        return Array(
            found.filter { customer in after.map { CustomerSearch.precedes($0, CustomersCursor(at: customer)) } ?? true }
                .prefix(max(0, limit)))
    }

    public func fetchCustomers(matching text: String, before: CustomersCursor, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let found = await found(matching: text)
        return Array(found.filter { CustomerSearch.precedes(CustomersCursor(at: $0), before) }.suffix(max(0, limit)))
    }

    /// Every customer the search finds, in the list's order.
    private func found(matching text: String) async -> [Customer] {
        let query = CustomerSearch.query(text)
        return await database.read { tables in
            var numbers: [Int64: Set<Int64>] = [:]
            for (order, customer) in tables.orderCustomers {
                if let number = OrderID.rowID(order) { numbers[customer, default: []].insert(number) }
            }
            return tables.customers.values
                .filter { $0.mergedInto == nil && CustomerSearch.matches($0, orderNumbers: numbers[$0.id ?? 0] ?? [], query) }
                .sorted { CustomerSearch.precedes(CustomersCursor(at: $0), CustomersCursor(at: $1)) }
        }
    }

    public func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        await database.read { $0.customers[id] }
    }

    public func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] {
        await database.read { tables in
            tables.customers.values.filter {
                $0.id != customer.id && $0.mergedInto == nil && CustomerSearch.sharesContact(customer, with: $0)
            }
                .sorted { CustomerSearch.precedes(CustomersCursor(at: $0), CustomersCursor(at: $1)) }
        }
    }

    public func createCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        await database.transaction { tables in
            var created = CustomerWrites.created(customer, by: by, at: at)
            Self.insert(&created, into: &tables, kind: .created, by: by, at: at)
            return created
        }
    }

    public func updateCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        let id = customer.id ?? 0
        return try await database.transaction { tables throws(CustomersStoreError) in
            guard let stored = tables.customers[id] else { throw .notFound(id: id) }
            let saved = try CustomerWrites.updated(customer, of: stored, by: by, at: at)
            tables.customers[id] = saved
            tables.customerEvents.append(CustomerWrites.event(.updated, from: stored, to: saved, by: by, at: at))
            return saved
        }
    }

    public func mergeCustomers(_ survivor: Customer, merging mergedID: Int64, mergedVersion: Int, by: AccountName?, at: Date)
        async throws(CustomersStoreError) -> CustomersMerge
    {
        let id = survivor.id ?? 0
        return try await database.transaction { tables throws(CustomersStoreError) in
            guard let storedSurvivor = tables.customers[id] else { throw .notFound(id: id) }
            guard let storedMerged = tables.customers[mergedID] else { throw .notFound(id: mergedID) }
            let merge = try CustomerWrites.merged(
                survivor, of: storedSurvivor, merging: storedMerged, mergedVersion: mergedVersion, by: by, at: at)
            tables.customers[id] = merge.survivor
            tables.customers[mergedID] = merge.merged
            let moved = Set(tables.orderCustomers.filter { $0.value == mergedID }.keys)
            for order in moved { tables.orderCustomers[order] = id }
            // Each moved order's own record of its customer, and an entry in its history (in number order, as the SQL stores).
            for i in tables.orders.indices {
                guard let orderID = tables.orders[i].id, moved.contains(orderID) || tables.orders[i].customerID == mergedID else { continue }
                tables.orders[i].customerID = id
            }
            for orderID in moved.sorted(by: { (OrderID.rowID($0) ?? 0) < (OrderID.rowID($1) ?? 0) }) {
                tables.events.append(merge.orderEvent(orderID: orderID))
            }
            for i in tables.drafts.indices where tables.drafts[i].customerID == mergedID { tables.drafts[i].customerID = id }
            tables.customerEvents += merge.events
            return merge
        }
    }

    public func eraseCustomer(id: Int64, version: Int, by: AccountName?, at: Date) async throws(CustomersStoreError) -> CustomerErasure {
        try await database.transaction { tables throws(CustomersStoreError) in
            guard let stored = tables.customers[id] else { throw .notFound(id: id) }
            try PersonalDataErasure.check(stored, version: version)
            let group = PersonalDataErasure.group(of: id, mergedInto: tables.customers.mapValues(\.mergedInto))
            let members = Set(group)
            let orderIDs = Set(tables.orders.compactMap { order in order.id.flatMap { tables.orderCustomers[$0].map(members.contains) == true ? $0 : nil } })
            let orderIndices = tables.orders.indices.filter { tables.orders[$0].id.map(orderIDs.contains) == true }
            let draftIndices = tables.drafts.indices.filter { tables.drafts[$0].customerID.map(members.contains) == true }
            let customerEvents = tables.customerEvents.indices.filter { members.contains(tables.customerEvents[$0].customerID) }
            let orderEvents = tables.events.indices.filter { orderIDs.contains(tables.events[$0].orderID) }
            let erasure = PersonalDataErasure(
                contacts: group.compactMap { tables.customers[$0].map(PersonalDataErasure.contact(of:)) }
                    + orderIndices.map { PersonalDataErasure.contact(of: tables.orders[$0]) }
                    + draftIndices.map { PersonalDataErasure.contact(of: tables.drafts[$0]) },
                histories: customerEvents.map { tables.customerEvents[$0].changes } + orderEvents.map { tables.events[$0].changes })
            for member in group {
                guard let customer = tables.customers[member] else { continue }
                tables.customers[member] = erasure.erased(customer, by: by, at: at)
            }
            for i in orderIndices { tables.orders[i] = erasure.erased(tables.orders[i], by: by, at: at) }
            for i in draftIndices { tables.drafts[i] = PersonalDataErasure.erased(tables.drafts[i], by: by, at: at) }
            for i in customerEvents { tables.customerEvents[i].changes = erasure.erased(changes: tables.customerEvents[i].changes) }
            for i in orderEvents {
                var event = tables.events[i]
                event.changes = erasure.erased(changes: event.changes)
                let reason = event.statusChange?.reason.map(erasure.scrub)
                event.statusChange?.reason = reason
                tables.events[i] = event
            }
            for i in tables.notes.indices where orderIDs.contains(tables.notes[i].orderID) {
                tables.notes[i].text = erasure.scrub(tables.notes[i].text)
            }
            for (batchID, batch) in tables.bulkBatches {
                for (m, move) in batch.moves.enumerated() where orderIDs.contains(move.orderID) {
                    tables.bulkBatches[batchID]?.moves[m].customer = PersonalDataErasure.erasedValue(move.customer)
                }
            }
            for (viewID, view) in tables.savedViews {
                tables.savedViews[viewID]?.name = erasure.scrub(view.name)
                tables.savedViews[viewID]?.query = erasure.scrubQuery(view.query)
            }
            tables.customerEvents += group.map { PersonalDataErasure.customerEvent(customerID: $0, by: by, at: at) }
            tables.events += orderIndices.compactMap { tables.orders[$0].id.map { PersonalDataErasure.orderEvent(orderID: $0, by: by, at: at) } }
            return CustomerErasure(
                customer: tables.customers[id] ?? stored, customerIDs: group, orders: orderIndices.count, drafts: draftIndices.count)
        }
    }

    public func fetchHistory(customerID: Int64) async throws(CustomersStoreError) -> [CustomerEvent] {
        await database.read { tables in
            tables.customerEvents.enumerated().filter { $0.element.customerID == customerID }
                .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
                .map(\.element)
        }
    }

    public func linkOrders(limit: Int, at: Date) async throws(CustomersStoreError) -> Int {
        await database.transaction { tables in
            guard !tables.customerLinking.done else { return 0 }
            let after = tables.customerLinking.lastOrderID
            let batch = tables.orders.compactMap { order -> (Int64, Order)? in
                guard let id = order.id, let number = OrderID.rowID(id), number > after, tables.orderCustomers[id] == nil else { return nil }
                return (number, order)
            }
            .sorted { $0.0 < $1.0 }.prefix(max(0, limit))
            guard let last = batch.last?.0 else {
                tables.customerLinking.done = true
                return 0
            }
            for (number, order) in batch {
                let contact = CustomersFromOrders.OrderContact(
                    orderID: number, date: order.date, firstName: order.firstName, lastName: order.lastName, phone: order.phone,
                    email: order.email, shipping: order.shipmentAddress, billing: order.billingAddress)
                let keys = CustomersFromOrders.keys(of: contact)
                let candidates = tables.customers.values.filter {
                    $0.mergedInto == nil && ((!keys.email.isEmpty && CustomerSearch.emailKey($0.email) == keys.email)
                        || (!keys.phone.isEmpty && CustomerSearch.phoneKey($0.phone) == keys.phone))
                }
                switch CustomersFromOrders.decide(contact, among: Array(candidates), at: at) {
                case .create(var customer):
                    Self.insert(&customer, into: &tables, kind: .fromOrders, by: nil, at: at)
                    tables.orderCustomers[String(number)] = customer.id
                case .join(let stored, let saved):
                    if let saved {
                        tables.customers[saved.id ?? 0] = saved
                        tables.customerEvents.append(CustomerWrites.event(.fromOrders, from: stored, to: saved, by: nil, at: at))
                    }
                    tables.orderCustomers[String(number)] = stored.id
                }
            }
            // Each order's own record of its customer too (`Order.customerID`, as the SQL column).
            let linked = Set(batch.map { String($0.0) })
            for i in tables.orders.indices {
                if let id = tables.orders[i].id, linked.contains(id) { tables.orders[i].customerID = tables.orderCustomers[id] }
            }
            tables.customerLinking.lastOrderID = last
            return batch.count
        }
    }

    public func fetchOrders(customerID: Int64, limit: Int) async throws(CustomersStoreError) -> [CustomerOrder] {
        await database.read { Array(Self.orders(of: customerID, in: $0).prefix(max(0, limit))) }
    }

    public func fetchSummaries(customerIDs: [Int64]) async throws(CustomersStoreError) -> [Int64: CustomerOrdersSummary] {
        await database.read { tables in
            var summaries: [Int64: CustomerOrdersSummary] = [:]
            for id in Set(customerIDs) {
                if let summary = CustomerOrdersSummary.of(Self.orders(of: id, in: tables)) { summaries[id] = summary }
            }
            return summaries
        }
    }

    /// The orders of a customer, newest first.
    private static func orders(of customerID: Int64, in tables: MemoryAppDatabase.Tables) -> [CustomerOrder] {
        tables.orders.compactMap { order -> (Int64, CustomerOrder)? in
            guard let id = order.id, let number = OrderID.rowID(id), tables.orderCustomers[id] == customerID else { return nil }
            return (number, CustomerOrder(id: id, date: order.date, status: order.status, totalCents: order.totals.totalCents))
        }
        .sorted { ($0.1.date, $0.0) > ($1.1.date, $1.0) }
        .map(\.1)
    }

    /// Gives `customer` the next id and adds it with its event.
    static func insert(
        _ customer: inout Customer, into tables: inout MemoryAppDatabase.Tables, kind: CustomerEvent.Kind, by: AccountName?, at: Date
    ) {
        tables.lastCustomerID = max(tables.lastCustomerID, tables.customers.keys.max() ?? 0) + 1
        customer.id = tables.lastCustomerID
        tables.customers[tables.lastCustomerID] = customer
        tables.customerEvents.append(CustomerWrites.event(kind, from: nil, to: customer, by: by, at: at))
    }
}
