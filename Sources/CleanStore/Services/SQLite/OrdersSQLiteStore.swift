import Foundation
import GRDB
import Logging

/// Orders in the SQLite database (`SQLiteAppDatabase`): the default store. Each change is one write
/// transaction (the pool writes one at a time): the stored row is read, `OrderWrites` decides, and
/// the change and its event (`OrderEventsSQLiteStore.insert`) are written with nothing in between.
public final class OrdersSQLiteStore: OrdersStoreProtocol, CardKeyRotating {
    public let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    public func checkHealth() async throws(OrdersStoreError) {
        try await database.checkHealth()
    }

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        let probe = OrdersQuerySQL.commonWordsProbe(page.query.words)
        let order = mapping(opensCards: page.opensCards)
        let columns = page.opensCards ? Self.selectedColumns : OrderColumns.listed
        let read: @Sendable (Database) throws -> OrdersPage = { db in
            let common = try probe.map { probe in
                try Bool.fetchOne(db.cachedStatement(sql: probe.sql), arguments: StatementArguments(probe.arguments)) ?? false
            }
            let sql = OrdersQuerySQL(
                page: page, columns: columns, dialect: .sqlite(trigramIndex: !(common ?? false)))
            // A cached statement: a page's SQL is one of a few shapes, and preparing it anew (with
            // GRDB's authorizer called for every column) was 4% of a list page's CPU.
            // Rows read off the statement as it steps (a cursor), each mapped at once: fetchAll
            // would first copy every column of every row into values of its own.
            let statement = try db.cachedStatement(sql: sql.rows.sql)
            let rows = try Array(Row.fetchCursor(statement, arguments: StatementArguments(sql.rows.arguments)).map(order))
            // Cached too: whether there is a page on the other side, a statement of the page's shape.
            let otherSide = try sql.otherSide.map { statement in
                try Bool.fetchOne(db.cachedStatement(sql: statement.sql), arguments: StatementArguments(statement.arguments)) ?? false
            }
            return OrdersPage(rows: rows, limit: page.limit, otherSide: otherSide ?? false, of: sql)
        }
        do {
            // A list's page reads in place (`SQLiteAppDatabase.read`); an export's batch of 500 on a
            // reader's queue, not keeping a Swift concurrency thread.
            return try await page.limit <= SQLiteAppDatabase.inPlaceRowLimit ? database.read(read) : database.queuedRead(read)
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch a page of orders: \($0)") }
        }
    }

    public func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        let probe = OrdersQuerySQL.commonWordsProbe(query.words)
        do {
            return try await database.read { db in
                let common = try probe.map { probe in
                    try Bool.fetchOne(db.cachedStatement(sql: probe.sql), arguments: StatementArguments(probe.arguments)) ?? false
                }
                let sql = OrdersQuerySQL.count(query, upTo: upTo, dialect: .sqlite(trigramIndex: !(common ?? false)))
                let statement = try db.cachedStatement(sql: sql.sql)
                return try Int.fetchOne(statement, arguments: StatementArguments(sql.arguments)) ?? 0
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot count orders: \($0)") }
        }
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        let order = orderMapping
        do {
            return try await database.read { db in try Self.order(rowID, in: db, order) }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \($0)") }
        }
    }

    /// One read transaction (one snapshot, one hop to a reader, one BEGIN/COMMIT): the order, its
    /// lines, and the notes and history asked for, each a cached statement.
    public func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        let order = orderMapping
        do {
            return try await database.read { db in
                guard let found = try Self.order(rowID, in: db, order) else { return nil }
                var read = OrderPageRead(order: found)
                if parts.contains(.notes) { read.notes = try OrderNotesSQLiteStore.notes(ofOrder: rowID, in: db) }
                if parts.contains(.history) { read.events = try OrderEventsSQLiteStore.events(ofOrder: rowID, in: db) }
                return read
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \($0)") }
        }
    }

    public func createOrder(
        orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        var order = OrderWrites.created(orderToCreate, by: by)
        try database.checkFileIsTheOneOpened()
        let row = try createdRow(order, by: by, idempotencyKey: idempotencyKey)
        let mapping = orderMapping
        // The order made, or the one an earlier create with the key made.
        let outcome: (rowID: Int64?, existing: Order?)
        do {
            // One write transaction (the pool's writes are one at a time): the key is looked up and
            // the order written with nothing in between; the unique index backs it.
            outcome = try await database.pool.write { db in
                if let idempotencyKey,
                    let existing = try Self.order(
                        sql: "SELECT \(Self.selectedColumns) FROM orders WHERE idempotency_key = ?", [idempotencyKey], in: db, mapping)
                {
                    return (nil, existing)
                }
                return (try Self.insert(row, by: by, at: at, in: db), nil)
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot create order: \($0)") }
        }
        if let existing = outcome.existing { throw .alreadyCreated(existing) }
        order.id = outcome.rowID.map(String.init)
        return order
    }

    public func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order] {
        var made = orders.map { OrderWrites.created($0, by: by) }
        try database.checkFileIsTheOneOpened()
        var rows: [CreatedRow] = []
        rows.reserveCapacity(made.count)
        for order in made { rows.append(try createdRow(order, by: by, idempotencyKey: nil)) }
        let written = rows
        let rowIDs: [Int64]
        do {
            // One write transaction for them all, each order as `createOrder` writes it.
            rowIDs = try await database.pool.write { db in
                try written.map { try Self.insert($0, by: by, at: at, in: db) }
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot create orders: \($0)") }
        }
        for index in made.indices { made[index].id = String(rowIDs[index]) }
        return made
    }

    public func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        let cards = database.cards
        do {
            // One write transaction: nothing comes between the decision and the update.
            return try await database.pool.write { db in
                guard let old = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let rates = OrderWrites.movesTaxAddress(orderToUpdate, from: old)
                    ? try OrderGoodsSQLite.taxRates(region: orderToUpdate.shipmentAddress.state, in: db) : []
                let order = try OrderWrites.updated(orderToUpdate, of: old, rates: rates, timeZone: timeZone, by: by, at: at)
                let columns = try OrderColumns.written(by: order, cards: cards) + OrderColumns.updated(by: by, at: at)
                // Guarded by the version read, as a second lock.
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ? AND version = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID)), .integer(orderToUpdate.version)]))
                guard db.changesCount > 0 else { throw OrdersStoreError.conflict(current: old) }
                // The lines' tax shares move with the shipping when it is taxed.
                if order.lines != old.lines { try OrderGoodsSQLite.write(order.lines, ofOrder: rowID, in: db) }
                guard let stored = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.conflict(current: old) }
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, stored))
                try OrderEventsSQLiteStore.insert(event, rowID: rowID, into: db)
                return stored
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot update order with id \(id): \($0)") }
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
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            return try await database.pool.write { db in
                guard let old = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let order = try OrderWrites.statusChanged(
                    old, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
                // Shipping takes the committed stock off hand, cancelling releases it: never short.
                _ = try OrderGoodsSQLite.move(OrderLineWrites.stockMoves(of: old, to: status), in: db)
                let columns = OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID))]))
                guard let saved = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: old.status, to: status, reason: reason, batch: batch))
                try OrderEventsSQLiteStore.insert(event, rowID: rowID, into: db)
                return saved
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot change the status of order \(id): \($0)") }
        }
    }

    public func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            return try await database.pool.write { db in
                guard let old = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                // The newest event, read in the write transaction: nothing comes between it and the undo.
                let latest = try Row.fetchOne(
                    db,
                    sql: "SELECT \(OrderEventColumns.selected) FROM order_events WHERE order_id = ? ORDER BY happened_at DESC, id DESC LIMIT 1",
                    arguments: [rowID]
                ).map { try OrderEventColumns.event(from: SQLiteRow(row: $0)) }
                let (order, undone) = try OrderWrites.statusUndone(old, latest: latest, expectedVersion: expectedVersion, by: by, at: at)
                let columns = OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID))]))
                guard let saved = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: undone.to, to: undone.from))
                try OrderEventsSQLiteStore.insert(event, rowID: rowID, into: db)
                return saved
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot undo the status change of order \(id): \($0)") }
        }
    }

    public func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            return try await database.pool.write { db in
                guard let old = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let (order, statusChange) = try OrderWrites.cancellationDecided(
                    old, decision, expectedVersion: expectedVersion, by: by, at: at)
                // An approval releases what the order committed, as a cancel does.
                if let statusChange { _ = try OrderGoodsSQLite.move(OrderLineWrites.stockMoves(of: old, to: statusChange.to), in: db) }
                let columns = OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID))]))
                guard let saved = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved), statusChange: statusChange)
                try OrderEventsSQLiteStore.insert(event, rowID: rowID, into: db)
                return saved
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot change the cancellation request of order \(id): \($0)") }
        }
    }

    public func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            return try await database.pool.write { db in
                guard let old = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let order = try OrderWrites.trackingChanged(
                    old, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
                let columns = OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID))]))
                guard let saved = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved))
                try OrderEventsSQLiteStore.insert(event, rowID: rowID, into: db)
                return saved
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot change the tracking number of order \(id): \($0)") }
        }
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            return try await database.pool.write { db in
                guard let order = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                try OrderWrites.checkDeletable(order)
                try db.execute(sql: "DELETE FROM orders WHERE id = ?", arguments: [rowID])
                try OrderEventsSQLiteStore.insert(OrderEvent(orderID: id, kind: .deleted, by: by, at: at), rowID: rowID, into: db)
                return order
            }
        } catch {
            throw .from(error) { .cannotDelete("Cannot delete order with id \(id): \($0)") }
        }
    }

    // MARK: Card key rotation

    public func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation {
        let cards = database.cards
        var after: Int64 = 0
        var reencrypted = 0
        do {
            while true {
                // One transaction a batch: the server's own writes wait for one batch at most.
                let start = after
                let batch = try await database.pool.write { db -> (last: Int64?, reencrypted: Int) in
                    let rows = try Row.fetchAll(
                        db, sql: "SELECT id, card_ciphertext, card_key_id FROM orders WHERE id > ? AND card_key_id NOT IN (?, ?) ORDER BY id LIMIT ?",
                        arguments: [start, cards.current.id, SealedCardNumber.erasedKeyID, batchSize])
                    var count = 0
                    for row in rows {
                        let id: Int64 = row[0]
                        let old = SealedCardNumber(ciphertext: row[1], keyID: row[2])
                        let new = try cards.seal(try cards.open(old, orderID: String(id)))
                        try db.execute(
                            sql: "UPDATE orders SET card_ciphertext = ?, card_key_id = ? WHERE id = ? AND card_key_id = ? AND card_ciphertext = ?",
                            arguments: [new.ciphertext, new.keyID, id, old.keyID, old.ciphertext])
                        count += db.changesCount
                    }
                    return (rows.last?[0], count)
                }
                guard let last = batch.last else { break }
                after = last
                reencrypted += batch.reencrypted
                database.logger.info("Re-encrypted card numbers", metadata: ["orders": "\(reencrypted)", "up to id": "\(last)"])
            }
            let remaining = try await database.queuedRead { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM orders WHERE card_key_id NOT IN (?, ?)", arguments: [cards.current.id, SealedCardNumber.erasedKeyID]) ?? 0
            }
            return CardKeyRotation(reencrypted: reencrypted, remaining: remaining)
        } catch {
            throw .from(error) { .cannotUpdate("Cannot re-encrypt card numbers in \(database.path): \($0)") }
        }
    }

    // MARK: Mapping

    /// A created order's row, made before the write transaction (its card encrypted): its columns
    /// but id and creation date, its creation date, its lines.
    private typealias CreatedRow = (columns: [(name: String, value: OrderColumns.Value)], createdAt: Date, lines: [OrderLine])

    private func createdRow(_ order: Order, by: AccountName?, idempotencyKey: String?) throws(OrdersStoreError) -> CreatedRow {
        let columns = try OrderColumns.written(by: order, cards: database.cards) + OrderColumns.created(by: by, idempotencyKey: idempotencyKey)
        return (columns, order.date, order.lines)
    }

    /// Writes `row` as a create does, in the caller's write transaction: numbered by the counter
    /// (no gaps, `OrderGoodsSQLite`), its row and lines as a placing writes them
    /// (`OrderGoodsSQLite.insertOrder`), and its `.created` event. Its number.
    private static func insert(_ row: CreatedRow, by: AccountName?, at: Date, in db: Database) throws -> Int64 {
        let rowID = try OrderGoodsSQLite.nextOrderNumber(in: db)
        try OrderGoodsSQLite.insertOrder(rowID, createdAt: row.createdAt, columns: row.columns, lines: row.lines, in: db)
        try OrderEventsSQLiteStore.insert(OrderEvent(orderID: String(rowID), kind: .created, by: by, at: at), rowID: rowID, into: db)
        return rowID
    }

    /// `name = ?, …` for `columns`.
    private static func assignments(_ columns: [(name: String, value: OrderColumns.Value)]) -> String {
        columns.map { "\($0.name) = ?" }.joined(separator: ", ")
    }

    static let selectedColumns = OrderColumns.selected

    /// The order with `rowID`, with its lines (nil when there is none).
    static func order(_ rowID: Int64, in db: Database, _ mapping: @Sendable (Row) throws -> Order) throws -> Order? {
        // Cached: every order page reads it (see fetchOrders).
        try order(sql: orderByID, [rowID], in: db, mapping)
    }

    /// The statement of `order(_:in:_:)`, made once (the statement cache's key).
    static let orderByID = "SELECT \(selectedColumns) FROM orders WHERE id = ?"

    /// The order `sql` selects (its `selectedColumns`), with its lines.
    static func order(
        sql: String, _ arguments: StatementArguments, in db: Database, _ mapping: @Sendable (Row) throws -> Order
    ) throws -> Order? {
        // Mapped off the statement as it steps (a cursor): `fetchOne` would copy the row's 54
        // columns into values of their own first, and each would then be decoded from its copy.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
        var found: Order?
        while let row = try rows.next() { found = try mapping(row) }
        guard var order = found else { return nil }
        order.lines = try OrderGoodsSQLite.lines(ofOrder: OrderID.rowID(order.id ?? "") ?? 0, in: db)
        return order
    }

    /// Reads an order from a row of `selectedColumns`, decrypting its card number (a value to
    /// pass into database closures, which must not capture the store).
    var orderMapping: @Sendable (Row) throws -> Order { mapping(opensCards: true) }

    /// `orderMapping`, or with `opensCards` false: reads an order from a row of `OrderColumns.listed`,
    /// its card as its last four digits only.
    func mapping(opensCards: Bool) -> @Sendable (Row) throws -> Order {
        let cards = database.cards
        let logger = database.logger
        return { row in try OrderColumns.order(from: SQLiteRow(row: row), cards: cards, logger: logger, opensCard: opensCards) }
    }

    public func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try database.checkFileIsTheOneOpened()
        let mapping = orderMapping
        do {
            // One write transaction: the order, its products and rates read, `OrderLineWrites`
            // decides, the stock moves (a shortage rolls everything back), the order, its lines and
            // its event are written.
            return try await database.pool.write { db in
                guard let stored = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                var named = stored.lines.compactMap(\.productID)
                if case .addLine(let line) = change, let product = line.productID { named.append(product) }
                let products = try OrderGoodsSQLite.products(ids: named, in: db)
                let rates = try OrderGoodsSQLite.taxRates(region: stored.shipmentAddress.state, in: db)
                let (order, moves, changes) = try OrderLineWrites.itemsChanged(
                    stored, change: change, expectedVersion: expectedVersion, products: products, rates: rates, timeZone: timeZone,
                    by: by, at: at)
                if let short = try OrderGoodsSQLite.move(moves, in: db) {
                    throw OrdersStoreError.refused(current: stored, reason: OrderLineColumns.shortageReason(products[short]))
                }
                let columns = OrderColumns.goods(of: order) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(Self.assignments(columns)), version = version + 1 WHERE id = ? AND version = ?",
                    arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID)), .integer(expectedVersion)]))
                guard db.changesCount > 0 else { throw OrdersStoreError.conflict(current: stored) }
                try OrderGoodsSQLite.write(order.lines, ofOrder: rowID, in: db)
                try OrderEventsSQLiteStore.insert(OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: changes), rowID: rowID, into: db)
                guard let saved = try Self.order(rowID, in: db, mapping) else { throw OrdersStoreError.notFound(id: id) }
                return saved
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot change the items of order \(id): \($0)") }
        }
    }
}
