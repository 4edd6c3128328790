import Foundation
import GRDB
import Logging

/// Orders in an embedded SQLite database (GRDB): the default store.
///
/// The database runs in WAL mode (`DatabasePool`) with `synchronous = FULL`, so an order is on
/// disk before its create or update returns. The schema is versioned with GRDB's `DatabaseMigrator`.
///
/// Its files (the database, `-wal`, `-shm`) are readable by their owner only. Closing checkpoints
/// the WAL into the database file, so that the file alone holds every order.
public final class OrdersSQLiteStore: OrdersStoreProtocol {
    private let dbPool: DatabasePool
    /// The database file's path, as given.
    public let path: String
    private let logger: Logger
    private let totalWorker = OrderTotalWorker()

    /// Opens the database file at `path` and migrates it to the current schema. A missing file is
    /// created (mode 0600), and the log says so at notice level: a database that vanished must not
    /// be replaced by an empty one unnoticed.
    public init(path: String, logger: Logger) throws(OrdersStoreError) {
        self.path = path
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
        }
        do {
            dbPool = try DatabasePool(path: path, configuration: configuration)
            try Self.migrator.migrate(dbPool)
        } catch {
            throw .from(error) { .unavailable("Cannot open the SQLite database \(path): \($0)") }
        }
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

    static var migrator: DatabaseMigrator {
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
        return migrator
    }

    public func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
        let columns = "SELECT \(Self.selectedColumns) FROM orders"
        let limit = page.limit + 1  // one more, to know whether there is a further page
        do {
            return try await dbPool.read { db in
                func exists(_ condition: String, _ cursor: OrdersCursor) throws -> Bool {
                    try Bool.fetchOne(
                        db, sql: "SELECT EXISTS (SELECT 1 FROM orders WHERE (created_at, id) \(condition) (?, ?))",
                        arguments: [cursor.date.timeIntervalSince1970, cursor.id]) ?? false
                }
                switch page.position {
                case .newest:
                    let rows = try Row.fetchAll(db, sql: "\(columns) ORDER BY created_at DESC, id DESC LIMIT ?", arguments: [limit])
                    return OrdersPage(
                        orders: try rows.prefix(page.limit).map(Self.order(from:)), hasNewer: false, hasOlder: rows.count > page.limit)
                case .after(let cursor):
                    let rows = try Row.fetchAll(
                        db, sql: "\(columns) WHERE (created_at, id) < (?, ?) ORDER BY created_at DESC, id DESC LIMIT ?",
                        arguments: [cursor.date.timeIntervalSince1970, cursor.id, limit])
                    let orders = try rows.prefix(page.limit).map(Self.order(from:))
                    return OrdersPage(orders: orders, hasNewer: try exists(">=", cursor), hasOlder: rows.count > page.limit)
                case .before(let cursor):
                    let rows = try Row.fetchAll(
                        db, sql: "\(columns) WHERE (created_at, id) > (?, ?) ORDER BY created_at ASC, id ASC LIMIT ?",
                        arguments: [cursor.date.timeIntervalSince1970, cursor.id, limit])
                    let orders = try rows.prefix(page.limit).map(Self.order(from:)).reversed()
                    return OrdersPage(orders: Array(orders), hasNewer: rows.count > page.limit, hasOlder: try exists("<=", cursor))
                }
            }
        } catch {
            throw .cannotFetch("Cannot fetch a page of orders: \(error)")
        }
    }

    public func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? {
        guard let rowID = OrderID.rowID(id) else { return nil }
        do {
            return try await dbPool.read { db in
                try Row.fetchOne(db, sql: "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?", arguments: [rowID])
                    .map(Self.order(from:))
            }
        } catch {
            throw .cannotFetch("Cannot fetch order with id \(id): \(error)")
        }
    }

    public func createOrder(orderToCreate: Order) async throws(OrdersStoreError) -> Order {
        var order = orderToCreate
        order.total = totalWorker.total(for: order)
        order.version = 1
        let columns = Self.columns(of: order)
        let arguments = StatementArguments([order.date.timeIntervalSince1970.databaseValue] + columns.values)
        do {
            let rowID = try await dbPool.write { db in
                try db.execute(
                    sql: "INSERT INTO orders (created_at, \(columns.names.joined(separator: ", "))) "
                        + "VALUES (?\(String(repeating: ", ?", count: columns.names.count)))",
                    arguments: arguments)
                return db.lastInsertedRowID
            }
            order.id = String(rowID)
            return order
        } catch {
            throw .cannotCreate("Cannot create order: \(error)")
        }
    }

    public func updateOrder(orderToUpdate: Order) async throws(OrdersStoreError) -> Order {
        let id = orderToUpdate.id ?? ""
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        var order = orderToUpdate
        order.total = totalWorker.total(for: order)
        let columns = Self.columns(of: order)
        let assignments = columns.names.map { "\($0) = ?" }.joined(separator: ", ")
        let arguments = StatementArguments(columns.values + [rowID.databaseValue, order.version.databaseValue])
        // (saved, stored): the order as saved, or as stored when this version was not the stored one.
        let outcome: (saved: Bool, stored: Order?)
        do {
            outcome = try await dbPool.write { db in
                try db.execute(
                    sql: "UPDATE orders SET \(assignments), version = version + 1 WHERE id = ? AND version = ?",
                    arguments: arguments)
                let saved = db.changesCount > 0
                let stored = try Row.fetchOne(
                    db, sql: "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?", arguments: [rowID]
                ).map(Self.order(from:))
                return (saved, stored)
            }
        } catch {
            throw .cannotUpdate("Cannot update order with id \(id): \(error)")
        }
        guard let stored = outcome.stored else { throw .notFound(id: id) }
        guard outcome.saved else { throw .conflict(current: stored) }
        return stored
    }

    public func deleteOrder(id: String) async throws(OrdersStoreError) -> Order {
        guard let rowID = OrderID.rowID(id) else { throw .notFound(id: id) }
        let deleted: Order?
        do {
            deleted = try await dbPool.write { db in
                guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.selectedColumns) FROM orders WHERE id = ?", arguments: [rowID])
                else { return nil }
                try db.execute(sql: "DELETE FROM orders WHERE id = ?", arguments: [rowID])
                return try Self.order(from: row)
            }
        } catch {
            throw .cannotDelete("Cannot delete order with id \(id): \(error)")
        }
        guard let deleted else { throw .notFound(id: id) }
        return deleted
    }

    // MARK: Mapping

    /// The columns an order writes (all but id and creation date, which never change).
    private static func columns(of order: Order) -> (names: [String], values: [DatabaseValue]) {
        let columns = OrderColumns.written(by: order)
        return (columns.map(\.name), columns.map { column in
            switch column.value {
            case .text(let text): text.databaseValue
            case .integer(let integer): integer.databaseValue
            case .decimal(let decimal): "\(decimal)".databaseValue  // as text: exact
            }
        })
    }

    static let selectedColumns = OrderColumns.selected

    private static func order(from row: Row) throws -> Order {
        try OrderColumns.order(from: SQLiteRow(row: row))
    }

    private struct SQLiteRow: OrderRow {
        let row: Row
        func text(_ index: Int) -> String { row[index] }
        func int(_ index: Int) -> Int { row[index] }
        func int64(_ index: Int) -> Int64 { row[index] }
        func double(_ index: Int) -> Double { row[index] }
        func decimal(_ index: Int) -> Decimal { Decimal(string: row[index] as String) ?? 0 }
    }
}
