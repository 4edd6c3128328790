import Foundation
import Logging
import PostgresNIO

/// Orders in the PostgreSQL database (`PostgresAppDatabase`): the store for several app instances
/// on one database. Each change is one transaction that locks the stored row (`FOR UPDATE`) until
/// it ends: `OrderWrites` decides on the row read, and the change and its event
/// (`OrderEventsPostgresStore.insert`) are written under the lock. Updates are compare-and-swap on
/// the order's version too, so two instances can never overwrite each other's changes (READ
/// COMMITTED is enough: the row lock makes the second `UPDATE … WHERE version = $v` re-read the row
/// and find the version gone).
public final class OrdersPostgresStore: OrdersStoreProtocol, CardKeyRotating {
    public let database: PostgresAppDatabase
    /// The trigrams most orders have, which a search asks the trigram index for its words without
    /// (`PostgresSearchWords`).
    let commonTrigrams: PostgresCommonTrigrams
    private var client: PostgresClient { database.client }
    private var cards: CardKeyring { database.cards }
    private var logger: Logger { database.logger }

    public convenience init(database: PostgresAppDatabase) {
        self.init(database: database, commonTrigrams: PostgresCommonTrigrams())
    }

    init(database: PostgresAppDatabase, commonTrigrams: PostgresCommonTrigrams) {
        self.database = database
        self.commonTrigrams = commonTrigrams
    }

    public func checkHealth() async throws(OrdersStoreError) {
        try await database.checkHealth()
    }

    // MARK: Card key rotation

    public func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation {
        let cards = self.cards
        let logger = self.logger
        var after: Int64 = 0
        var reencrypted = 0
        do {
            while true {
                // One transaction a batch. READ COMMITTED: a row updated meanwhile by a server has
                // another ciphertext, so the guarded UPDATE leaves it alone.
                let batch = try await client.withTransaction(logger: logger) { connection -> (last: Int64?, reencrypted: Int) in
                    var rows: [(Int64, Data, String)] = []
                    for try await row in try await connection.query(
                        """
                        SELECT id, card_ciphertext, card_key_id FROM orders WHERE id > \(after) AND card_key_id <> \(cards.current.id)
                            AND card_key_id <> \(SealedCardNumber.erasedKeyID)
                        ORDER BY id LIMIT \(batchSize)
                        """, logger: logger
                    ).decode((Int64, Data, String).self) {
                        rows.append(row)
                    }
                    var count = 0
                    for (id, ciphertext, keyID) in rows {
                        let new = try cards.seal(try cards.open(SealedCardNumber(ciphertext: ciphertext, keyID: keyID), orderID: String(id)))
                        let updated = try await connection.query(
                            """
                            UPDATE orders SET card_ciphertext = \(new.ciphertext), card_key_id = \(new.keyID)
                            WHERE id = \(id) AND card_key_id = \(keyID) AND card_ciphertext = \(ciphertext) RETURNING id
                            """, logger: logger)
                        for try await _ in updated { count += 1 }
                    }
                    return (rows.last?.0, count)
                }
                guard let last = batch.last else { break }
                after = last
                reencrypted += batch.reencrypted
                logger.info("Re-encrypted card numbers", metadata: ["orders": "\(reencrypted)", "up to id": "\(last)"])
            }
            var remaining = 0
            for try await count in try await client.query(
                "SELECT count(*) FROM orders WHERE card_key_id <> \(cards.current.id) AND card_key_id <> \(SealedCardNumber.erasedKeyID)",
                logger: logger
            ).decode(Int.self) {
                remaining = count
            }
            return CardKeyRotation(reencrypted: reencrypted, remaining: remaining)
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot re-encrypt card numbers: \(String(reflecting: $0))") }
        }
    }

