import Foundation
import GRDB
import Logging

/// Drafts in the SQLite database (`SQLiteAppDatabase`). Each change is one write transaction (the
/// pool writes one at a time): the draft and its lines are read, `DraftWrites` decides, and the
/// row and its lines are written with nothing in between. Placing reads the draft, the products
/// its lines name, its state's tax rates and the recent orders in the same transaction that
/// writes the order (`DraftPlacing` decides), commits the stock by conditional updates in
/// product-id order (`OrderGoodsSQLite.move`) and numbers the order from the counter.
public final class DraftsSQLiteStore: DraftsStoreProtocol {
    public let database: SQLiteAppDatabase
    private let refs: DraftRefs

    public init(database: SQLiteAppDatabase, refs: DraftRefs = DraftRefs()) {
        self.database = database
        self.refs = refs
    }

    public func createDraft(
        by: AccountName?, at: Date, key: String?, repeating: Int64?
    ) async throws(DraftsStoreError) -> (draft: Draft, made: Bool) {
        let refs = refs
        return try await write("Cannot create a draft") { db in
            if let key, let ref = try String.fetchOne(db, sql: "SELECT ref FROM drafts WHERE creation_key = ?", arguments: [key]),
                let made = try Self.draft(ref: ref, in: db)?.draft
            {
                return (made, false)
            }
            var ref = refs.next()
            while try Bool.fetchOne(db, sql: "SELECT 1 FROM drafts WHERE ref = ?", arguments: [ref]) ?? false { ref = refs.next() }
            var draft = Draft(ref: ref, createdAt: at, createdBy: by)
            draft.repeatsOrderID = repeating
            let columns = DraftColumns.created(draft)
            try db.execute(
                sql: "INSERT INTO drafts (\(columns.map(\.name).joined(separator: ", ")), creation_key) VALUES (?\(String(repeating: ", ?", count: columns.count)))",
                arguments: StatementArguments(columns.map(\.value)) + [key])
            return (draft, true)
        }
    }

    public func fetchDraft(ref: String) async throws(DraftsStoreError) -> Draft? {
        do {
            return try await database.read { db in try Self.draft(ref: ref, in: db)?.draft }
        } catch {
            throw Self.error(error, "Cannot fetch draft \(ref)")
        }
    }

