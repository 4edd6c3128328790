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

    /// The customer asked for is locked first (`FOR UPDATE`), then the whole merge group, then
    /// their orders and drafts: an edit or a merge meanwhile waits, then finds the new version.
    public func eraseCustomer(id: Int64, version: Int, by: AccountName?, at: Date) async throws(CustomersStoreError) -> CustomerErasure {
        try await run("Cannot erase customer \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                guard
                    let stored = try await Self.customers(connection.query("\(unescaped: Self.select) WHERE id = \(id) FOR UPDATE", logger: logger))
                        .first
                else { throw CustomersStoreError.notFound(id: id) }
                try PersonalDataErasure.check(stored, version: version)
                var merges: [Int64: Int64?] = [:]
                for try await (member, into) in try await connection.query(
                    "SELECT id, merged_into FROM customers WHERE merged_into IS NOT NULL OR id = \(id)", logger: logger
                ).decode((Int64, Int64?).self) {
                    merges[member] = into
                }
                let group = PersonalDataErasure.group(of: id, mergedInto: merges)
                // Ids are integers: written into the queries as they are.
                let members = group.map(String.init).joined(separator: ", ")
                let customers = try await Self.customers(
                    connection.query("\(unescaped: Self.select) WHERE id IN (\(unescaped: members)) ORDER BY id FOR UPDATE", logger: logger))
                var orders: [ErasureColumns.StoredOrder] = []
                for try await row in try await connection.query(
                    """
                    SELECT \(unescaped: ErasureColumns.orderSelected) FROM orders WHERE customer_id IN (\(unescaped: members))
                    ORDER BY id FOR UPDATE
                    """, logger: logger)
                {
                    orders.append(try ErasureColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess())))
                }
                let orderList = orders.map { String($0.id) }.joined(separator: ", ")
                var drafts: [(rowID: Int64, draft: Draft)] = []
                for try await row in try await connection.query(
                    "SELECT \(unescaped: DraftColumns.selected) FROM drafts WHERE customer_id IN (\(unescaped: members)) ORDER BY id FOR UPDATE",
                    logger: logger)
                {
                    drafts.append(try DraftColumns.draft(from: PostgresOrderRow(row: row.makeRandomAccess())))
                }
                var customerEvents: [(id: Int64, changes: [OrderChange])] = []
                for try await (eventID, json) in try await connection.query(
                    "SELECT id, changes FROM customer_events WHERE customer_id IN (\(unescaped: members)) ORDER BY id", logger: logger
                ).decode((Int64, String).self) {
                    customerEvents.append((eventID, try ErasureColumns.changes(json)))
                }
                var orderEvents: [(id: Int64, changes: [OrderChange], reason: String?)] = []
                if !orders.isEmpty {
                    for try await (eventID, json, reason) in try await connection.query(
                        "SELECT id, changes, status_reason FROM order_events WHERE order_id IN (\(unescaped: orderList)) ORDER BY id",
                        logger: logger
                    ).decode((Int64, String, String?).self) {
                        orderEvents.append((eventID, try ErasureColumns.changes(json), reason))
                    }
                }
                let erasure = PersonalDataErasure(
                    contacts: customers.map(PersonalDataErasure.contact(of:)) + orders.map(\.contact)
                        + drafts.map { PersonalDataErasure.contact(of: $0.draft) },
                    histories: customerEvents.map(\.changes) + orderEvents.map(\.changes))

                for customer in customers {
                    try await Self.save(erasure.erased(customer, by: by, at: at), over: customer, on: connection, logger: logger)
                }
                for order in orders {
                    var binds = PostgresBindings()
                    let names = try PostgresValues.bind(
                        ErasureColumns.erased(order, by: erasure)
                            + [
                                ("card_ciphertext", .bytes(SealedCardNumber.erased.ciphertext)),
                                ("card_key_id", .text(SealedCardNumber.erasedKeyID)),
                            ] + OrderColumns.updated(by: by, at: at), into: &binds)
                    binds.append(order.id)
                    let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                    try await connection.query(
                        PostgresQuery(
                            unsafeSQL: "UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(names.count + 1)", binds: binds),
                        logger: logger)
                    try await OrderEventsPostgresStore.insert(
                        PersonalDataErasure.orderEvent(orderID: String(order.id), by: by, at: at), rowID: order.id, on: connection, logger: logger)
                }
                for (rowID, draft) in drafts {
                    var binds = PostgresBindings()
                    let names = try PostgresValues.bind(DraftColumns.written(PersonalDataErasure.erased(draft, by: by, at: at)), into: &binds)
                    binds.append(rowID)
                    let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "UPDATE drafts SET \(assignments) WHERE id = $\(names.count + 1)", binds: binds), logger: logger)
                }
                for event in customerEvents {
                    let json = try ErasureColumns.json(erasure.erased(changes: event.changes))
                    try await connection.query("UPDATE customer_events SET changes = \(json) WHERE id = \(event.id)", logger: logger)
                }
                for event in orderEvents {
                    let json = try ErasureColumns.json(erasure.erased(changes: event.changes))
                    let reason = event.reason.map(erasure.scrub)
                    try await connection.query(
                        "UPDATE order_events SET changes = \(json), status_reason = \(reason) WHERE id = \(event.id)", logger: logger)
                }
                if !orders.isEmpty {
                    var notes: [(Int64, String)] = []
                    for try await note in try await connection.query(
                        "SELECT id, text FROM order_notes WHERE order_id IN (\(unescaped: orderList))", logger: logger
                    ).decode((Int64, String).self) {
                        notes.append(note)
                    }
                    for (noteID, text) in notes {
                        try await connection.query("UPDATE order_notes SET text = \(erasure.scrub(text)) WHERE id = \(noteID)", logger: logger)
                    }
                    try await connection.query(
                        """
                        UPDATE bulk_moves SET customer = \(PersonalDataErasure.replacement)
                        WHERE order_id IN (\(unescaped: orderList)) AND customer <> ''
                        """, logger: logger)
                }
                // Any account's saved searches that name them.
                var views: [(Int64, String, String)] = []
                for try await view in try await connection.query("SELECT id, name, query FROM saved_views", logger: logger)
                    .decode((Int64, String, String).self)
                {
                    views.append(view)
                }
                for (viewID, name, query) in views {
                    let scrubbed = (erasure.scrub(name), erasure.scrubQuery(query))
                    guard scrubbed != (name, query) else { continue }
                    try await connection.query(
                        "UPDATE saved_views SET name = \(scrubbed.0), query = \(scrubbed.1) WHERE id = \(viewID)", logger: logger)
                }
                for member in group {
                    try await Self.insert(PersonalDataErasure.customerEvent(customerID: member, by: by, at: at), on: connection, logger: logger)
                }
                let erased = try await Self.customers(connection.query("\(unescaped: Self.select) WHERE id = \(id)", logger: logger)).first
                return CustomerErasure(customer: erased ?? stored, customerIDs: group, orders: orders.count, drafts: drafts.count)
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
                // The batch in a few set-based statements: its customers read in one query, decided in
                // plain Swift (`CustomersFromOrders.plan`), then written, their history, and the orders.
                let keys = contacts.map(CustomersFromOrders.keys(of:))
                let candidates = try await Self.customers(
                    connection.query(
                        """
                        \(unescaped: Self.select) WHERE merged_into IS NULL
                        AND ((phone_key <> '' AND phone_key = ANY(\(Array(Set(keys.map(\.phone)))))) OR (email_key <> '' AND email_key = ANY(\(Array(Set(keys.map(\.email)))))))
                        ORDER BY id
                        """, logger: logger))
                var batch = CustomersFromOrders.plan(contacts, among: candidates, at: at)
                try await Self.write(&batch, on: connection, logger: logger)
                try await connection.query(
                    """
                    UPDATE orders SET customer_id = v.customer_id
                    FROM unnest(\(batch.links.map(\.orderID)), \(batch.links.map(\.customerID))) AS v(order_id, customer_id)
                    WHERE orders.id = v.order_id
                    """, logger: logger)
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
        let placeholders = PostgresValues.placeholders(bindings.count)
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

    /// Writes a batch of the linking (`CustomersFromOrders.Batch`), each kind of row in one
    /// statement: the new customers under ids drawn from the table's own sequence (in the order
    /// they were made, so they number as one at a time would), each changed one guarded by its
    /// stored version (a conflict throws, rolling the batch back), and the history. The batch's
    /// stand-in ids are replaced by the ids given, in its events and links too.
    private static func write(_ batch: inout CustomersFromOrders.Batch, on connection: PostgresConnection, logger: Logger) async throws {
        if !batch.created.isEmpty {
            var ids: [Int64] = []
            let drawn = try await connection.query(
                """
                SELECT nextval(pg_get_serial_sequence('customers', 'id')) FROM generate_series(1, \(batch.created.count))
                """, logger: logger)
            for try await id in drawn.decode(Int64.self) { ids.append(id) }
            ids.sort()
            guard ids.count == batch.created.count else { throw CustomersStoreError.unavailable("Drew \(ids.count) customer ids") }
            var real: [Int64: Int64] = [:]
            for (index, customer) in batch.created.enumerated() { real[customer.id ?? 0] = ids[index] }
            func replaced(_ id: Int64) -> Int64 { id < 0 ? real[id] ?? id : id }
            for index in batch.created.indices { batch.created[index].id = ids[index] }
            for index in batch.events.indices { batch.events[index].customerID = replaced(batch.events[index].customerID) }
            for index in batch.links.indices { batch.links[index].customerID = replaced(batch.links[index].customerID) }
            // Made by no one (the linking), changed by no one: their creators and changers are NULL.
            let (names, binds) = try columns(
                of: batch.created, leading: [("id", .ids(ids))],
                trailing: [
                    ("version", .integers(batch.created.map { Int64($0.version) })),
                    ("created_at", .reals(batch.created.map { $0.createdAt.timeIntervalSince1970 })),
                    ("updated_at", .reals(batch.created.map { $0.updatedAt?.timeIntervalSince1970 ?? .nan })),
                ])
            try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO customers (\(names.joined(separator: ", "))) OVERRIDING SYSTEM VALUE
                        SELECT \(names.map { $0 == "updated_at" ? "NULLIF(v.updated_at, 'NaN')" : $0 == "version" ? "v.version::integer" : "v.\($0)" }.joined(separator: ", "))
                        FROM unnest(\(PostgresValues.placeholders(names.count))) AS v(\(names.joined(separator: ", ")))
                        """, binds: binds), logger: logger)
        }
        if !batch.changed.isEmpty {
            let saved = batch.changed.map(\.saved)
            let (names, binds) = try columns(
                of: saved, leading: [("id", .ids(saved.map { $0.id ?? 0 })), ("stored_version", .integers(batch.changed.map { Int64($0.stored.version) }))],
                trailing: [
                    ("version", .integers(saved.map { Int64($0.version) })),
                    ("updated_at", .reals(saved.map { $0.updatedAt?.timeIntervalSince1970 ?? .nan })),
                ])
            let assigned = names.filter { $0 != "id" && $0 != "stored_version" }.map {
                $0 == "updated_at" ? "updated_at = NULLIF(v.updated_at, 'NaN')" : $0 == "version" ? "version = v.version::integer" : "\($0) = v.\($0)"
            }
            var updated = 0
            let rows = try await connection.query(
                PostgresQuery(
                    unsafeSQL: """
                        UPDATE customers SET \(assigned.joined(separator: ", ")), updated_by_username = NULL, updated_by_display_name = NULL
                        FROM unnest(\(PostgresValues.placeholders(names.count))) AS v(\(names.joined(separator: ", ")))
                        WHERE customers.id = v.id AND customers.version = v.stored_version RETURNING customers.id
                        """, binds: binds), logger: logger)
            for try await _ in rows.decode(Int64.self) { updated += 1 }
            guard updated == saved.count else {
                throw CustomersStoreError.unavailable("Customers changed while their orders were being linked: try again")
            }
        }
        if !batch.events.isEmpty {
            // The linking's events are no one's (`by` nil).
            let changes = try batch.events.map { try CustomerColumns.changesJSON($0) }
            try await connection.query(
                """
                INSERT INTO customer_events (\(unescaped: CustomerColumns.eventSelected))
                SELECT v.customer_id, v.kind, v.happened_at, NULL, NULL, v.changes
                FROM unnest(\(batch.events.map(\.customerID)), \(batch.events.map(\.kind.rawValue)),
                    \(batch.events.map { $0.at.timeIntervalSince1970 }), \(changes))
                    AS v(customer_id, kind, happened_at, changes)
                """, logger: logger)
        }
    }

    /// An array of one column's values for `unnest`.
    private enum ColumnValues {
        case ids([Int64])
        case integers([Int64])
        case reals([Double])
    }

    /// The columns of `customers` (`leading`, those every write names, `trailing`) as arrays,
    /// one bound parameter each, for `unnest`: their names, and the bindings in that order.
    private static func columns(
        of customers: [Customer], leading: [(String, ColumnValues)], trailing: [(String, ColumnValues)]
    ) throws -> (names: [String], binds: PostgresBindings) {
        var binds = PostgresBindings()
        var names: [String] = []
        func append(_ name: String, _ values: ColumnValues) {
            names.append(name)
            switch values {
            case .ids(let values), .integers(let values): binds.append(values)
            case .reals(let values): binds.append(values)
            }
        }
        for (name, values) in leading { append(name, values) }
        let written = customers.map(CustomerColumns.written)
        for (index, column) in (written.first ?? []).enumerated() {
            names.append(column.name)
            binds.append(written.map { $0[index].value })
        }
        for (name, values) in trailing { append(name, values) }
        return (names, binds)
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
