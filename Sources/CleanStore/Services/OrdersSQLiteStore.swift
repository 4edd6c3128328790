import Foundation
import GRDB
import Logging

/// Orders in an embedded SQLite database (GRDB): the default store.
///
/// The database runs in WAL mode (`DatabasePool`) with `synchronous = FULL`, so an order is on
/// disk before its create or update returns. The schema is versioned with GRDB's `DatabaseMigrator`.
///
/// Its files (the database, `-wal`, `-shm`) are readable by their owner only; card numbers are
/// encrypted (`CardKeyring`) and deleted content is overwritten (`secure_delete`). Closing
/// checkpoints the WAL into the database file, so that the file alone holds every order. A database
/// file deleted or replaced while the store is open is noticed: writes and `checkHealth` refuse,
/// rather than carry on into a file no one can open again.
public final class OrdersSQLiteStore: OrdersStoreProtocol, OrderEventsStoreProtocol, OrderNotesStoreProtocol, CardKeyRotating {
    /// Shared with the accounts, sessions and sign-in attempts stores (`AccountsSQLiteStore` …):
    /// one pool, one schema, one migrator for the file.
    let dbPool: DatabasePool
    /// The database file's path, as given.
    public let path: String
    private let cards: CardKeyring
    private let logger: Logger
    /// The file opened at `path` (its device and inode), to notice when the path names another.
    private let identity: FileIdentity?
    private let totalWorker = OrderTotalWorker()

