import Foundation
import GRDB

/// Customers in the SQLite database (`SQLiteAppDatabase`, tables of migration v17). Each change is
/// one write transaction (the pool writes one at a time): the stored row is read,
/// `CustomerWrites` decides, and the change and its event are written with nothing in between.
public final class CustomersSQLiteStore: CustomersStoreProtocol {
    public let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    private func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(CustomersStoreError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(CustomersStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    static let select = "SELECT \(CustomerColumns.selected) FROM customers"

    static func customers(_ db: Database, _ sql: String, _ arguments: StatementArguments, cached: Bool = true) throws -> [Customer] {
        // Cached: the linking asks the same few statements for every order it reads, "Who is
        // calling?" the same phone search on every draft page it answers.
        let statement = cached ? try db.cachedStatement(sql: sql) : try db.makeStatement(sql: sql)
        return try Row.fetchAll(statement, arguments: arguments).map { try CustomerColumns.customer(from: SQLiteRow(row: $0)) }
    }

    /// A search's condition and arguments, and whether its statement may be cached: a phone search
    /// has one shape per number of digits, a search of words three per word (a word, an order
    /// number, or both), so only searches of a few words are: a connection's cache is never
    /// emptied, and every other shape would stay in it.
    static func search(_ text: String) -> (sql: String, arguments: [DatabaseValue], cached: Bool) {
        let query = CustomerSearch.query(text)
        let condition = CustomerColumns.condition(query, function: "instr") { _ in "?" }
        var cached = true
        if case .words(let words) = query { cached = words.count <= cachedWords }
        return (
            condition.sql,
            condition.parameters.map {
                switch $0 {
                case .text(let text): text.databaseValue
                case .number(let number): number.databaseValue
                }
            },
            cached
        )
    }

    /// The most words a search may have for its statement to be cached.
    static let cachedWords = 3

    public func fetchCustomers(matching text: String, after: CustomersCursor?, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let search = Self.search(text)
        var sql = "\(Self.select) WHERE \(search.sql)"
        var arguments = search.arguments
        if let after {
            sql += " AND " + CustomerColumns.keyset(">", sortName: "?", id: "?")
            arguments += [after.sortName.databaseValue, after.sortName.databaseValue, after.id.databaseValue]
        }
        sql += " ORDER BY sort_name, id LIMIT ?"
        arguments.append(max(0, limit).databaseValue)
        let query = sql
        let values = StatementArguments(arguments)
        let cached = search.cached
        return try await read("Cannot fetch customers") { db in try Self.customers(db, query, values, cached: cached) }
    }

    public func fetchCustomers(matching text: String, before: CustomersCursor, limit: Int) async throws(CustomersStoreError) -> [Customer] {
        let search = Self.search(text)
        let sql = "\(Self.select) WHERE \(search.sql) AND \(CustomerColumns.keyset("<", sortName: "?", id: "?")) ORDER BY sort_name DESC, id DESC LIMIT ?"
        let values = StatementArguments(
            search.arguments + [
                before.sortName.databaseValue, before.sortName.databaseValue, before.id.databaseValue, max(0, limit).databaseValue,
            ])
        let cached = search.cached
        let found = try await read("Cannot fetch customers") { db in try Self.customers(db, sql, values, cached: cached) }
        return found.reversed()
    }

    public func fetchCustomer(id: Int64) async throws(CustomersStoreError) -> Customer? {
        try await read("Cannot fetch customer \(id)") { db in try Self.customers(db, "\(Self.select) WHERE id = ?", [id]).first }
    }

    public func fetchCustomers(sharingContactWith customer: Customer) async throws(CustomersStoreError) -> [Customer] {
        try await read("Cannot fetch the customers sharing a phone or email") { db in
            try Self.sharing(
                phoneKey: CustomerSearch.phoneKey(customer.phone), emailKey: CustomerSearch.emailKey(customer.email), except: customer.id,
                in: db)
        }
    }

    /// The customers with this phone key or email key (an empty one finds no one), by name.
    private static func sharing(phoneKey: String, emailKey: String, except id: Int64?, in db: Database) throws -> [Customer] {
        try customers(
            db,
            """
            \(select) WHERE ((phone_key = ? AND phone_key <> '') OR (email_key = ? AND email_key <> '')) AND id IS NOT ?
            AND merged_into IS NULL ORDER BY sort_name, id
            """, [phoneKey, emailKey, id])
    }

    public func createCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        try await write("Cannot create a customer") { db in
            var created = CustomerWrites.created(customer, by: by, at: at)
            try Self.insert(&created, kind: .created, by: by, at: at, into: db)
            return created
        }
    }

    public func updateCustomer(_ customer: Customer, by: AccountName?, at: Date) async throws(CustomersStoreError) -> Customer {
        let id = customer.id ?? 0
        return try await write("Cannot update customer \(id)") { db in
            guard let stored = try Self.customers(db, "\(Self.select) WHERE id = ?", [id]).first else {
                throw CustomersStoreError.notFound(id: id)
            }
            let saved = try CustomerWrites.updated(customer, of: stored, by: by, at: at)
            try Self.update(saved, from: stored, kind: .updated, by: by, at: at, in: db)
            return saved
        }
    }

    public func mergeCustomers(_ survivor: Customer, merging mergedID: Int64, mergedVersion: Int, by: AccountName?, at: Date)
        async throws(CustomersStoreError) -> CustomersMerge
    {
        let id = survivor.id ?? 0
        return try await write("Cannot merge customer \(mergedID) into customer \(id)") { db in
            guard let storedSurvivor = try Self.customers(db, "\(Self.select) WHERE id = ?", [id]).first else {
                throw CustomersStoreError.notFound(id: id)
            }
            guard let storedMerged = try Self.customers(db, "\(Self.select) WHERE id = ?", [mergedID]).first else {
                throw CustomersStoreError.notFound(id: mergedID)
            }
            let merge = try CustomerWrites.merged(
                survivor, of: storedSurvivor, merging: storedMerged, mergedVersion: mergedVersion, by: by, at: at)
            try Self.save(merge.survivor, over: storedSurvivor, in: db)
            try Self.save(merge.merged, over: storedMerged, in: db)
            // Each moved order's history entry, one statement for them all (its order id the row's), then the move.
            let event = try OrderEventColumns.values(of: merge.orderEvent(orderID: "0"), rowID: 0).dropFirst()
            try db.execute(
                sql: """
                    INSERT INTO order_events (\(OrderEventColumns.written))
                    SELECT id\(String(repeating: ", ?", count: event.count)) FROM orders WHERE customer_id = ? ORDER BY id
                    """,
                arguments: StatementArguments(Array(event) + [.integer(Int(mergedID))]))
            try db.execute(sql: "UPDATE orders SET customer_id = ? WHERE customer_id = ?", arguments: [id, mergedID])
            try db.execute(sql: "UPDATE drafts SET customer_id = ? WHERE customer_id = ?", arguments: [id, mergedID])
            for event in merge.events { try Self.insert(event, into: db) }
            return merge
        }
    }

    public func eraseCustomer(id: Int64, version: Int, by: AccountName?, at: Date) async throws(CustomersStoreError) -> CustomerErasure {
        try await write("Cannot erase customer \(id)") { db in
            guard let stored = try Self.customers(db, "\(Self.select) WHERE id = ?", [id]).first else {
                throw CustomersStoreError.notFound(id: id)
            }
            try PersonalDataErasure.check(stored, version: version)
            var merges: [Int64: Int64?] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT id, merged_into FROM customers WHERE merged_into IS NOT NULL OR id = ?", arguments: [id]) {
                merges[row[0]] = row[1] as Int64?
            }
            let group = PersonalDataErasure.group(of: id, mergedInto: merges)
            // Ids are integers: written into the queries as they are.
            let members = group.map(String.init).joined(separator: ", ")
            let customers = try Self.customers(db, "\(Self.select) WHERE id IN (\(members)) ORDER BY id", [])
            let orders = try Row.fetchAll(db, sql: "SELECT \(ErasureColumns.orderSelected) FROM orders WHERE customer_id IN (\(members)) ORDER BY id")
                .map { try ErasureColumns.order(from: SQLiteRow(row: $0)) }
            let orderList = orders.map { String($0.id) }.joined(separator: ", ")
            let drafts = try Row.fetchAll(db, sql: "SELECT \(DraftColumns.selected) FROM drafts WHERE customer_id IN (\(members)) ORDER BY id")
                .map { try DraftColumns.draft(from: SQLiteRow(row: $0)) }
            let customerEvents = try Row.fetchAll(
                db, sql: "SELECT id, changes FROM customer_events WHERE customer_id IN (\(members)) ORDER BY id"
            ).map { (id: $0[0] as Int64, changes: try ErasureColumns.changes($0[1] as String)) }
            let orderEvents =
                orders.isEmpty
                ? []
                : try Row.fetchAll(db, sql: "SELECT id, changes, status_reason FROM order_events WHERE order_id IN (\(orderList)) ORDER BY id")
                    .map { (id: $0[0] as Int64, changes: try ErasureColumns.changes($0[1] as String), reason: $0[2] as String?) }
            let erasure = PersonalDataErasure(
                contacts: customers.map(PersonalDataErasure.contact(of:)) + orders.map(\.contact)
                    + drafts.map { PersonalDataErasure.contact(of: $0.draft) },
                histories: customerEvents.map(\.changes) + orderEvents.map(\.changes))

            for customer in customers { try Self.save(erasure.erased(customer, by: by, at: at), over: customer, in: db) }
            for order in orders {
                let values = ErasureColumns.erased(order, by: erasure)
                let written: [(name: String, value: OrderColumns.Value)] =
                    values + [("card_ciphertext", .bytes(SealedCardNumber.erased.ciphertext)), ("card_key_id", .text(SealedCardNumber.erasedKeyID))]
                    + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(written.map { "\($0.name) = ?" }.joined(separator: ", ")), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(written.map { $0.value.sqliteValue } + [order.id.databaseValue]))
                try OrderEventsSQLiteStore.insert(PersonalDataErasure.orderEvent(orderID: String(order.id), by: by, at: at), rowID: order.id, into: db)
            }
            for (rowID, draft) in drafts {
                let saved = PersonalDataErasure.erased(draft, by: by, at: at)
                let written = DraftColumns.written(saved)
                try db.execute(
                    sql: "UPDATE drafts SET \(written.map { "\($0.name) = ?" }.joined(separator: ", ")) WHERE id = ?",
                    arguments: StatementArguments(written.map { $0.value.sqliteValue } + [rowID.databaseValue]))
            }
            for event in customerEvents {
                try db.execute(
                    sql: "UPDATE customer_events SET changes = ? WHERE id = ?",
                    arguments: [try ErasureColumns.json(erasure.erased(changes: event.changes)), event.id])
            }
            for event in orderEvents {
                try db.execute(
                    sql: "UPDATE order_events SET changes = ?, status_reason = ? WHERE id = ?",
                    arguments: [try ErasureColumns.json(erasure.erased(changes: event.changes)), event.reason.map(erasure.scrub), event.id])
            }
            if !orders.isEmpty {
                for row in try Row.fetchAll(db, sql: "SELECT id, text FROM order_notes WHERE order_id IN (\(orderList))") {
                    try db.execute(sql: "UPDATE order_notes SET text = ? WHERE id = ?", arguments: [erasure.scrub(row[1]), row[0] as Int64])
                }
                try db.execute(
                    sql: "UPDATE bulk_moves SET customer = ? WHERE order_id IN (\(orderList)) AND customer <> ''",
                    arguments: [PersonalDataErasure.replacement])
                // The search index drops the old text's entries now, not at some later merge of its segments.
                try db.execute(sql: "INSERT INTO orders_search (orders_search) VALUES ('optimize')")
            }
            // Any account's saved searches that name them.
            for row in try Row.fetchAll(db, sql: "SELECT id, name, query FROM saved_views") {
                let (name, query): (String, String) = (row[1], row[2])
                let scrubbed = (erasure.scrub(name), erasure.scrubQuery(query))
                guard scrubbed != (name, query) else { continue }
                try db.execute(
                    sql: "UPDATE saved_views SET name = ?, query = ? WHERE id = ?", arguments: [scrubbed.0, scrubbed.1, row[0] as Int64])
            }
            for member in group { try Self.insert(PersonalDataErasure.customerEvent(customerID: member, by: by, at: at), into: db) }
            let erased = try Self.customers(db, "\(Self.select) WHERE id = ?", [id]).first ?? stored
            return CustomerErasure(customer: erased, customerIDs: group, orders: orders.count, drafts: drafts.count)
        }
    }

    public func fetchHistory(customerID: Int64) async throws(CustomersStoreError) -> [CustomerEvent] {
        try await read("Cannot fetch the history of customer \(customerID)") { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(CustomerColumns.eventSelected) FROM customer_events WHERE customer_id = ? ORDER BY happened_at DESC, id DESC",
                arguments: [customerID]
            ).map { try CustomerColumns.event(from: SQLiteRow(row: $0)) }
        }
    }

    /// The writer connection's page cache while the linking runs, in KiB; 0 (the default) leaves
    /// the database's own (`SQLiteTuning.cacheKiB`), which the writer gets back when the linking is
    /// done. Measured, a 64 MiB cache did not help (docs/NOTES.md: 28.5 s of CPU at 2 MB, 30.7 s at
    /// 64 MiB, for 100,000 orders), so it is a knob for measuring only:
    /// `CLEANSTORE_LINKING_CACHE_KIB`, `scripts/measure-customer-linking --cache-kib`.
    static let linkingCacheKiB: Int = {
        ProcessInfo.processInfo.environment["CLEANSTORE_LINKING_CACHE_KIB"].flatMap { Int($0) }.map { max(0, $0) } ?? 0
    }()

    /// As the PostgreSQL store: a batch's customers read in one query, the batch decided in plain
    /// Swift (`CustomersFromOrders.plan`, the same plan), then written with cached statements.
    public func linkOrders(limit: Int, at: Date) async throws(CustomersStoreError) -> Int {
        try await write("Cannot link orders to customers") { db in
            guard let progress = try Row.fetchOne(db.cachedStatement(sql: "SELECT last_order_id, done FROM customers_from_orders WHERE id = 1")),
                !(progress[1] as Bool)
            else { return 0 }
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT id, created_at, first_name, last_name, phone, email,
                            shipment_street1, shipment_street2, shipment_city, shipment_state, shipment_zip,
                            billing_street1, billing_street2, billing_city, billing_state, billing_zip
                        FROM orders WHERE id > ? AND +customer_id IS NULL ORDER BY id LIMIT ?
                        """), arguments: [progress[0] as Int64, max(0, limit)])
            // `+customer_id`: not through `orders_by_customer`, whose NULL entries are every order not
            // linked yet, read and sorted again for each batch (linking cost the square of the
            // orders); the rowid range from the last order looked at reads about a batch.
            guard let last = rows.last else {
                try db.execute(sql: "UPDATE customers_from_orders SET done = 1 WHERE id = 1")
                try db.execute(sql: "PRAGMA cache_size = -\(self.database.tuning.cacheKiB)")
                return 0
            }
            if Self.linkingCacheKiB > 0 { try db.execute(sql: "PRAGMA cache_size = -\(Self.linkingCacheKiB)") }
            let contacts = rows.map { row in
                CustomersFromOrders.OrderContact(
                    orderID: row[0], date: Date(timeIntervalSince1970: row[1]), firstName: row[2], lastName: row[3], phone: row[4],
                    email: row[5], shipping: Address(street1: row[6], street2: row[7], city: row[8], state: row[9], zip: row[10]),
                    billing: Address(street1: row[11], street2: row[12], city: row[13], state: row[14], zip: row[15]))
            }
            let keys = contacts.map(CustomersFromOrders.keys(of:))
            func list(_ values: [String]) throws -> String {
                String(decoding: try JSONEncoder().encode(Array(Set(values.filter { !$0.isEmpty })).sorted()), as: UTF8.self)
            }
            let candidates = try Self.customers(
                db,
                """
                \(Self.select) WHERE merged_into IS NULL
                AND ((phone_key <> '' AND phone_key IN (SELECT value FROM json_each(?)))
                    OR (email_key <> '' AND email_key IN (SELECT value FROM json_each(?))))
                ORDER BY id
                """, [try list(keys.map(\.phone)), try list(keys.map(\.email))])
            try Self.write(CustomersFromOrders.plan(contacts, among: candidates, at: at), into: db)
            try db.cachedStatement(sql: "UPDATE customers_from_orders SET last_order_id = ? WHERE id = 1").execute(arguments: [last[0] as Int64])
            return rows.count
        }
    }

    /// Writes a batch of the linking (`CustomersFromOrders.Batch`): the new customers in the order
    /// they were made (so they number as one at a time would), each changed one guarded by its
    /// stored version, the history, and each order's customer; the batch's stand-in ids replaced by
    /// the ids SQLite gives.
    private static func write(_ batch: CustomersFromOrders.Batch, into db: Database) throws {
        var real: [Int64: Int64] = [:]
        for var customer in batch.created {
            let standIn = customer.id ?? 0
            customer.id = nil
            try insertRow(&customer, into: db)
            real[standIn] = customer.id ?? 0
        }
        func replaced(_ id: Int64) -> Int64 { id < 0 ? real[id] ?? id : id }
        for change in batch.changed { try save(change.saved, over: change.stored, in: db) }
        for var event in batch.events {
            event.customerID = replaced(event.customerID)
            try insert(event, into: db)
        }
        let link = try db.cachedStatement(sql: "UPDATE orders SET customer_id = ? WHERE id = ?")
        for order in batch.links { try link.execute(arguments: [replaced(order.customerID), order.orderID]) }
    }

    public func fetchOrders(customerID: Int64, limit: Int) async throws(CustomersStoreError) -> [CustomerOrder] {
        try await read("Cannot fetch the orders of customer \(customerID)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(CustomerColumns.orderSelected) FROM orders WHERE customer_id = ?
                    ORDER BY created_at DESC, id DESC LIMIT ?
                    """, arguments: [customerID, max(0, limit)]
            ).map { try CustomerColumns.order(from: SQLiteRow(row: $0)).order }
        }
    }

    public func fetchSummaries(customerIDs: [Int64]) async throws(CustomersStoreError) -> [Int64: CustomerOrdersSummary] {
        guard !customerIDs.isEmpty else { return [:] }
        // One placeholder per id: cached statements, one per number of customers found (a page's
        // few), not one per set of ids.
        let ids = Set(customerIDs).sorted()
        let sql = CustomerColumns.summaries(list: "?" + String(repeating: ", ?", count: ids.count - 1))
        let arguments = StatementArguments(ids)
        return try await read("Cannot fetch the customers' orders") { db in
            var newest: [Int64: CustomerOrder] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: sql.newest), arguments: arguments) {
                let found = try CustomerColumns.order(from: SQLiteRow(row: row))
                newest[found.customerID] = found.order
            }
            var summaries: [Int64: CustomerOrdersSummary] = [:]
            for row in try Row.fetchAll(db.cachedStatement(sql: sql.figures), arguments: arguments) {
                let id: Int64 = row[0]
                guard let last = newest[id] else { continue }
                summaries[id] = CustomerOrdersSummary(count: row[1], spendCents: row[2], last: last)
            }
            return summaries
        }
    }

    // MARK: Writing rows

    static func insert(_ customer: inout Customer, kind: CustomerEvent.Kind, by: AccountName?, at: Date, into db: Database) throws {
        try insertRow(&customer, into: db)
        try insert(CustomerWrites.event(kind, from: nil, to: customer, by: by, at: at), into: db)
    }

    /// The customer's row alone (no event): `customer.id` becomes the id SQLite gave it.
    private static func insertRow(_ customer: inout Customer, into db: Database) throws {
        let written = CustomerColumns.written(customer)
        let values = written.map(\.value.databaseValue) + [
            customer.version.databaseValue, customer.createdAt.timeIntervalSince1970.databaseValue,
            (customer.createdBy?.username).databaseValue, (customer.createdBy?.displayName).databaseValue,
        ]
        try db.cachedStatement(
            sql: """
                INSERT INTO customers (\(written.map(\.name).joined(separator: ", ")), version, created_at, created_by_username,
                    created_by_display_name)
                VALUES (?\(String(repeating: ", ?", count: values.count - 1)))
                """
        ).execute(arguments: StatementArguments(values))
        customer.id = db.lastInsertedRowID
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock), and its event.
    static func update(
        _ saved: Customer, from stored: Customer, kind: CustomerEvent.Kind, by: AccountName?, at: Date, in db: Database
    ) throws {
        try save(saved, over: stored, in: db)
        try insert(CustomerWrites.event(kind, from: stored, to: saved, by: by, at: at), into: db)
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock).
    private static func save(_ saved: Customer, over stored: Customer, in db: Database) throws {
        let written = CustomerColumns.written(saved)
        try db.cachedStatement(
            sql: """
                UPDATE customers SET \(written.map { "\($0.name) = ?" }.joined(separator: ", ")), version = ?,
                    updated_at = ?, updated_by_username = ?, updated_by_display_name = ?, merged_into = ?
                WHERE id = ? AND version = ?
                """
        ).execute(
            arguments: StatementArguments(
                written.map(\.value.databaseValue) + [
                    saved.version.databaseValue, (saved.updatedAt?.timeIntervalSince1970).databaseValue,
                    (saved.updatedBy?.username).databaseValue, (saved.updatedBy?.displayName).databaseValue,
                    saved.mergedInto.databaseValue, (stored.id ?? 0).databaseValue, stored.version.databaseValue,
                ]))
        guard db.changesCount > 0 else { throw CustomersStoreError.conflict(current: stored) }
    }

    private static func insert(_ event: CustomerEvent, into db: Database) throws {
        try db.cachedStatement(sql: "INSERT INTO customer_events (\(CustomerColumns.eventSelected)) VALUES (?, ?, ?, ?, ?, ?)").execute(
            arguments: [
                event.customerID, event.kind.rawValue, event.at.timeIntervalSince1970, event.by?.username, event.by?.displayName,
                try CustomerColumns.changesJSON(event),
            ])
    }
}
