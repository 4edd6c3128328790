import Foundation
import GRDB

/// The SQL the SQLite orders and drafts stores run inside their write transactions for an order's
/// goods: its lines, the order-number counter, and the catalog's products, tax rates and stock
/// (read and moved directly: a store takes its database, never another store). Static helpers
/// on a `Database`, as `OrderEventsSQLiteStore.insert` is. Every statement is cached
/// (`cachedStatement`): prepared once per connection, not on each page or placing (GRDB's
/// authorizer runs for every column of a statement prepared).
enum OrderGoodsSQLite {
    /// The next order number: one more than the last given (or than the highest id, for rows an
    /// older release or a test wrote), in the transaction that writes the order, so that a
    /// rolled-back one gives its number back: no gaps.
    static func nextOrderNumber(in db: Database) throws -> Int64 {
        let sql = """
            UPDATE order_numbers SET last_number = max(last_number, (SELECT COALESCE(max(id), 0) FROM orders)) + 1
            WHERE id = 1 RETURNING last_number
            """
        guard let number = try Int64.fetchOne(db.cachedStatement(sql: sql)) else { throw OrdersStoreError.cannotCreate("No order-number counter") }
        return number
    }

    /// Writes a new order's row, numbered `rowID` (`nextOrderNumber`, in this transaction) and
    /// created at `createdAt`, with `columns` (`OrderColumns.written` and what its create adds),
    /// then its lines: what a create (`OrdersSQLiteStore`) and a placing (`DraftsSQLiteStore`)
    /// write alike, each through one cached statement (one per set of column names). The order's
    /// search index entry is its trigger's (`orders_search_insert`).
    static func insertOrder(
        _ rowID: Int64, createdAt: Date, columns: [(name: String, value: OrderColumns.Value)], lines: [OrderLine], in db: Database
    ) throws {
        try db.cachedStatement(
            sql: "INSERT INTO orders (id, created_at, \(columns.map(\.name).joined(separator: ", "))) "
                + "VALUES (?, ?\(String(repeating: ", ?", count: columns.count)))"
        ).execute(arguments: StatementArguments([.integer(Int(rowID)), .real(createdAt.timeIntervalSince1970)] + columns.map(\.value)))
        try write(lines, ofOrder: rowID, newOrder: true, in: db)
    }

    static func lines(ofOrder rowID: Int64, in db: Database) throws -> [OrderLine] {
        // Mapped as the statement steps (a cursor): fetchAll would first copy every row's columns.
        try Array(
            Row.fetchCursor(db.cachedStatement(sql: linesOfOrder), arguments: [rowID]).map {
                try OrderLineColumns.line(from: SQLiteRow(row: $0), ofOrder: true)
            })
    }

    /// The statement of `lines(ofOrder:in:)`, made once (the statement cache's key).
    static let linesOfOrder = "SELECT \(OrderLineColumns.ofOrder) FROM order_lines WHERE order_id = ? ORDER BY position"

    /// Replaces the order's lines by `lines` (at most `OrderLine.mostLines`). `newOrder`: the order
    /// was inserted in this transaction, so it has no lines to delete (a create's or a placing's).
    static func write(_ lines: [OrderLine], ofOrder rowID: Int64, newOrder: Bool = false, in db: Database) throws {
        if !newOrder { try db.cachedStatement(sql: "DELETE FROM order_lines WHERE order_id = ?").execute(arguments: [rowID]) }
        let insert = try db.cachedStatement(
            sql: "INSERT INTO order_lines (order_id, \(OrderLineColumns.ofOrder)) VALUES (?\(String(repeating: ", ?", count: 12)))")
        for (position, line) in lines.enumerated() {
            try insert.execute(arguments: StatementArguments([.integer(Int(rowID))] + OrderLineColumns.values(of: line, position: position, ofOrder: true)))
        }
    }

    /// The products with these ids, by id. One placeholder per id: the statements cached are one
    /// per number of ids (at most `OrderLine.mostLines`), not one per set of ids.
    static func products(ids: some Collection<Int64>, in db: Database) throws -> [Int64: Product] {
        guard !ids.isEmpty else { return [:] }
        let list = Set(ids).sorted()
        // Mapped as the statement steps (a cursor): fetchAll would first copy every row's columns.
        let rows = try Row.fetchCursor(
            db.cachedStatement(
                sql: "SELECT \(CatalogColumns.product) FROM products WHERE id IN (?\(String(repeating: ", ?", count: list.count - 1)))"),
            // As values of `any DatabaseValueConvertible`: GRDB's generic initializer makes a key path
            // on every call (`map(\.databaseValue)`).
            arguments: StatementArguments(list.map { $0 as (any DatabaseValueConvertible)? }))
        var products: [Int64: Product] = [:]
        products.reserveCapacity(list.count)
        while let row = try rows.next() {
            let product = try CatalogColumns.product(from: SQLiteRow(row: row))
            products[product.id ?? 0] = product
        }
        return products
    }

    /// Every rate of `region` (upper-cased), whatever its days.
    static func taxRates(region: String, in db: Database) throws -> [TaxRate] {
        try Array(
            Row.fetchCursor(
                db.cachedStatement(sql: "SELECT \(CatalogColumns.taxRate) FROM tax_rates WHERE region = ?"), arguments: [region.uppercased()]
            ).map { try CatalogColumns.taxRate(from: SQLiteRow(row: $0)) })
    }

    /// Moves the stock of each product by one conditional update (`OrderLineColumns.stockMove`),
    /// in product-id order; the first product whose update matches no row (a shortage), or nil.
    static func move(_ moves: [OrderLineWrites.StockMove], in db: Database) throws -> Int64? {
        for move in moves.sorted(by: { $0.productID < $1.productID }) {
            let statement = OrderLineColumns.stockMove(move, postgres: false)
            try db.cachedStatement(sql: statement.sql).execute(arguments: StatementArguments(statement.arguments))
            if db.changesCount == 0, move.committed > 0 { return move.productID }
        }
        return nil
    }
}