    /// Opens the database file at `path` and migrates it to the current schema, encrypting any card
    /// number still in clear text. A missing file is created (mode 0600), and the log says so at
    /// notice level: a database that vanished must not be replaced by an empty one unnoticed.
    /// Throws when stored card numbers need a key `cards` does not hold.
    public init(path: String, cards: CardKeyring, logger: Logger) throws(OrdersStoreError) {
        self.path = path
        self.cards = cards
        self.logger = logger
        if FileIdentity(path: path) == nil {
            logger.notice("No database at \(path): creating a new, empty one")
            // SQLite creates a file with mode 0644, and gives its -wal and -shm the mode of the
            // database file: made here first with 0600, all three are the owner's only.
            try OwnerOnlyFile.create(atPath: path)
        }
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Deleted content (an order's old card ciphertext, rows rewritten by a migration) is
            // overwritten with zeros, not left in free space.
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        // `cleanstore rotate-card-key` writes from another process: wait for its transactions.
        configuration.busyMode = .timeout(10)
        do {
            dbPool = try DatabasePool(path: path, configuration: configuration)
            let migrator = Self.migrator(cards: cards, logger: logger)
            let applied = try dbPool.read { db in try migrator.appliedIdentifiers(db) }
            try migrator.migrate(dbPool)
            if !applied.contains(Self.encryptionMigration) {
                try Self.removeClearTextRemnants(from: dbPool)
            }
            let keyIDs = try dbPool.read { db in try String.fetchSet(db, sql: "SELECT DISTINCT card_key_id FROM orders") }
            try cards.checkOpens(keyIDs: keyIDs, in: path)
        } catch {
            throw .from(error) { .unavailable("Cannot open the SQLite database \(path): \($0)") }
        }
        identity = FileIdentity(path: path)
    }

    /// Checkpoints the WAL into the database file (so that a copy of the file alone holds every
    /// order), then closes the database, at shutdown, once no request uses the store any more.
    /// (GRDB closes its read-only connections last, and a read-only connection cannot checkpoint:
    /// without this, every order written since the last automatic checkpoint stays in `-wal`.)
    public func close() throws {
        do {
            try dbPool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        } catch {
            logger.error(
                "Cannot checkpoint the SQLite database \(path) at shutdown: orders may be in \(path)-wal only; keep it beside the database",
                metadata: ["error": "\(error)"])
        }
        try dbPool.close()
    }

    // MARK: Schema

    static let encryptionMigration = "v3: card numbers encrypted"

    static func migrator(cards: CardKeyring, logger: Logger) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: orders") { db in
            try db.execute(sql: """
                CREATE TABLE orders (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    created_at REAL NOT NULL,
                    first_name TEXT NOT NULL,
                    last_name TEXT NOT NULL,
                    phone TEXT NOT NULL,
                    email TEXT NOT NULL,
                    shipment_street1 TEXT NOT NULL,
                    shipment_street2 TEXT NOT NULL,
                    shipment_city TEXT NOT NULL,
                    shipment_state TEXT NOT NULL,
                    shipment_zip TEXT NOT NULL,
                    shipment_speed INTEGER NOT NULL,
                    card_number TEXT NOT NULL,
                    card_expiry_year INTEGER NOT NULL,
                    card_expiry_month INTEGER NOT NULL,
                    billing_street1 TEXT NOT NULL,
                    billing_street2 TEXT NOT NULL,
                    billing_city TEXT NOT NULL,
                    billing_state TEXT NOT NULL,
                    billing_zip TEXT NOT NULL,
                    total TEXT NOT NULL
                );
                CREATE INDEX orders_newest_first ON orders (created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v2: order versions") { db in
            try db.execute(sql: "ALTER TABLE orders ADD COLUMN version INTEGER NOT NULL DEFAULT 1")
        }
        migrator.registerMigration(encryptionMigration) { db in
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN card_ciphertext BLOB NOT NULL DEFAULT x'';
                ALTER TABLE orders ADD COLUMN card_key_id TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN card_last4 TEXT NOT NULL DEFAULT '';
                """)
            let rows = try Row.fetchAll(db, sql: "SELECT id, card_number FROM orders")
            for row in rows {
                let number: String = row[1]
                let sealed = try cards.seal(number)
                try db.execute(
                    sql: "UPDATE orders SET card_ciphertext = ?, card_key_id = ?, card_last4 = ? WHERE id = ?",
                    arguments: [sealed.ciphertext, sealed.keyID, String(number.suffix(4)), row[0] as Int64])
            }
            // Rewrites every row without the column (SQLite 3.35+).
            try db.execute(sql: "ALTER TABLE orders DROP COLUMN card_number")
            if !rows.isEmpty {
                logger.notice("Encrypted the card numbers of \(rows.count) orders with \(cards.current); the clear-text column is gone")
            }
        }
        migrator.registerMigration("v4: health probe") { db in
            // `checkHealth` writes a row here and rolls it back: the table stays empty.
            try db.execute(sql: "CREATE TABLE cleanstore_health (probe INTEGER NOT NULL)")
        }
        migrator.registerMigration("v5: accounts") { db in
            // username_key is the username lowercased (`Account.key`): unique regardless of case.
            try db.execute(sql: """
                CREATE TABLE accounts (
                    username_key TEXT PRIMARY KEY NOT NULL,
                    username TEXT NOT NULL,
                    display_name TEXT NOT NULL,
                    role TEXT NOT NULL CHECK (role IN ('viewer', 'clerk', 'supervisor')),
                    password_hash TEXT NOT NULL,
                    disabled INTEGER NOT NULL DEFAULT 0,
                    created_at REAL NOT NULL,
                    updated_at REAL NOT NULL
                )
                """)
        }
        migrator.registerMigration("v6: sessions") { db in
            // The id's SHA-256 only: the id itself is in the browser's cookie alone.
            try db.execute(sql: """
                CREATE TABLE sessions (
                    id_hash BLOB PRIMARY KEY NOT NULL,
                    account_key TEXT NOT NULL REFERENCES accounts (username_key) ON DELETE CASCADE,
                    created_at REAL NOT NULL,
                    last_seen_at REAL NOT NULL
                );
                CREATE INDEX sessions_by_account ON sessions (account_key);
                """)
        }
        migrator.registerMigration("v7: sign-in attempts") { db in
            try db.execute(sql: """
                CREATE TABLE sign_in_failures (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    username_key TEXT NOT NULL,
                    address TEXT NOT NULL,
                    attempted_at REAL NOT NULL
                );
                CREATE INDEX sign_in_failures_by_username ON sign_in_failures (username_key, attempted_at);
                CREATE INDEX sign_in_failures_by_address ON sign_in_failures (address, attempted_at);
                """)
        }
        migrator.registerMigration("v8: order history") { db in
            // Who created an order and who changed it last: on the order (see `Order.createdBy`);
            // NULL for orders from before, and when no one was signed in.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN created_by_username TEXT;
                ALTER TABLE orders ADD COLUMN created_by_display_name TEXT;
                ALTER TABLE orders ADD COLUMN updated_by_username TEXT;
                ALTER TABLE orders ADD COLUMN updated_by_display_name TEXT;
                ALTER TABLE orders ADD COLUMN updated_at REAL;
                CREATE TABLE order_events (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    order_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    happened_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT,
                    changes TEXT NOT NULL
                );
                CREATE INDEX order_events_by_order ON order_events (order_id, happened_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v9: order search") { db in
            // What the list searches and sorts by, written by the store with every create and update
            // (`OrderColumns.written`; `OrderSearch` says why in Swift: SQLite folds no accents).
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN sort_name TEXT NOT NULL DEFAULT '';
                ALTER TABLE orders ADD COLUMN total_cents INTEGER NOT NULL DEFAULT 0;
                UPDATE orders SET total_cents = CAST(round(CAST(total AS REAL) * 100) AS INTEGER);
                """)
            try fillSearchColumns(db)
            // Substring search on the folded text: FTS5's trigram tokenizer (SQLite 3.34+) indexes
            // every three characters, so a phrase of three or more matches anywhere in a word ("nun"
            // finds "nunez"), served by the index; shorter words are checked on the rows the other
            // conditions leave. Its own accent folding (remove_diacritics) needs SQLite 3.45: the
            // text is folded before. External content: the text is stored once, in `orders`, and
            // the triggers keep the index in step with it.
            try db.execute(sql: """
                CREATE VIRTUAL TABLE orders_search USING fts5(
                    search_text, content = 'orders', content_rowid = 'id', tokenize = 'trigram case_sensitive 1');
                INSERT INTO orders_search (orders_search) VALUES ('rebuild');
                CREATE TRIGGER orders_search_insert AFTER INSERT ON orders BEGIN
                    INSERT INTO orders_search (rowid, search_text) VALUES (new.id, new.search_text);
                END;
                CREATE TRIGGER orders_search_delete AFTER DELETE ON orders BEGIN
                    INSERT INTO orders_search (orders_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
                END;
                CREATE TRIGGER orders_search_update AFTER UPDATE OF search_text ON orders
                WHEN old.search_text IS NOT new.search_text BEGIN
                    INSERT INTO orders_search (orders_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
                    INSERT INTO orders_search (rowid, search_text) VALUES (new.id, new.search_text);
                END;
                CREATE INDEX orders_by_name ON orders (sort_name, id);
                CREATE INDEX orders_by_total ON orders (total_cents, id);
                """)
        }
        migrator.registerMigration("v10: order status") { db in
            // Every order keyed before is new. A status change's from, to and reason are on its
            // event. The list filters by status, newest first: its own keyset index.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'new'
                    CHECK (status IN ('new', 'paid', 'packed', 'shipped', 'cancelled'));
                ALTER TABLE orders ADD COLUMN cancellation_reason TEXT;
                ALTER TABLE order_events ADD COLUMN status_from TEXT;
                ALTER TABLE order_events ADD COLUMN status_to TEXT;
                ALTER TABLE order_events ADD COLUMN status_reason TEXT;
                CREATE INDEX orders_by_status ON orders (status, created_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v11: order notes") { db in
            // A note goes with its order (GRDB turns foreign keys on); its text is kept as given.
            try db.execute(sql: """
                CREATE TABLE order_notes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    order_id INTEGER NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
                    text TEXT NOT NULL,
                    written_at REAL NOT NULL,
                    by_username TEXT,
                    by_display_name TEXT
                );
                CREATE INDEX order_notes_by_order ON order_notes (order_id, written_at DESC, id DESC);
                """)
        }
        migrator.registerMigration("v12: no double orders") { db in
            // The key of the form that created the order (NULL for none, and for orders from
            // before): unique, so that one form can create one order only.
            try db.execute(sql: """
                ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
                CREATE UNIQUE INDEX orders_by_idempotency_key ON orders (idempotency_key);
                """)
        }
        return migrator
    }

    /// Writes `search_text` and `sort_name` of every order, 1,000 rows at a time.
    private static func fillSearchColumns(_ db: Database) throws {
        var after: Int64 = 0
        while true {
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, \(OrderSearch.sourceColumns) FROM orders WHERE id > ? ORDER BY id LIMIT 1000", arguments: [after])
            guard let last = rows.last else { return }
            for row in rows {
                let columns = OrderSearch.searchColumns(of: (1...8).map { row[$0] as String })
                try db.execute(
                    sql: "UPDATE orders SET search_text = ?, sort_name = ? WHERE id = ?",
                    arguments: [columns.searchText, columns.sortName, row[0] as Int64])
            }
            after = last[0]
        }
    }

    /// After card numbers were encrypted: rebuilds the database file (VACUUM) so that no clear-text
    /// number lingers in free pages or free space within pages (from before `secure_delete`), then
    /// checkpoints and empties the WAL, which held the pages as the migration rewrote them.
    private static func removeClearTextRemnants(from dbPool: DatabasePool) throws {
        try dbPool.writeWithoutTransaction { db in
            try db.execute(sql: "VACUUM")
            _ = try db.checkpoint(.truncate)
        }
    }

    // MARK: Health

    /// Throws when `path` no longer names the file opened (deleted, moved, replaced): before every
    /// write (`OrdersWorker` logs the refusal, with the request id) and in `checkHealth`.
    func checkFileIsTheOneOpened() throws(OrdersStoreError) {
        guard FileIdentity(path: path) != identity else { return }
        throw .unavailable(
            "The database file \(path) is no longer the file opened at start-up: it was deleted, moved or replaced. "
                + "Nothing more is written to the file this server has open (no one could open it again): "
                + "restore the database file and restart")
    }

    public func checkHealth() async throws(OrdersStoreError) {
        try checkFileIsTheOneOpened()
        do {
            _ = try await dbPool.read { db in try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM orders)") }
            try await dbPool.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    try db.execute(sql: "INSERT INTO cleanstore_health (probe) VALUES (1)")
                    return .rollback
                }
            }
        } catch {
            throw .unavailable("The SQLite database \(path) cannot be read and written: \(error)")
        }
    }

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        let probe = OrdersQuerySQL.commonWordsProbe(page.query.words)
        let order = orderMapping
        do {
            return try await dbPool.read { db in
                let common = try probe.map { probe in
                    try Bool.fetchOne(db, sql: probe.sql, arguments: Self.arguments(probe.arguments)) ?? false
                }
                let sql = OrdersQuerySQL(
                    page: page, columns: Self.selectedColumns, dialect: .sqlite(trigramIndex: !(common ?? false)))
                // A cached statement: a page's SQL is one of a few shapes, and preparing it anew (with
                // GRDB's authorizer called for every column) was 4% of a list page's CPU.
                // Rows read off the statement as it steps (a cursor), each mapped at once: fetchAll
                // would first copy every column of every row into values of its own.
                let statement = try db.cachedStatement(sql: sql.rows.sql)
                let rows = try Array(Row.fetchCursor(statement, arguments: Self.arguments(sql.rows.arguments)).map(order))
                let otherSide = try sql.otherSide.map { statement in
                    try Bool.fetchOne(db, sql: statement.sql, arguments: Self.arguments(statement.arguments)) ?? false
                }
                return OrdersPage(rows: rows, limit: page.limit, otherSide: otherSide ?? false, of: sql)
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch a page of orders: \($0)") }
        }
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        let order = orderMapping
        do {
            return try await dbPool.read { db in
                // Cached: every order page reads it (see fetchOrders).
                try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?"), arguments: [rowID])
                    .map(order)
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch order with id \(id): \($0)") }
        }
    }

    public func createOrder(
        orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        var order = orderToCreate
        order.total = totalWorker.total(for: order)
        order.version = 1
        order.createdBy = by
        order.updatedBy = nil
        order.updatedAt = nil
        order.status = .new
        order.cancellationReason = nil
        try checkFileIsTheOneOpened()
        let columns = try columns(of: order, OrderColumns.created(by: by, idempotencyKey: idempotencyKey))
        let arguments = StatementArguments([order.date.timeIntervalSince1970.databaseValue] + columns.values)
        let mapping = orderMapping
        // The order made, or the one an earlier create with the key made.
        let outcome: (rowID: Int64?, existing: Order?)
        do {
            // One write transaction (the pool's writes are one at a time): the key is looked up and
            // the order written with nothing in between; the unique index backs it.
            outcome = try await dbPool.write { db in
                if let idempotencyKey,
                    let existing = try Row.fetchOne(
                        db, sql: "SELECT \(Self.selectedColumns) FROM orders WHERE idempotency_key = ?", arguments: [idempotencyKey]
                    ).map(mapping)
                {
                    return (nil, existing)
                }
                try db.execute(
                    sql: "INSERT INTO orders (created_at, \(columns.names.joined(separator: ", "))) "
                        + "VALUES (?\(String(repeating: ", ?", count: columns.names.count)))",
                    arguments: arguments)
                let rowID = db.lastInsertedRowID
                try Self.insert(OrderEvent(orderID: String(rowID), kind: .created, by: by, at: at), rowID: rowID, into: db)
                return (rowID, nil)
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot create order: \($0)") }
        }
        if let existing = outcome.existing { throw .alreadyCreated(existing) }
        order.id = outcome.rowID.map(String.init)
        return order
    }

    public func updateOrder(orderToUpdate: Order, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        var order = orderToUpdate
        order.total = totalWorker.total(for: order)
        try checkFileIsTheOneOpened()
        let columns = try columns(of: order, OrderColumns.updated(by: by, at: at))
        let mapping = orderMapping
        let assignments = columns.names.map { "\($0) = ?" }.joined(separator: ", ")
        let arguments = StatementArguments(columns.values + [rowID.databaseValue, order.version.databaseValue])
        let outcome: OrderChangeOutcome
        do {
            // One write transaction: nothing comes between the checks and the update.
            outcome = try await dbPool.write { db in
                let select = "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?"
                guard let old = try Row.fetchOne(db, sql: select, arguments: [rowID]).map(mapping) else { return .notFound }
                guard !old.status.isReadOnly else { return .readOnly(old) }
                try db.execute(
                    sql: "UPDATE orders SET \(assignments), version = version + 1 WHERE id = ? AND version = ?",
                    arguments: arguments)
                guard db.changesCount > 0, let stored = try Row.fetchOne(db, sql: select, arguments: [rowID]).map(mapping) else {
                    return .conflict(old)
                }
                let event = OrderEvent(orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, stored))
                try Self.insert(event, rowID: rowID, into: db)
                return .saved(stored)
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot update order with id \(id): \($0)") }
        }
        return try outcome.saved(id: id)
    }

    public func changeStatus(
        id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, by: AccountName?, at: Date
    ) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try checkFileIsTheOneOpened()
        let mapping = orderMapping
        let outcome: OrderChangeOutcome
        do {
            outcome = try await dbPool.write { db in
                let select = "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?"
                guard let old = try Row.fetchOne(db, sql: select, arguments: [rowID]).map(mapping) else { return .notFound }
                guard old.version == expectedVersion else { return .conflict(old) }
                guard old.status.canChange(to: status) else { return .statusNotAllowed(old, to: status) }
                let columns = OrderColumns.statusChanged(to: status, reason: reason, from: old) + OrderColumns.updated(by: by, at: at)
                try db.execute(
                    sql: "UPDATE orders SET \(columns.map { "\($0.name) = ?" }.joined(separator: ", ")), version = version + 1 WHERE id = ?",
                    arguments: StatementArguments(columns.map { Self.databaseValue($0.value) } + [rowID.databaseValue]))
                guard let saved = try Row.fetchOne(db, sql: select, arguments: [rowID]).map(mapping) else { return .notFound }
                let event = OrderEvent(
                    orderID: id, kind: .updated, by: by, at: at, changes: OrderChange.between(old, saved),
                    statusChange: OrderEvent.StatusChange(from: old.status, to: status, reason: reason))
                try Self.insert(event, rowID: rowID, into: db)
                return .saved(saved)
            }
        } catch {
            throw .from(error) { .cannotUpdate("Cannot change the status of order \(id): \($0)") }
        }
        return try outcome.saved(id: id)
    }

    public func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        try checkFileIsTheOneOpened()
        let mapping = orderMapping
        let outcome: OrderChangeOutcome
        do {
            outcome = try await dbPool.write { db in
                guard let order = try Row.fetchOne(db, sql: "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?", arguments: [rowID])
                    .map(mapping)
                else { return .notFound }
                guard !order.status.isReadOnly else { return .readOnly(order) }
                try db.execute(sql: "DELETE FROM orders WHERE id = ?", arguments: [rowID])
                try Self.insert(OrderEvent(orderID: id, kind: .deleted, by: by, at: at), rowID: rowID, into: db)
                return .saved(order)
            }
        } catch {
            throw .from(error) { .cannotDelete("Cannot delete order with id \(id): \($0)") }
        }
        return try outcome.saved(id: id)
    }

    // MARK: History

    /// Writes `event` in the transaction of `db`: a failure rolls the change it records back.
    private static func insert(_ event: OrderEvent, rowID: Int64, into db: Database) throws {
        let values = try OrderEventColumns.values(of: event, rowID: rowID).map(databaseValue)
        try db.execute(
            sql: "INSERT INTO order_events (\(OrderEventColumns.written)) VALUES (?\(String(repeating: ", ?", count: values.count - 1)))",
            arguments: StatementArguments(values))
    }

    public func fetchEvents(orderID: String) async throws(OrdersStoreError) -> [OrderEvent] {
        guard let rowID = OrderID.rowID(orderID) else { return [] }
        do {
            return try await dbPool.read { db in
                try Row.fetchAll(
                    db,
                    sql: "SELECT \(OrderEventColumns.selected) FROM order_events WHERE order_id = ? ORDER BY happened_at DESC, id DESC",
                    arguments: [rowID]
                ).map { try OrderEventColumns.event(from: SQLiteRow(row: $0)) }
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the history of order \(orderID): \($0)") }
        }
    }

    // MARK: Notes

    public func addNote(orderID: String, text: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> OrderNote {
        try OrderNote.checkStorable(text)
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        try checkFileIsTheOneOpened()
        let values = StatementArguments(OrderNoteColumns.values(orderID: rowID, text: text, by: by, at: at).map(Self.databaseValue))
        let noteID: Int64?
        do {
            noteID = try await dbPool.write { db in
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM orders WHERE id = ?)", arguments: [rowID]) == true else {
                    return nil
                }
                try db.execute(sql: "INSERT INTO order_notes (\(OrderNoteColumns.written)) VALUES (?, ?, ?, ?, ?)", arguments: values)
                return db.lastInsertedRowID
            }
        } catch {
            throw .from(error) { .cannotCreate("Cannot add a note to order \(orderID): \($0)") }
        }
        guard let noteID else { throw .notFound(id: orderID) }
        return OrderNote(id: String(noteID), orderID: orderID, text: text, by: by, at: at)
    }

    public func notes(forOrder orderID: String) async throws(OrdersStoreError) -> [OrderNote] {
        guard let rowID = OrderID.rowID(orderID) else { throw .notFound(id: orderID) }
        let notes: [OrderNote]?
        do {
            // One read: the order and its notes as of one moment.
            notes = try await dbPool.read { db in
                // Cached statements: every order page reads them.
                guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM orders WHERE id = ?)"), arguments: [rowID]) == true
                else {
                    return nil
                }
                return try Row.fetchAll(
                    db.cachedStatement(
                        sql: "SELECT \(OrderNoteColumns.selected) FROM order_notes WHERE order_id = ? ORDER BY written_at DESC, id DESC"),
                    arguments: [rowID]
                ).map { try OrderNoteColumns.note(from: SQLiteRow(row: $0)) }
            }
        } catch {
            throw .from(error) { .cannotFetch("Cannot fetch the notes of order \(orderID): \($0)") }
        }
        guard let notes else { throw .notFound(id: orderID) }
        return notes
    }

    // MARK: Card key rotation

    public func rotateCardKey(batchSize: Int) async throws(OrdersStoreError) -> CardKeyRotation {
        let cards = self.cards
        var after: Int64 = 0
        var reencrypted = 0
        do {
            while true {
                // One transaction a batch: the server's own writes wait for one batch at most.
                let start = after
                let batch = try await dbPool.write { db -> (last: Int64?, reencrypted: Int) in
                    let rows = try Row.fetchAll(
                        db, sql: "SELECT id, card_ciphertext, card_key_id FROM orders WHERE id > ? AND card_key_id <> ? ORDER BY id LIMIT ?",
                        arguments: [start, cards.current.id, batchSize])
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
                logger.info("Re-encrypted card numbers", metadata: ["orders": "\(reencrypted)", "up to id": "\(last)"])
            }
            let remaining = try await dbPool.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM orders WHERE card_key_id <> ?", arguments: [cards.current.id]) ?? 0
            }
            return CardKeyRotation(reencrypted: reencrypted, remaining: remaining)
        } catch {
            throw .from(error) { .cannotUpdate("Cannot re-encrypt card numbers in \(path): \($0)") }
        }
    }

    // MARK: Mapping

    /// The columns an order writes (all but id and creation date, which never change), its card
    /// number encrypted, then `record` (who created or changed it).
    private func columns(
        of order: Order, _ record: [(name: String, value: OrderColumns.Value)]
    ) throws(OrdersStoreError) -> (names: [String], values: [DatabaseValue]) {
        let columns = try OrderColumns.written(by: order, cards: cards) + record
        return (columns.map(\.name), columns.map { Self.databaseValue($0.value) })
    }

    private static func arguments(_ values: [OrderColumns.Value]) -> StatementArguments {
        StatementArguments(values.map(databaseValue))
    }

    private static func databaseValue(_ value: OrderColumns.Value) -> DatabaseValue {
        switch value {
        case .text(let text): text.databaseValue
        case .integer(let integer): integer.databaseValue
        case .decimal(let decimal): "\(decimal)".databaseValue  // as text: exact
        case .bytes(let bytes): bytes.databaseValue
        case .real(let real): real.databaseValue
        case .null: .null
        }
    }

    static let selectedColumns = OrderColumns.selected

    /// Reads an order from a row of `selectedColumns`, decrypting its card number (a value to
    /// pass into database closures, which must not capture the store).
    private var orderMapping: @Sendable (Row) throws -> Order {
        let cards = self.cards
        return { row in try OrderColumns.order(from: SQLiteRow(row: row), cards: cards) }
    }

    private struct SQLiteRow: OrderRow {
        let row: Row
        func text(_ index: Int) -> String { row[index] }
        func int(_ index: Int) -> Int { row[index] }
        func int64(_ index: Int) -> Int64 { row[index] }
        func double(_ index: Int) -> Double { row[index] }
        func decimal(_ index: Int) -> Decimal { Decimal(string: row[index] as String) ?? 0 }
        func bytes(_ index: Int) -> Data { row[index] }
        func optionalText(_ index: Int) -> String? { row[index] }
        func optionalDouble(_ index: Int) -> Double? { row[index] }
    }
}