    // MARK: OrdersStoreProtocol

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        let sql = OrdersQuerySQL(
            page: page, columns: page.opensCards ? Self.selectedColumns : OrderColumns.listed, dialect: .postgres,
            commonTrigrams: await searchTrigrams(for: page.query))
        do {
            // Prepared once per connection (`PostgresPreparedStatements`), as the counts below.
            let rows = try await orders(prepared: sql.rows, opensCards: page.opensCards)
            var otherSide = false
            if let statement = sql.otherSide {
                otherSide = try await database.exists(prepared: statement)
            }
            return OrdersPage(rows: rows, limit: page.limit, otherSide: otherSide, of: sql)
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch a page of orders: \(String(reflecting: $0))") }
        }
    }

    public func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
        let sql = OrdersQuerySQL.count(query, upTo: upTo, dialect: .postgres, commonTrigrams: await searchTrigrams(for: query))
        do {
            return try await database.count(prepared: sql)
        } catch {
            throw .from(error) { .cannotFetch("Cannot count orders: \(String(reflecting: $0))") }
        }
    }

    /// The common trigrams (`PostgresCommonTrigrams`) when `query` searches for a word of text;
    /// none (no sample taken) otherwise.
    private func searchTrigrams(for query: OrdersQuery) async -> Set<String> {
        guard query.text?.isEmpty == false,
            query.words.contains(where: { if case .text(_, nil) = $0 { true } else { false } })
        else { return [] }
        return await commonTrigrams.trigrams(on: client, logger: logger)
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        do {
            return try await order(id: rowID)
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \(String(reflecting: $0))") }
        }
    }

    /// One connection (one lease from the pool): the order, its lines, and the notes and history
    /// asked for, each statement prepared once per connection. Outside a transaction each reads the
    /// latest commit (READ COMMITTED), as the separate reads did.
    public func fetchOrderPage(id: String, including parts: OrderPageRead.Parts) async throws(OrdersStoreError) -> OrderPageRead? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        do {
            let logger = self.logger
            return try await client.withConnection { connection in
                guard let order = try await self.order(id: rowID, on: connection) else { return nil }
                var read = OrderPageRead(order: order)
                if parts.contains(.notes) {
                    read.notes = try await OrderNotesPostgresStore.notes(ofOrder: rowID, on: connection, logger: logger)
                }
                if parts.contains(.history) {
                    read.events = try await OrderEventsPostgresStore.events(ofOrder: rowID, on: connection, logger: logger)
                }
                return read
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \(String(reflecting: $0))") }
        }
    }

    /// What a create found: the order's new id, or the order an earlier create with its key made.
    /// A created order's INSERT, made before the transaction (its card encrypted): the statement
    /// (`$1` its number), the values after its number (creation date first) and its lines.
    private struct CreatedRow: Sendable {
        var sql: String
        /// The columns after `id, created_at`, as the statement names them.
        var columns: String
        var createdAt: Double
        var values: [OrderColumns.Value]
        var lines: [OrderLine]
    }

    private func createdRow(_ order: Order, by: AccountName?, idempotencyKey: String?) throws -> CreatedRow {
        let columns = try OrderColumns.written(by: order, cards: cards) + OrderColumns.created(by: by, idempotencyKey: idempotencyKey)
        let placeholders = PostgresValues.placeholders(columns.count + 1, from: 2)
        let names = columns.map(\.name).joined(separator: ", ")
        let sql = """
            INSERT INTO orders (id, created_at, \(names)) OVERRIDING SYSTEM VALUE
            VALUES ($1, \(placeholders))
            """
        return CreatedRow(
            sql: sql, columns: names, createdAt: order.date.timeIntervalSince1970, values: columns.map(\.value), lines: order.lines)
    }

    /// Writes `row` as a create does, in the caller's transaction (the counter's row locked by
    /// then): numbered by the counter, its lines and its `.created` event. Its number.
    private static func insert(
        _ row: CreatedRow, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int64 {
        let rowID = try await OrderGoodsPostgres.nextOrderNumber(on: connection, logger: logger)
        var binds = PostgresBindings()
        binds.append(rowID)
        binds.append(row.createdAt)
        try PostgresValues.append(row.values, to: &binds)
        try await connection.query(PostgresQuery(unsafeSQL: row.sql, binds: binds), logger: logger)
        try await OrderGoodsPostgres.write(row.lines, ofOrder: rowID, newOrder: true, on: connection, logger: logger)
        try await OrderEventsPostgresStore.insert(
            OrderEvent(orderID: String(rowID), kind: .created, by: by, at: at), rowID: rowID, on: connection, logger: logger)
        return rowID
    }

    private enum CreateOutcome {
        case created(Int64)
        case existing(Order)
    }

    public func createOrder(
        orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        var order = OrderWrites.created(orderToCreate, by: by)
        let outcome: CreateOutcome
        do {
            let row = try createdRow(order, by: by, idempotencyKey: idempotencyKey)
            let logger = self.logger
            // Numbered by the counter (`OrderGoodsPostgres`): its row is locked first, so creates and
            // placings take turns, and a key another create used is found committed; the number is
            // taken only when the order is written, in the same transaction: no gaps.
            outcome = try await client.withTransaction(logger: logger) { connection in
                try await OrderGoodsPostgres.lockOrderNumbers(on: connection, logger: logger)
                if let idempotencyKey {
                    let existing: PostgresQuery =
                        "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE idempotency_key = \(idempotencyKey)"
                    if let order = try await self.order(existing, on: connection) { return .existing(order) }
                }
                return .created(try await Self.insert(row, by: by, at: at, on: connection, logger: logger))
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot create order: \(String(reflecting: $0))") }
        }
        switch outcome {
        case .created(let rowID):
            order.id = String(rowID)
            return order
        case .existing(let existing):
            throw .alreadyCreated(existing)
        }
    }

    public func createOrders(_ orders: [Order], by: AccountName?, at: Date) async throws(OrdersStoreError) -> [Order] {
        var made = orders.map { OrderWrites.created($0, by: by) }
        guard !made.isEmpty else { return [] }
        let first: Int64
        do {
            var rows: [CreatedRow] = []
            rows.reserveCapacity(made.count)
            for order in made { rows.append(try createdRow(order, by: by, idempotencyKey: nil)) }
            let written = rows
            let logger = self.logger
            // One transaction for them all, each order as `createOrder` writes it, in a few
            // statements rather than a few each (a million orders seeded is a million round trips
            // fewer): the counter's row locked first, as a create's and a placing's, and moved by
            // their number at once; the orders in multi-row INSERTs, their lines, their `.created`
            // events in multi-row INSERTs.
            first = try await client.withTransaction(logger: logger) { connection in
                try await OrderGoodsPostgres.lockOrderNumbers(on: connection, logger: logger)
                let first = try await OrderGoodsPostgres.nextOrderNumbers(written.count, on: connection, logger: logger)
                let rowIDs = written.indices.map { first + Int64($0) }
                try await PostgresValues.insertRows(
                    zip(written, rowIDs).map { row, rowID in [.integer(Int(rowID)), .real(row.createdAt)] + row.values },
                    into: "orders (id, created_at, \(written[0].columns))", overridingSystemValue: true, on: connection, logger: logger)
                for (row, rowID) in zip(written, rowIDs) where !row.lines.isEmpty {
                    try await OrderGoodsPostgres.write(row.lines, ofOrder: rowID, newOrder: true, on: connection, logger: logger)
                }
                try await OrderEventsPostgresStore.insert(
                    rowIDs.map { (OrderEvent(orderID: String($0), kind: .created, by: by, at: at), $0) }, on: connection, logger: logger)
                return first
            }
        } catch {
            throw .from(unwrapping: error) { .cannotCreate("Cannot create orders: \(String(reflecting: $0))") }
        }
        for index in made.indices { made[index].id = String(first + Int64(index)) }
        return made
    }

    public func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            let cards = self.cards
            return try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: the order read is the one updated,
                // and no status change can come between the decision and the update.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                let rates = OrderWrites.movesTaxAddress(orderToUpdate, from: old)
                    ? try await OrderGoodsPostgres.taxRates(region: orderToUpdate.shipmentAddress.state, on: connection, logger: logger)
                    : []
                let order = try OrderWrites.updated(orderToUpdate, of: old, rates: rates, timeZone: timeZone, by: by, at: at)
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(
                    try OrderColumns.written(by: order, cards: cards) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                binds.append(orderToUpdate.version)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1
                        WHERE id = $\(binds.count - 1) AND version = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else {
                    throw OrdersStoreError.conflict(current: old)
                }
                // The lines' tax shares move with the shipping when it is taxed.
                if order.lines != old.lines { try await OrderGoodsPostgres.write(order.lines, ofOrder: rowID, on: connection, logger: logger) }
                saved.lines = order.lines
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved))
                try await OrderEventsPostgresStore.insert(event, rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot update order with id \(id): \(String(reflecting: $0))") }
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
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: the decision holds for the update.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                let order = try OrderWrites.statusChanged(
                    old, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
                // Shipping takes the committed stock off hand, cancelling releases it: never short.
                _ = try await OrderGoodsPostgres.move(OrderLineWrites.stockMoves(of: old, to: status), on: connection, logger: logger)
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else {
                    throw OrdersStoreError.notFound(id: id)
                }
                saved.lines = old.lines
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: old.status, to: status, reason: reason, batch: batch))
                try await OrderEventsPostgresStore.insert(event, rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot change the status of order \(id): \(String(reflecting: $0))") }
        }
    }

    public func decideCancellation(
        id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: the decision holds for the update.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                let (order, statusChange) = try OrderWrites.cancellationDecided(
                    old, decision, expectedVersion: expectedVersion, by: by, at: at)
                // An approval releases what the order committed, as a cancel does.
                if let statusChange {
                    _ = try await OrderGoodsPostgres.move(OrderLineWrites.stockMoves(of: old, to: statusChange.to), on: connection, logger: logger)
                }
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else {
                    throw OrdersStoreError.notFound(id: id)
                }
                saved.lines = old.lines
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved), statusChange: statusChange)
                try await OrderEventsPostgresStore.insert(event, rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot change the cancellation request of order \(id): \(String(reflecting: $0))") }
        }
    }

    public func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: no event can come between the
                // newest one read here and the undo.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                var latest: OrderEvent?
                let rows = try await connection.query(
                    """
                    SELECT \(unescaped: OrderEventColumns.selected) FROM order_events WHERE order_id = \(rowID)
                    ORDER BY happened_at DESC, id DESC LIMIT 1
                    """, logger: logger)
                for try await row in rows {
                    latest = try OrderEventColumns.event(from: PostgresOrderRow(row: row.makeRandomAccess()))
                }
                let (order, undone) = try OrderWrites.statusUndone(old, latest: latest, expectedVersion: expectedVersion, by: by, at: at)
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else {
                    throw OrdersStoreError.notFound(id: id)
                }
                saved.lines = old.lines
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: undone.to, to: undone.from))
                try await OrderEventsPostgresStore.insert(event, rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot undo the status change of order \(id): \(String(reflecting: $0))") }
        }
    }

    public func changeTracking(
        id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in
                // The row stays locked until the transaction ends: the decision holds for the update.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let old = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                let order = try OrderWrites.trackingChanged(
                    old, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(OrderColumns.status(of: order) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else {
                    throw OrdersStoreError.notFound(id: id)
                }
                saved.lines = old.lines
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved))
                try await OrderEventsPostgresStore.insert(event, rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot change the tracking number of order \(id): \(String(reflecting: $0))") }
        }
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            return try await client.withTransaction(logger: logger) { connection in
                // Locked, as for an update: no status change can come between the decision and the delete.
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let order = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                try OrderWrites.checkDeletable(order)
                try await connection.query("DELETE FROM orders WHERE id = \(rowID)", logger: logger)
                try await OrderEventsPostgresStore.insert(
                    OrderEvent(orderID: id, kind: .deleted, by: by, at: at), rowID: rowID, on: connection, logger: logger)
                return order
            }
        } catch {
            throw .from(unwrapping: error) { .cannotDelete("Cannot delete order with id \(id): \(String(reflecting: $0))") }
        }
    }

    // MARK: Queries

    /// The orders `query` selects (`selectedColumns`), in a transaction.
    private func orders(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [Order] {
        try await orders(of: connection.query(query, logger: logger))
    }

    /// The orders `statement` selects, prepared once per connection; `opensCards` false: rows of
    /// `OrderColumns.listed`, each card its last four digits only.
    private func orders(prepared statement: OrdersQuerySQL.Statement, opensCards: Bool = true) async throws -> [Order] {
        try await PostgresPreparedStatements.rows(statement, on: client, logger: logger).map { try order(from: $0, opensCard: opensCards) }
    }

    private func order(from row: PostgresRow, opensCard: Bool = true) throws -> Order {
        try OrderColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess()), cards: cards, logger: logger, opensCard: opensCard)
    }

    private func orders(of rows: PostgresRowSequence, opensCards: Bool = true) async throws -> [Order] {
        var orders: [Order] = []
        for try await row in rows { orders.append(try order(from: row, opensCard: opensCards)) }
        return orders
    }

    /// An order's read: one connection (one lease from the pool) for the order and its lines, each
    /// prepared once per connection (`OrderGoodsPostgres.lines`).
    private func order(id: Int64) async throws -> Order? {
        try await client.withConnection { connection in try await self.order(id: id, on: connection) }
    }

    /// The order with `id` and its lines on `connection`, each statement prepared once per connection.
    private func order(id: Int64, on connection: PostgresConnection) async throws -> Order? {
        let query: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(id)"
        guard var order = try await PostgresPreparedStatements.rows(query, on: connection, logger: logger).first.map({ try self.order(from: $0) })
        else { return nil }
        order.lines = try await OrderGoodsPostgres.lines(ofOrder: id, on: connection, logger: logger)
        return order
    }

    /// The order `query` selects (`selectedColumns`), with its lines, in a transaction.
    private func order(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> Order? {
        guard var order = try await orders(query, on: connection).first else { return nil }
        order.lines = try await OrderGoodsPostgres.lines(ofOrder: OrderID.rowID(order.id ?? "") ?? 0, on: connection, logger: logger)
        return order
    }

    static let selectedColumns = OrderColumns.selected

    public func changeItems(
        id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        do {
            let logger = self.logger
            // One transaction, the order's row locked: its products and rates read, `OrderLineWrites`
            // decides, the stock moves by conditional updates in product-id order (a shortage rolls
            // everything back), the order, its lines and its event are written.
            return try await client.withTransaction(logger: logger) { connection in
                let select: PostgresQuery = "SELECT \(unescaped: Self.selectedColumns) FROM orders WHERE id = \(rowID) FOR UPDATE"
                guard let stored = try await self.order(select, on: connection) else { throw OrdersStoreError.notFound(id: id) }
                var named = stored.lines.compactMap(\.productID)
                if case .addLine(let line) = change, let product = line.productID { named.append(product) }
                let products = try await OrderGoodsPostgres.products(ids: named, on: connection, logger: logger)
                let rates = try await OrderGoodsPostgres.taxRates(region: stored.shipmentAddress.state, on: connection, logger: logger)
                let (order, moves, changes) = try OrderLineWrites.itemsChanged(
                    stored, change: change, expectedVersion: expectedVersion, products: products, rates: rates, timeZone: timeZone,
                    by: by, at: at)
                if let short = try await OrderGoodsPostgres.move(moves, on: connection, logger: logger) {
                    throw OrdersStoreError.refused(current: stored, reason: OrderLineColumns.shortageReason(products[short]))
                }
                var binds = PostgresBindings()
                let names = try PostgresValues.bind(OrderColumns.goods(of: order) + OrderColumns.updated(by: by, at: at), into: &binds)
                let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
                binds.append(rowID)
                let update = PostgresQuery(
                    unsafeSQL: """
                        UPDATE orders SET \(assignments), version = version + 1 WHERE id = $\(binds.count)
                        RETURNING \(Self.selectedColumns)
                        """, binds: binds)
                guard var saved = try await self.orders(update, on: connection).first else { throw OrdersStoreError.notFound(id: id) }
                try await OrderGoodsPostgres.write(order.lines, ofOrder: rowID, on: connection, logger: logger)
                saved.lines = order.lines
                try await OrderEventsPostgresStore.insert(
                    OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: changes), rowID: rowID, on: connection, logger: logger)
                return saved
            }
        } catch {
            throw .from(unwrapping: error) { .cannotUpdate("Cannot change the items of order \(id): \(String(reflecting: $0))") }
        }
    }
}
