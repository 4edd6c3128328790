import Foundation
import Logging
import PostgresNIO

/// The SQL the PostgreSQL orders and drafts stores run inside their transactions for an order's
/// goods: its lines, the order-number counter, and the catalog's products, tax rates and stock
/// (read and moved directly: a store takes its database, never another store). Static helpers
/// on a connection, as `OrderEventsPostgresStore.insert` is.
enum OrderGoodsPostgres {
    /// Locks the order-number counter until the transaction ends: the creates and placings that
    /// number orders take their turns (a key looked up after it is not taken by another at once).
    /// Prepared once per connection (`PostgresPreparedStatements`), as the other statements of a
    /// placing are: each was parsed and planned again on every placing.
    static func lockOrderNumbers(on connection: PostgresConnection, logger: Logger) async throws {
        _ = try await PostgresPreparedStatements.rows("SELECT last_number FROM order_numbers WHERE id = 1 FOR UPDATE", on: connection, logger: logger)
    }

    /// The next order number: one more than the last given (or than the highest id, for rows an
    /// older release or a test wrote), in the transaction that writes the order, so that a
    /// rolled-back one gives its number back: no gaps (a sequence would leave them). Written with
    /// `OVERRIDING SYSTEM VALUE` over the identity column.
    static func nextOrderNumber(on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        let rows = try await PostgresPreparedStatements.rows(
            """
            UPDATE order_numbers SET last_number = GREATEST(last_number, (SELECT COALESCE(max(id), 0) FROM orders)) + 1
            WHERE id = 1 RETURNING last_number
            """, on: connection, logger: logger)
        for row in rows { return try row.decode(Int64.self) }
        throw OrdersStoreError.cannotCreate("No order-number counter")
    }

    /// The next `count` order numbers at once, as `nextOrderNumber` gives one (the counter moved by
    /// `count` in one statement): the first of them; the others follow it. A bulk create's
    /// (`OrdersPostgresStore.createOrders`), in the transaction that writes the orders.
    static func nextOrderNumbers(_ count: Int, on connection: PostgresConnection, logger: Logger) async throws -> Int64 {
        let rows = try await connection.query(
            """
            UPDATE order_numbers SET last_number = GREATEST(last_number, (SELECT COALESCE(max(id), 0) FROM orders)) + \(Int64(count))
            WHERE id = 1 RETURNING last_number
            """, logger: logger)
        for try await last in rows.decode(Int64.self) { return last - Int64(count) + 1 }
        throw OrdersStoreError.cannotCreate("No order-number counter")
    }

    static func lines(ofOrder rowID: Int64, on connection: PostgresConnection, logger: Logger) async throws -> [OrderLine] {
        var lines: [OrderLine] = []
        // Prepared once per connection (`PostgresPreparedStatements`): every order page reads them.
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: OrderLineColumns.ofOrder) FROM order_lines WHERE order_id = \(rowID) ORDER BY position", on: connection,
            logger: logger)
        for row in rows {
            lines.append(try OrderLineColumns.line(from: PostgresOrderRow(row: row.makeRandomAccess()), ofOrder: true))
        }
        return lines
    }

    /// Replaces the order's lines by `lines` (at most `OrderLine.mostLines`). `newOrder`: the order
    /// was inserted in this transaction, so it has no lines to delete (a create's or a placing's).
    static func write(
        _ lines: [OrderLine], ofOrder rowID: Int64, newOrder: Bool = false, on connection: PostgresConnection, logger: Logger
    ) async throws {
        if !newOrder { try await connection.query("DELETE FROM order_lines WHERE order_id = \(rowID)", logger: logger) }
        for (position, line) in lines.enumerated() {
            let values = [OrderColumns.Value.integer(Int(rowID))] + OrderLineColumns.values(of: line, position: position, ofOrder: true)
            var binds = PostgresBindings()
            try PostgresValues.append(values, to: &binds)
            // Prepared (one text; the NULLs among the values part of its key).
            _ = try await PostgresPreparedStatements.rows(
                PostgresQuery(unsafeSQL: insertLine, binds: binds), types: PostgresPreparedStatements.types(of: values), on: connection,
                logger: logger)
        }
    }

    /// The statement of `write(_:ofOrder:newOrder:on:logger:)`'s INSERT, made once: a placeholder for
    /// the order's id and one for each of `OrderLineColumns.ofOrder`.
    static let insertLine =
        "INSERT INTO order_lines (order_id, \(OrderLineColumns.ofOrder)) VALUES ("
        + PostgresValues.placeholders(1 + OrderLineColumns.ofOrder.split(separator: ",").count) + ")"

    /// The products with these ids, by id.
    static func products(ids: some Collection<Int64>, on connection: PostgresConnection, logger: Logger) async throws -> [Int64: Product] {
        guard !ids.isEmpty else { return [:] }
        var products: [Int64: Product] = [:]
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: CatalogColumns.product) FROM products WHERE id = ANY(\(Array(Set(ids))))", on: connection, logger: logger)
        for row in rows {
            let product = try CatalogColumns.product(from: PostgresOrderRow(row: row.makeRandomAccess()))
            products[product.id ?? 0] = product
        }
        return products
    }

    /// Every rate of `region` (upper-cased), whatever its days.
    static func taxRates(region: String, on connection: PostgresConnection, logger: Logger) async throws -> [TaxRate] {
        var rates: [TaxRate] = []
        let rows = try await PostgresPreparedStatements.rows(
            "SELECT \(unescaped: CatalogColumns.taxRate) FROM tax_rates WHERE region = \(region.uppercased())", on: connection, logger: logger)
        for row in rows { rates.append(try CatalogColumns.taxRate(from: PostgresOrderRow(row: row.makeRandomAccess()))) }
        return rates
    }

    /// Moves the stock of each product by one conditional update (`OrderLineColumns.stockMove`),
    /// in product-id order (two transactions never lock two products in opposite orders); the
    /// first product whose update matches no row (a shortage), or nil.
    static func move(_ moves: [OrderLineWrites.StockMove], on connection: PostgresConnection, logger: Logger) async throws -> Int64? {
        for move in moves.sorted(by: { $0.productID < $1.productID }) {
            let statement = OrderLineColumns.stockMove(move, postgres: true)
            var binds = PostgresBindings()
            try PostgresValues.append(statement.arguments, to: &binds)
            var matched = false
            for try await _ in try await connection.query(PostgresQuery(unsafeSQL: statement.sql + " RETURNING id", binds: binds), logger: logger) {
                matched = true
            }
            if !matched, move.committed > 0 { return move.productID }
        }
        return nil
    }
}
