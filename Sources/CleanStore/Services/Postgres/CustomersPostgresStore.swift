import Foundation
import Logging
import PostgresNIO

/// Customers in the PostgreSQL database (`PostgresAppDatabase`, tables of migration 16). Each
/// change is one transaction that locks the stored row (`FOR UPDATE`) until it ends:
/// `CustomerWrites` decides on the row read, and the change and its event are written under the
/// lock, the update guarded by the version read too. Sort keys and reversed phones are columns
/// `COLLATE "C"` (by bytes, as SQLite and the memory store compare them).
public final class CustomersPostgresStore: CustomersStoreProtocol {
    public let database: PostgresAppDatabase
    private var client: PostgresClient { database.client }
    private var logger: Logger { database.logger }

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    static let select = "SELECT \(CustomerColumns.selected) FROM customers"

    private func run<T: Sendable>(_ what: String, _ body: (PostgresClient, Logger) async throws -> T) async throws(CustomersStoreError) -> T {
        do {
            return try await body(client, logger)
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    static func customers(_ rows: PostgresRowSequence) async throws -> [Customer] {
        var customers: [Customer] = []
        for try await row in rows {
            customers.append(try CustomerColumns.customer(from: PostgresOrderRow(row: row.makeRandomAccess())))
        }
        return customers
    }

    /// A search's query: the condition, then `more` (a keyset, an order, a limit) with its own
    /// parameters numbered after the search's.
    private static func search(
        _ text: String, more: (_ next: Int) -> String, binds: (inout PostgresBindings) -> Void
    ) -> PostgresQuery {
        let condition = CustomerColumns.condition(CustomerSearch.query(text), function: "strpos") { "$\($0 + 1)" }
        var bindings = PostgresBindings()
        for parameter in condition.parameters {
            switch parameter {
            case .text(let text): bindings.append(text)
            case .number(let number): bindings.append(number)
            }
        }
        binds(&bindings)
        return PostgresQuery(
            unsafeSQL: "\(select) WHERE \(condition.sql) \(more(condition.parameters.count + 1))", binds: bindings)
    }

    public func fetchCustomers(matching text: String, after: CustomersCursor?, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let query = Self.search(
            text,
            more: { next in
                (after == nil ? "" : "AND " + CustomerColumns.keyset(">", sortName: "$\(next)", id: "$\(next + 1)"))
                    + " ORDER BY sort_name, id LIMIT \(max(0, limit))"
            },
            binds: { binds in
                if let after {
                    binds.append(after.sortName)
                    binds.append(after.id)
                }
            })
        return try await run("Cannot fetch customers") { client, logger in try await Self.customers(client.query(query, logger: logger)) }
    }

    public func fetchCustomers(matching text: String, before: CustomersCursor, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let query = Self.search(
            text,
            more: { next in
                "AND " + CustomerColumns.keyset("<", sortName: "$\(next)", id: "$\(next + 1)")
                    + " ORDER BY sort_name DESC, id DESC LIMIT \(max(0, limit))"
            },
            binds: { binds in
                binds.append(before.sortName)
                binds.append(before.id)
            })
        let found = try await run("Cannot fetch customers") { client, logger in try await Self.customers(client.query(query, logger: logger)) }
        return found.reversed()
    }

    public func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        try await run("Cannot fetch customer \(id)") { client, logger in
            try await Self.customers(client.query("\(unescaped: Self.select) WHERE id = \(id)", logger: logger)).first
        }
    }

    public func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] {
        try await run("Cannot fetch the customers sharing a phone or email") { client, logger in
            try await Self.customers(
                client.query(
                    Self.sharing(
                        phoneKey: CustomerSearch.phoneKey(customer.phone), emailKey: CustomerSearch.emailKey(customer.email),
                        except: customer.id ?? 0), logger: logger))
        }
    }