    public func fetchDrafts(mineFirst mine: AccountName?, limit: Int) async throws(DraftsStoreError) -> [Draft] {
        do {
            return try await database.read { db in
                let rows = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(DraftColumns.selected) FROM drafts
                        ORDER BY COALESCE(created_by_username = ?, 0) DESC, updated_at DESC, ref DESC LIMIT ?
                        """, arguments: [mine?.username, limit])
                return try rows.map { row in
                    let (rowID, draft) = try DraftColumns.draft(from: SQLiteRow(row: row))
                    return try Self.withLines(draft, rowID: rowID, in: db)
                }
            }
        } catch {
            throw Self.error(error, "Cannot fetch the drafts")
        }
    }

    public func updateDraft(
        ref: String, change: DraftChange, expectedVersion: Int?, by: AccountName?, at: Date
    ) async throws(DraftsStoreError) -> Draft {
        try await write("Cannot change draft \(ref)") { db in
            guard let (rowID, stored) = try Self.draft(ref: ref, in: db) else { throw DraftsStoreError.notFound(ref: ref) }
            let draft = try DraftWrites.applied(change, to: stored, expectedVersion: expectedVersion, by: by, at: at)
            let columns = DraftColumns.written(draft)
            try db.cachedStatement(sql: "UPDATE drafts SET \(columns.map { "\($0.name) = ?" }.joined(separator: ", ")) WHERE id = ?")
                .execute(arguments: StatementArguments(columns.map(\.value) + [.integer(Int(rowID))]))
            if draft.lines != stored.lines { try Self.write(draft.lines, ofDraft: rowID, in: db) }
            return draft
        }
    }

    public func deleteDraft(ref: String) async throws(DraftsStoreError) {
        try await write("Cannot delete draft \(ref)") { db in
            try db.execute(sql: "DELETE FROM drafts WHERE ref = ?", arguments: [ref])
            guard db.changesCount > 0 else { throw DraftsStoreError.notFound(ref: ref) }
        }
    }

    public func deleteDrafts(changedBefore date: Date) async throws(DraftsStoreError) -> Int {
        try await write("Cannot remove old drafts") { db in
            try db.execute(sql: "DELETE FROM drafts WHERE updated_at < ?", arguments: [date.timeIntervalSince1970])
            return db.changesCount
        }
    }

    public func fetchCheckedDraft(ref: String, request: PlacingRequest, at: Date, findingDuplicate: Bool) async throws(DraftsStoreError)
        -> CheckedDraft?
    {
        let orderMapping = orderMapping
        do {
            return try await database.read { db in
                guard let (_, draft) = try Self.draft(ref: ref, in: db) else { return nil }
                let check = try Self.check(
                    draft, in: db, at: at, timeZone: request.timeZone, findingDuplicate: findingDuplicate, orderMapping
                ).check
                return CheckedDraft(draft: draft, check: check)
            }
        } catch {
            throw Self.error(error, "Cannot check draft \(ref)")
        }
    }

    public func place(ref: String, request: PlacingRequest, by: AccountName?, at: Date) async throws(DraftsStoreError) -> Order {
        let orderMapping = orderMapping
        let cards = database.cards
        // Placings waiting for the writer share one transaction and one sync, each in its own
        // savepoint (`SQLiteGroupCommit`): answered once committed, as alone.
        return try await write("Cannot place draft \(ref)", grouped: true) { db in
            if let key = request.idempotencyKey,
                let order = try OrdersSQLiteStore.order(
                    sql: "SELECT \(OrderColumns.selected) FROM orders WHERE idempotency_key = ?", [key], in: db, orderMapping)
            {
                throw DraftsStoreError.alreadyPlaced(order)
            }
            guard let (draftRowID, draft) = try Self.draft(ref: ref, in: db) else { throw DraftsStoreError.notFound(ref: ref) }
            if let version = request.draftVersion, version != draft.version { throw DraftsStoreError.draftChanged(current: draft) }
            let (check, products) = try Self.check(draft, in: db, at: at, timeZone: request.timeZone, orderMapping)
            guard check.allowsPlacing(duplicateAccepted: request.placeDuplicateAnyway), let payment = request.payment else {
                throw DraftsStoreError.refused(check)
            }
            // Decided: the stock, one conditional update per product in id order (a shortage rolls
            // the whole placing back: the throw ends the transaction), then the numbered order.
            let commits = DraftPlacing.stockCommits(of: draft, products: products).map {
                OrderLineWrites.StockMove(productID: $0.productID, committed: $0.quantity, onHand: 0)
            }
            if let short = try OrderGoodsSQLite.move(commits, in: db) {
                let now = try OrderGoodsSQLite.products(ids: products.keys, in: db)
                throw DraftsStoreError.refused(DraftPlacing.shortChecked(check, draft: draft, products: now, short: short))
            }
            let rowID = try OrderGoodsSQLite.nextOrderNumber(in: db)
            var order = DraftPlacing.order(from: draft, check: check, products: products, payment: payment, id: String(rowID), by: by, at: at)
            order.customerID = try Self.caller(of: draft, request: request, by: by, at: at, in: db)
            let columns = try OrderColumns.written(by: order, cards: cards) + OrderColumns.created(by: by, idempotencyKey: request.idempotencyKey)
                + [("customer_id", order.customerID.map { .integer(Int($0)) } ?? .null)]
            try OrderGoodsSQLite.insertOrder(rowID, createdAt: at, columns: columns, lines: order.lines, in: db)
            try OrderEventsSQLiteStore.insert(
                DraftPlacing.createdEvent(of: order, check: check, request: request, by: by, at: at), rowID: rowID, into: db)
            try db.cachedStatement(sql: "DELETE FROM drafts WHERE id = ?").execute(arguments: [draftRowID])
            return order
        }
    }

    // MARK: Reading and writing

    /// The customer the order is taken for: with "Save this caller", the one `DraftPlacing.savedCaller`
    /// decides, written here in the placing transaction (`CustomersSQLiteStore`'s rows and event);
    /// without, the one the draft was copied from.
    private static func caller(of draft: Draft, request: PlacingRequest, by: AccountName?, at: Date, in db: Database) throws -> Int64? {
        guard request.saveCaller else { return draft.customerID }
        let stored = try draft.customerID.flatMap {
            try CustomersSQLiteStore.customers(db, "\(CustomersSQLiteStore.select) WHERE id = ?", [$0]).first
        }
        switch DraftPlacing.savedCaller(of: draft, stored: stored, by: by, at: at) {
        case .create(var customer):
            try CustomersSQLiteStore.insert(&customer, kind: .created, by: by, at: at, into: db)
            return customer.id
        case .update(let saved, let stored):
            try CustomersSQLiteStore.update(saved, from: stored, kind: .updated, by: by, at: at, in: db)
            return saved.id
        case .unchanged(let customer):
            return customer.id
        }
    }

    /// What placing `draft` now meets (`DraftPlacing.check`), and the products its lines name;
    /// without `findingDuplicate`, no candidate is read (the draft page shows no duplicate). The
    /// candidates are looked up by the caller's phone digits and email in their indexes
    /// (`OrdersQuerySQL.duplicateCandidates`, v34), newest first.
    private static func check(
        _ draft: Draft, in db: Database, at: Date, timeZone: TimeZone, findingDuplicate: Bool = true,
        _ orderMapping: @escaping @Sendable (Row) throws -> Order
    ) throws -> (check: PlacingCheck, products: [Int64: Product]) {
        let products = try OrderGoodsSQLite.products(ids: draft.lines.compactMap(\.productID), in: db)
        let rates = try OrderGoodsSQLite.taxRates(region: draft.shipmentAddress.state, in: db)
        let since = at.addingTimeInterval(-DraftPlacing.duplicateWindow)
        // Each candidate's few columns (no card decrypted), newest first as the SQL orders them,
        // streamed: the lines of each that may be a duplicate in turn, until one has the draft's
        // items; that order alone is read in full, and no further candidate is read.
        var recent: [Order] = []  // the newest duplicate alone, when there is one
        if findingDuplicate,
            let sql = OrdersQuerySQL.duplicateCandidates(
                of: draft, since: since, columns: OrderColumns.duplicateCandidate, dialect: .sqlite(trigramIndex: true))
        {
            let candidates = try Row.fetchCursor(db.cachedStatement(sql: sql.sql), arguments: StatementArguments(sql.arguments))
            while let row = try candidates.next() {
                let candidate = try OrderColumns.duplicateCandidate(from: SQLiteRow(row: row))
                guard DraftPlacing.mayBeDuplicate(candidate, of: draft, at: at) else { continue }
                let rowID = OrderID.rowID(candidate.id) ?? 0
                let lines = try OrderGoodsSQLite.lines(ofOrder: rowID, in: db)
                guard DraftPlacing.hasSameItems(lines, as: draft),
                    var order = try Row.fetchOne(
                        db.cachedStatement(sql: "SELECT \(OrderColumns.selected) FROM orders WHERE id = ?"), arguments: [rowID]
                    ).map(orderMapping)
                else { continue }
                order.lines = lines
                recent = [order]
                break
            }
        }
        let check = DraftPlacing.check(draft, products: products, rates: rates, recentOrders: recent, at: at, timeZone: timeZone)
        return (check, products)
    }

    private static func draft(ref: String, in db: Database) throws -> (rowID: Int64, draft: Draft)? {
        // Mapped off the statement as it steps (a cursor): `fetchOne` would copy the row's columns
        // into values of their own first, and each would then be decoded from its copy.
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT \(DraftColumns.selected) FROM drafts WHERE ref = ?"), arguments: [ref])
        var found: (rowID: Int64, draft: Draft)?
        while let row = try rows.next() { found = try DraftColumns.draft(from: SQLiteRow(row: row)) }
        guard let (rowID, draft) = found else { return nil }
        return (rowID, try withLines(draft, rowID: rowID, in: db))
    }

    private static func withLines(_ draft: Draft, rowID: Int64, in db: Database) throws -> Draft {
        var draft = draft
        draft.lines = try Array(
            Row.fetchCursor(
                db.cachedStatement(sql: "SELECT \(OrderLineColumns.ofDraft) FROM draft_lines WHERE draft_id = ? ORDER BY position"),
                arguments: [rowID]
            ).map { try OrderLineColumns.line(from: SQLiteRow(row: $0), ofOrder: false) })
        return draft
    }

    private static func write(_ lines: [OrderLine], ofDraft rowID: Int64, in db: Database) throws {
        try db.cachedStatement(sql: "DELETE FROM draft_lines WHERE draft_id = ?").execute(arguments: [rowID])
        let insert = try db.cachedStatement(
            sql: "INSERT INTO draft_lines (draft_id, \(OrderLineColumns.ofDraft)) VALUES (?\(String(repeating: ", ?", count: 10)))")
        for (position, line) in lines.enumerated() {
            try insert.execute(
                arguments: StatementArguments([.integer(Int(rowID))] + OrderLineColumns.values(of: line, position: position, ofOrder: false)))
        }
    }

    /// Runs `body` in one write transaction of the database (checked to be the file opened);
    /// `grouped`, in a transaction it may share with other placings (`SQLiteGroupCommit`).
    private func write<T: Sendable>(
        _ what: String, grouped: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(DraftsStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await grouped ? database.groupCommit.write(body) : database.pool.write(body)
        } catch {
            throw Self.error(error, what)
        }
    }

    /// A draft store's error as it is; anything else (the database's, a card's) as unavailable.
    static func error(_ error: any Error, _ what: String) -> DraftsStoreError {
        (error as? DraftsStoreError) ?? .unavailable("\(what): \(error)")
    }

    /// Reads an order from a row of `OrderColumns.selected` (as `OrdersSQLiteStore.orderMapping`).
    private var orderMapping: @Sendable (Row) throws -> Order {
        let cards = database.cards
        let logger = database.logger
        return { row in try OrderColumns.order(from: SQLiteRow(row: row), cards: cards, logger: logger) }
    }
}
