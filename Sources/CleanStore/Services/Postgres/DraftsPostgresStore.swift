import Foundation
import Logging
import PostgresNIO

/// Drafts in the PostgreSQL database (`PostgresAppDatabase`), for several app instances on one
/// database. Each change is one transaction that locks the draft's row (`FOR UPDATE`):
/// `DraftWrites` decides on the draft read, and the row and its lines are written under the lock.
/// Placing locks the order-number counter first (placings and creates take turns on it, so a
/// used idempotency key is found committed), then the draft, reads the products its lines name,
/// its state's tax rates and the recent orders, asks `DraftPlacing`, and commits the stock by
/// conditional updates in product-id order: under READ COMMITTED each update re-reads the
/// product's row it waited for, so two instances never both commit the last unit.
public final class DraftsPostgresStore: DraftsStoreProtocol {
    public let database: PostgresAppDatabase
    private let refs: DraftRefs
    private var client: PostgresClient { database.client }
    private var logger: Logger { database.logger }

    public init(database: PostgresAppDatabase, refs: DraftRefs = DraftRefs()) {
        self.database = database
        self.refs = refs
    }

    public func createDraft(
        by: AccountName?, at: Date, key: String?, repeating: Int64?
    ) async throws(DraftsStoreError) -> (draft: Draft, made: Bool) {
        let refs = refs
        return try await transaction("Cannot create a draft") { connection, logger in
            if let key {
                // Two requests with one key wait for each other here: the second finds the first's draft.
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext('drafts.creation_key'), hashtext(\(key)))", logger: logger)
                var ref: String?
                for try await found in try await connection.query(
                    "SELECT ref FROM drafts WHERE creation_key = \(key)", logger: logger
                ).decode(String.self) {
                    ref = found
                }
                if let ref, let made = try await Self.draft(ref: ref, lock: false, on: connection, logger: logger)?.draft {
                    return (made, false)
                }
            }
            var draft = Draft(ref: refs.next(), createdAt: at, createdBy: by)
            draft.repeatsOrderID = repeating
            while true {
                let columns = DraftColumns.created(draft)
                var binds = PostgresBindings()
                var names = try PostgresValues.bind(columns, into: &binds)
                names.append("creation_key")
                if let key { binds.append(key) } else { binds.appendNull() }
                let placeholders = PostgresValues.placeholders(binds.count)
                let rows = try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO drafts (\(names.joined(separator: ", "))) VALUES (\(placeholders)) ON CONFLICT (ref) DO NOTHING RETURNING id",
                        binds: binds), logger: logger)
                var inserted = false
                for try await _ in rows { inserted = true }
                if inserted { return (draft, true) }
                draft.ref = refs.next()
            }
        }
    }

    public func fetchDraft(ref: String) async throws(DraftsStoreError) -> Draft? {
        try await transaction("Cannot fetch draft \(ref)") { connection, logger in
            try await Self.draft(ref: ref, lock: false, on: connection, logger: logger)?.draft
        }
    }

    public func fetchDrafts(mineFirst mine: AccountName?, limit: Int) async throws(DraftsStoreError) -> [Draft] {
        try await transaction("Cannot fetch the drafts") { connection, logger in
            var found: [(Int64, Draft)] = []
            let rows = try await connection.query(
                """
                SELECT \(unescaped: DraftColumns.selected) FROM drafts
                ORDER BY COALESCE(created_by_username = \(mine?.username), FALSE) DESC,
                    updated_at DESC, ref COLLATE "C" DESC LIMIT \(limit)
                """, logger: logger)
            for try await row in rows { found.append(try DraftColumns.draft(from: PostgresOrderRow(row: row.makeRandomAccess()))) }
            var drafts: [Draft] = []
            for (rowID, draft) in found { drafts.append(try await Self.withLines(draft, rowID: rowID, on: connection, logger: logger)) }
            return drafts
        }
    }

    public func updateDraft(
        ref: String, change: DraftChange, expectedVersion: Int?, by: AccountName?, at: Date
    ) async throws(DraftsStoreError) -> Draft {
        try await transaction("Cannot change draft \(ref)") { connection, logger in
            guard let (rowID, stored) = try await Self.draft(ref: ref, lock: true, on: connection, logger: logger) else {
                throw DraftsStoreError.notFound(ref: ref)
            }
            let draft = try DraftWrites.applied(change, to: stored, expectedVersion: expectedVersion, by: by, at: at)
            var binds = PostgresBindings()
            let names = try PostgresValues.bind(DraftColumns.written(draft), into: &binds)
            binds.append(rowID)
            let assignments = names.enumerated().map { "\($1) = $\($0 + 1)" }.joined(separator: ", ")
            try await connection.query(
                PostgresQuery(unsafeSQL: "UPDATE drafts SET \(assignments) WHERE id = $\(binds.count)", binds: binds), logger: logger)
            if draft.lines != stored.lines {
                try await connection.query("DELETE FROM draft_lines WHERE draft_id = \(rowID)", logger: logger)
                for (position, line) in draft.lines.enumerated() {
                    var binds = PostgresBindings()
                    binds.append(rowID)
                    try PostgresValues.append(OrderLineColumns.values(of: line, position: position, ofOrder: false), to: &binds)
                    let placeholders = PostgresValues.placeholders(binds.count)
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "INSERT INTO draft_lines (draft_id, \(OrderLineColumns.ofDraft)) VALUES (\(placeholders))", binds: binds),
                        logger: logger)
                }
            }
            return draft
        }
    }

    public func deleteDraft(ref: String) async throws(DraftsStoreError) {
        try await transaction("Cannot delete draft \(ref)") { connection, logger in
            var deleted = false
            for try await _ in try await connection.query("DELETE FROM drafts WHERE ref = \(ref) RETURNING id", logger: logger) { deleted = true }
            guard deleted else { throw DraftsStoreError.notFound(ref: ref) }
        }
    }

    public func deleteDrafts(changedBefore date: Date) async throws(DraftsStoreError) -> Int {
        try await transaction("Cannot remove old drafts") { connection, logger in
            var count = 0
            for try await _ in try await connection.query(
                "DELETE FROM drafts WHERE updated_at < \(date.timeIntervalSince1970) RETURNING id", logger: logger)
            {
                count += 1
            }
            return count
        }
    }

    public func fetchCheckedDraft(ref: String, request: PlacingRequest, at: Date, findingDuplicate: Bool) async throws(DraftsStoreError)
        -> CheckedDraft?
    {
        let cards = database.cards
        return try await transaction("Cannot check draft \(ref)") { connection, logger in
            guard let (_, draft) = try await Self.draft(ref: ref, lock: false, on: connection, logger: logger) else { return nil }
            let check = try await Self.check(
                draft, on: connection, at: at, timeZone: request.timeZone, findingDuplicate: findingDuplicate, cards: cards, logger: logger
            ).check
            return CheckedDraft(draft: draft, check: check)
        }
    }

    public func place(ref: String, request: PlacingRequest, by: AccountName?, at: Date) async throws(DraftsStoreError) -> Order {
        let cards = database.cards
        return try await transaction("Cannot place draft \(ref)") { connection, logger in
            // The order's number first: its UPDATE locks the counter until the transaction ends, as
            // `lockOrderNumbers` would (a key looked up after it is not taken by another at once),
            // in one round trip instead of two; a placing refused or rolled back gives it back.
            let rowID = try await OrderGoodsPostgres.nextOrderNumber(on: connection, logger: logger)
            if let key = request.idempotencyKey,
                let order = try await Self.orders(
                    "SELECT \(unescaped: OrderColumns.selected) FROM orders WHERE idempotency_key = \(key)", on: connection, cards: cards,
                    logger: logger
                ).first
            {
                var placed = order
                placed.lines = try await OrderGoodsPostgres.lines(ofOrder: OrderID.rowID(order.id ?? "") ?? 0, on: connection, logger: logger)
                throw DraftsStoreError.alreadyPlaced(placed)
            }
            guard let (draftRowID, draft) = try await Self.draft(ref: ref, lock: true, on: connection, logger: logger) else {
                throw DraftsStoreError.notFound(ref: ref)
            }
            if let version = request.draftVersion, version != draft.version { throw DraftsStoreError.draftChanged(current: draft) }
            let (check, products) = try await Self.check(draft, on: connection, at: at, timeZone: request.timeZone, cards: cards, logger: logger)
            guard check.allowsPlacing(duplicateAccepted: request.placeDuplicateAnyway), let payment = request.payment else {
                throw DraftsStoreError.refused(check)
            }
            // Decided: the stock, one conditional update per product in id order (a shortage rolls
            // the whole placing back: the throw ends the transaction), then the numbered order.
            let commits = DraftPlacing.stockCommits(of: draft, products: products).map {
                OrderLineWrites.StockMove(productID: $0.productID, committed: $0.quantity, onHand: 0)
            }
            if let short = try await OrderGoodsPostgres.move(commits, on: connection, logger: logger) {
                let now = try await OrderGoodsPostgres.products(ids: products.keys, on: connection, logger: logger)
                throw DraftsStoreError.refused(DraftPlacing.shortChecked(check, draft: draft, products: now, short: short))
            }
            var order = DraftPlacing.order(from: draft, check: check, products: products, payment: payment, id: String(rowID), by: by, at: at)
            order.customerID = try await Self.caller(of: draft, request: request, by: by, at: at, on: connection, logger: logger)
            let columns: [(name: String, value: OrderColumns.Value)] =
                [("id", .integer(Int(rowID))), ("created_at", .real(at.timeIntervalSince1970))]
                + (try OrderColumns.written(by: order, cards: cards) + OrderColumns.created(by: by, idempotencyKey: request.idempotencyKey)
                    + [("customer_id", order.customerID.map { .integer(Int($0)) } ?? .null)])
            var binds = PostgresBindings()
            let names = try PostgresValues.bind(columns, into: &binds)
            let placeholders = PostgresValues.placeholders(binds.count)
            // Prepared: one text for every placing, its NULLs part of the key.
            _ = try await PostgresPreparedStatements.rows(
                PostgresQuery(
                    unsafeSQL: "INSERT INTO orders (\(names.joined(separator: ", "))) OVERRIDING SYSTEM VALUE VALUES (\(placeholders))",
                    binds: binds), types: PostgresPreparedStatements.types(of: columns.map(\.value)), on: connection, logger: logger)
            try await OrderGoodsPostgres.write(order.lines, ofOrder: rowID, newOrder: true, on: connection, logger: logger)
            try await OrderEventsPostgresStore.insert(
                DraftPlacing.createdEvent(of: order, check: check, request: request, by: by, at: at), rowID: rowID, on: connection,
                logger: logger)
            _ = try await PostgresPreparedStatements.rows("DELETE FROM drafts WHERE id = \(draftRowID)", on: connection, logger: logger)
            return order
        }
    }

    /// The customer the order is taken for: with "Save this caller", the one `DraftPlacing.savedCaller`
    /// decides, written here in the placing transaction (`CustomersPostgresStore`'s rows and event,
    /// the customer's row locked first); without, the one the draft was copied from.
    private static func caller(
        of draft: Draft, request: PlacingRequest, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Int64? {
        guard request.saveCaller else { return draft.customerID }
        var stored: Customer?
        if let id = draft.customerID {
            stored = try await CustomersPostgresStore.customers(
                connection.query("\(unescaped: CustomersPostgresStore.select) WHERE id = \(id) FOR UPDATE", logger: logger)
            ).first
        }
        switch DraftPlacing.savedCaller(of: draft, stored: stored, by: by, at: at) {
        case .create(var customer):
            try await CustomersPostgresStore.insert(&customer, kind: .created, by: by, at: at, on: connection, logger: logger)
            return customer.id
        case .update(let saved, let stored):
            try await CustomersPostgresStore.update(saved, from: stored, kind: .updated, by: by, at: at, on: connection, logger: logger)
            return saved.id
        case .unchanged(let customer):
            return customer.id
        }
    }

    // MARK: Reading

    /// What placing `draft` now meets (`DraftPlacing.check`), and the products its lines name.
    /// What placing `draft` now meets, and the products its lines name; without
    /// `findingDuplicate`, no candidate is read (as `DraftsSQLiteStore.check`).
    private static func check(
        _ draft: Draft, on connection: PostgresConnection, at: Date, timeZone: TimeZone, findingDuplicate: Bool = true,
        cards: CardKeyring, logger: Logger
    ) async throws -> (check: PlacingCheck, products: [Int64: Product]) {
        let products = try await OrderGoodsPostgres.products(ids: draft.lines.compactMap(\.productID), on: connection, logger: logger)
        let rates = try await OrderGoodsPostgres.taxRates(region: draft.shipmentAddress.state, on: connection, logger: logger)
        let since = at.addingTimeInterval(-DraftPlacing.duplicateWindow)
        // Each candidate's few columns (no card decrypted), the newest `limit` at a time; the lines
        // of each in turn, newest first, until one has the draft's items; that order alone is read
        // in full. A caller with more candidates than a round held is read again with a larger
        // limit, skipping those already looked at (PostgreSQL cannot stop a statement half-way:
        // `OrdersQuerySQL.duplicateCandidates`' `limit`).
        var recent: [Order] = []  // the newest duplicate alone, when there is one
        var examined: Set<String> = []
        var limits = Self.duplicateCandidateLimits[...]
        rounds: while findingDuplicate, let limit = limits.popFirst() {
            guard
                let sql = OrdersQuerySQL.duplicateCandidates(
                    of: draft, since: since, columns: OrderColumns.duplicateCandidate, dialect: .postgres, limit: limit)
            else { break }
            var rows = 0
            var candidates: [DraftPlacing.DuplicateCandidate] = []
            for row in try await PostgresPreparedStatements.rows(
                try PostgresValues.query(sql), types: PostgresPreparedStatements.types(of: sql.arguments), on: connection, logger: logger)
            {
                rows += 1
                let candidate = try OrderColumns.duplicateCandidate(from: PostgresOrderRow(row: row.makeRandomAccess()))
                if examined.insert(candidate.id).inserted { candidates.append(candidate) }
            }
            for candidate in DraftPlacing.duplicateCandidates(of: draft, among: candidates, at: at) {
                let rowID = OrderID.rowID(candidate.id) ?? 0
                let lines = try await OrderGoodsPostgres.lines(ofOrder: rowID, on: connection, logger: logger)
                guard DraftPlacing.hasSameItems(lines, as: draft),
                    var order = try await orders(
                        "SELECT \(unescaped: OrderColumns.selected) FROM orders WHERE id = \(rowID)", on: connection, cards: cards, logger: logger
                    ).first
                else { continue }
                order.lines = lines
                recent = [order]
                break rounds
            }
            if rows < limit { break }
        }
        let check = DraftPlacing.check(draft, products: products, rates: rates, recentOrders: recent, at: at, timeZone: timeZone)
        return (check, products)
    }

    /// How many duplicate candidates each round of `check` reads, newest first: most callers have
    /// a handful of orders in the window and the newest is the duplicate when there is one; a
    /// caller who orders all day is read in larger rounds (the last one reads the rest).
    static let duplicateCandidateLimits = [16, 256, 4_096, Int.max]

    /// The orders `query` reads (by their idempotency key, or by id: one text each, prepared).
    private static func orders(_ query: PostgresQuery, on connection: PostgresConnection, cards: CardKeyring, logger: Logger) async throws -> [Order] {
        var orders: [Order] = []
        for row in try await PostgresPreparedStatements.rows(query, on: connection, logger: logger) {
            orders.append(try OrderColumns.order(from: PostgresOrderRow(row: row.makeRandomAccess()), cards: cards, logger: logger))
        }
        return orders
    }

    private static func draft(
        ref: String, lock: Bool, on connection: PostgresConnection, logger: Logger
    ) async throws -> (rowID: Int64, draft: Draft)? {
        var found: (Int64, Draft)?
        // Prepared once per connection (`PostgresPreparedStatements`), as its lines' below: every
        // draft page and change reads them.
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: DraftColumns.selected) FROM drafts WHERE ref = \(ref)\(unescaped: lock ? " FOR UPDATE" : "")", on: connection,
            logger: logger)
        for row in rows { found = try DraftColumns.draft(from: PostgresOrderRow(row: row.makeRandomAccess())) }
        guard let (rowID, draft) = found else { return nil }
        return (rowID, try await withLines(draft, rowID: rowID, on: connection, logger: logger))
    }

    private static func withLines(_ draft: Draft, rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Draft {
        var draft = draft
        var lines: [OrderLine] = []
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: OrderLineColumns.ofDraft) FROM draft_lines WHERE draft_id = \(rowID) ORDER BY position", on: connection,
            logger: logger)
        for row in rows { lines.append(try OrderLineColumns.line(from: PostgresOrderRow(row: row.makeRandomAccess()), ofOrder: false)) }
        draft.lines = lines
        return draft
    }

    /// Runs `body` in one transaction; a draft store's error comes out as it is, anything else
    /// (the database's, a card's) as unavailable.
    private func transaction<T: Sendable>(
        _ what: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(DraftsStoreError) -> T {
        let logger = self.logger
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection, logger) }
        } catch {
            if let error = error as? PostgresTransactionError, let inner = error.closureError as? DraftsStoreError { throw inner }
            throw (error as? DraftsStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
        }
    }
}