    /// The customers with this phone key or email key (an empty one finds no one), by name.
    private static func sharing(phoneKey: String, emailKey: String, except id: Int64) -> PostgresQuery {
        """
        \(unescaped: select) WHERE ((phone_key = \(phoneKey) AND phone_key <> '') OR (email_key = \(emailKey) AND email_key <> ''))
        AND id <> \(id) AND merged_into IS NULL ORDER BY sort_name, id
        """
    }

    public func createCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        try await run("Cannot create a customer") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                var created = CustomerWrites.created(customer, by: by, at: at)
                try await Self.insert(&created, kind: .created, by: by, at: at, on: connection, logger: logger)
                return created
            }
        }
    }

    public func updateCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        let id = customer.id ?? 0
        return try await run("Cannot update customer \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                let found = try await Self.customers(connection.query("\(unescaped: Self.select) WHERE id = \(id) FOR UPDATE", logger: logger))
                guard let stored = found.first else { throw CustomersStoreError.notFound(id: id) }
                let saved = try CustomerWrites.updated(customer, of: stored, by: by, at: at)
                try await Self.update(saved, from: stored, kind: .updated, by: by, at: at, on: connection, logger: logger)
                return saved
            }
        }
    }

    /// Both rows are locked in the order of their ids, so two merges of the same two customers
    /// wait for each other instead of deadlocking.
    public func mergeCustomers(_ survivor: Customer, merging mergedID: Int64, mergedVersion: Int, by: AccountName?, at: Date)
        async throws(CustomersStoreError) -> CustomersMerge
    {
        let id = survivor.id ?? 0
        return try await run("Cannot merge customer \(mergedID) into customer \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                let found = try await Self.customers(
                    connection.query("\(unescaped: Self.select) WHERE id IN (\(id), \(mergedID)) ORDER BY id FOR UPDATE", logger: logger))
                guard let storedSurvivor = found.first(where: { $0.id == id }) else { throw CustomersStoreError.notFound(id: id) }
                guard let storedMerged = found.first(where: { $0.id == mergedID }) else { throw CustomersStoreError.notFound(id: mergedID) }
                let merge = try CustomerWrites.merged(
                    survivor, of: storedSurvivor, merging: storedMerged, mergedVersion: mergedVersion, by: by, at: at)
                try await Self.save(merge.survivor, over: storedSurvivor, on: connection, logger: logger)
                try await Self.save(merge.merged, over: storedMerged, on: connection, logger: logger)
                // Each moved order's history entry, one statement for them all (its order id the row's), then the move.
                var binds = PostgresBindings()
                try PostgresValues.append(Array(try OrderEventColumns.values(of: merge.orderEvent(orderID: "0"), rowID: 0).dropFirst()), to: &binds)
                binds.append(mergedID)
                let placeholders = (1..<binds.count).map { ", $\($0)" }.joined()
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: """
                            INSERT INTO order_events (\(OrderEventColumns.written))
                            SELECT id\(placeholders) FROM orders WHERE customer_id = $\(binds.count) ORDER BY id
                            """, binds: binds), logger: logger)
                try await connection.query("UPDATE orders SET customer_id = \(id) WHERE customer_id = \(mergedID)", logger: logger)
                try await connection.query("UPDATE drafts SET customer_id = \(id) WHERE customer_id = \(mergedID)", logger: logger)
                for event in merge.events { try await Self.insert(event, on: connection, logger: logger) }
                return merge
            }
        }
    }

    public func fetchHistory(customerID: Int64) async throws(CustomersStoreError) -> [CustomerEvent] {
        try await run("Cannot fetch the history of customer \(customerID)") { client, logger in
            var events: [CustomerEvent] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: CustomerColumns.eventSelected) FROM customer_events WHERE customer_id = \(customerID)
                ORDER BY happened_at DESC, id DESC
                """, logger: logger)
            for try await row in rows {
                events.append(try CustomerColumns.event(from: PostgresOrderRow(row: row.makeRandomAccess())))
            }
            return events
        }
    }

    /// The progress row is locked first: two servers starting together link each batch once.
    public func linkOrders(limit: Int, at: Date) async throws(CustomersStoreError) -> Int {
        try await run("Cannot link orders to customers") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                var progress: (Int64, Bool)?
                for try await row in try await connection.query(
                    "SELECT last_order_id, done FROM customers_from_orders WHERE id = 1 FOR UPDATE", logger: logger
                ).decode((Int64, Bool).self) {
                    progress = row
                }
                guard let progress, !progress.1 else { return 0 }
                let after = progress.0
                var contacts: [CustomersFromOrders.OrderContact] = []
                let rows = try await connection.query(
                    """
                    SELECT id, created_at, first_name, last_name, phone, email,
                        shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip,
                        billing_street1, billing_street2, billing_city, billing_state, billing_zip
                    FROM orders WHERE id > \(after) AND customer_id IS NULL ORDER BY id LIMIT \(max(0, limit))
                    """, logger: logger)
                for try await row in rows {
                    let row = PostgresOrderRow(row: row.makeRandomAccess())
                    contacts.append(
                        CustomersFromOrders.OrderContact(
                            orderID: try row.int64(0), date: Date(timeIntervalSince1970: try row.double(1)), firstName: try row.text(2),
                            lastName: try row.text(3), phone: try row.text(4), email: try row.text(5),
                            shipping: Address(
                                street1: try row.text(6), street2: try row.text(7), city: try row.text(8), state: try row.text(9),
                                zip: try row.text(10)),
                            billing: Address(
                                street1: try row.text(11), street2: try row.text(12), city: try row.text(13), state: try row.text(14),
                                zip: try row.text(15))))
                }
                guard let last = contacts.last else {
                    try await connection.query("UPDATE customers_from_orders SET done = TRUE WHERE id = 1", logger: logger)
                    return 0
                }
                for contact in contacts {
                    let keys = CustomersFromOrders.keys(of: contact)
                    let candidates = try await Self.customers(
                        connection.query(Self.sharing(phoneKey: keys.phone, emailKey: keys.email, except: 0), logger: logger))
                    let customerID: Int64
                    switch CustomersFromOrders.decide(contact, among: candidates, at: at) {
                    case .create(var customer):
                        try await Self.insert(&customer, kind: .fromOrders, by: nil, at: at, on: connection, logger: logger)
                        customerID = customer.id ?? 0
                    case .join(let stored, let saved):
                        if let saved {
                            try await Self.update(saved, from: stored, kind: .fromOrders, by: nil, at: at, on: connection, logger: logger)
                        }
                        customerID = stored.id ?? 0
                    }
                    try await connection.query("UPDATE orders SET customer_id = \(customerID) WHERE id = \(contact.orderID)", logger: logger)
                }
                try await connection.query(
                    "UPDATE customers_from_orders SET last_order_id = \(last.orderID) WHERE id = 1", logger: logger)
                return contacts.count
            }
        }
    }

    public func fetchOrders(customerID: Int64, limit: Int) async throws(CustomersStoreError) -> [CustomerOrder] {
        try await run("Cannot fetch the orders of customer \(customerID)") { client, logger in
            var orders: [CustomerOrder] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: CustomerColumns.orderSelected) FROM orders WHERE customer_id = \(customerID)
                ORDER BY created_at DESC, id DESC LIMIT \(max(0, limit))
                """, logger: logger)
            for try await row in rows {
                orders.append(try CustomerColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess())).order)
            }
            return orders
        }
    }

    public func fetchSummaries(customerIDs: [Int64]) async throws(CustomersStoreError) -> [Int64: CustomerOrdersSummary] {
        guard !customerIDs.isEmpty else { return [:] }
        // Ids are integers: written into the query as they are.
        let sql = CustomerColumns.summaries(list: Set(customerIDs).map(String.init).joined(separator: ", "))
        return try await run("Cannot fetch the customers' orders") { client, logger in
            var newest: [Int64: CustomerOrder] = [:]
            for try await row in try await client.query(PostgresQuery(unsafeSQL: sql.newest), logger: logger) {
                let found = try CustomerColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess()))
                newest[found.customerID] = found.order
            }
            var summaries: [Int64: CustomerOrdersSummary] = [:]
            let figures = try await client.query(PostgresQuery(unsafeSQL: sql.figures), logger: logger)
            for try await (id, count, spend) in figures.decode((Int64, Int64, Int64).self) {
                guard let last = newest[id] else { continue }
                summaries[id] = CustomerOrdersSummary(count: Int(count), spendCents: spend, last: last)
            }
            return summaries
        }
    }

    // MARK: Writing rows

    /// The columns a customer writes and their values, bound from `$1`.
    private static func bindings(_ customer: Customer) -> (names: [String], bindings: PostgresBindings) {
        let written = CustomerColumns.written(customer)
        var bindings = PostgresBindings()
        for (_, value) in written { bindings.append(value) }
        return (written.map(\.name), bindings)
    }

    static func insert(
        _ customer: inout Customer, kind: CustomerEvent.Kind, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger
    ) async throws {
        let (names, initial) = bindings(customer)
        var bindings = initial
        bindings.append(customer.version)
        bindings.append(customer.createdAt.timeIntervalSince1970)
        bindings.appendOptional(customer.createdBy?.username)
        bindings.appendOptional(customer.createdBy?.displayName)
        let placeholders = (1...bindings.count).map { "$\($0)" }.joined(separator: ", ")
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    INSERT INTO customers (\(names.joined(separator: ", ")), version, created_at, created_by_username,
                        created_by_display_name)
                    VALUES (\(placeholders)) RETURNING id
                    """, binds: bindings), logger: logger)
        for try await id in rows.decode(Int64.self) { customer.id = id }
        try await insert(CustomerWrites.event(kind, from: nil, to: customer, by: by, at: at), on: connection, logger: logger)
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock), and its event.
    static func update(
        _ saved: Customer, from stored: Customer, kind: CustomerEvent.Kind, by: AccountName?, at: Date, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        try await save(saved, over: stored, on: connection, logger: logger)
        try await insert(CustomerWrites.event(kind, from: stored, to: saved, by: by, at: at), on: connection, logger: logger)
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock).
    private static func save(_ saved: Customer, over stored: Customer, on connection: PostgresConnection, logger: Logger) async throws {
        let (names, initial) = bindings(saved)
        var bindings = initial
        var assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }
        bindings.append(saved.version)
        bindings.appendOptional(saved.updatedAt?.timeIntervalSince1970)
        bindings.appendOptional(saved.updatedBy?.username)
        bindings.appendOptional(saved.updatedBy?.displayName)
        bindings.appendOptional(saved.mergedInto)
        let n = names.count
        assignments += [
            "version = $\(n + 1)", "updated_at = $\(n + 2)", "updated_by_username = $\(n + 3)", "updated_by_display_name = $\(n + 4)",
            "merged_into = $\(n + 5)",
        ]
        bindings.append(stored.id ?? 0)
        bindings.append(stored.version)
        let rows = try await connection.query(
            PostgresQuery(
                unsafeSQL: """
                    UPDATE customers SET \(assignments.joined(separator: ", "))
                    WHERE id = $\(n + 6) AND version = $\(n + 7) RETURNING id
                    """, binds: bindings), logger: logger)
        var updated = false
        for try await _ in rows { updated = true }
        guard updated else { throw CustomersStoreError.conflict(current: stored) }
    }

    private static func insert(_ event: CustomerEvent, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO customer_events (\(unescaped: CustomerColumns.eventSelected))
            VALUES (\(event.customerID), \(event.kind.rawValue), \(event.at.timeIntervalSince1970), \(event.by?.username),
                \(event.by?.displayName), \(try CustomerColumns.changesJSON(event)))
            """, logger: logger)
    }
}

extension PostgresBindings {
    /// `value`, or NULL.
    fileprivate mutating func appendOptional<Value: PostgresNonThrowingEncodable & Sendable>(_ value: Value?) {
        if let value { append(value) } else { appendNull() }
    }
}
