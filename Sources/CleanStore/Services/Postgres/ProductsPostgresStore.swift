import Foundation
import Logging
import PostgresNIO

/// The catalog in the PostgreSQL database (`PostgresAppDatabase`, tables of migration 13). Each
/// change is one transaction that locks the stored row (`FOR UPDATE`) until it ends:
/// `ProductWrites` decides on the row read, and the change and its event are written under the
/// lock, the update guarded by the version read too. SKUs sort `COLLATE "C"` (by bytes, as SQLite
/// and the memory store sort them), whatever the database's locale.
public final class ProductsPostgresStore: ProductsStoreProtocol {
    public let database: PostgresAppDatabase
    private var client: PostgresClient { database.client }
    private var logger: Logger { database.logger }

    public init(database: PostgresAppDatabase) {
        self.database = database
    }

    private static let select = "SELECT \(ProductColumns.selected) FROM products"

    private func run<T: Sendable>(_ what: String, _ body: (PostgresClient, Logger) async throws -> T) async throws(ProductsStoreError) -> T {
        do {
            return try await body(client, logger)
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private static func products(_ rows: PostgresRowSequence) async throws -> [Product] {
        var products: [Product] = []
        for try await row in rows {
            products.append(try ProductColumns.product(from: PostgresOrderRow(row: row.makeRandomAccess())))
        }
        return products
    }

    /// A query of products: `sql` with `$1…` for `binds`.
    private static func query(_ sql: String, _ binds: (inout PostgresBindings) -> Void) -> PostgresQuery {
        var bindings = PostgresBindings()
        binds(&bindings)
        return PostgresQuery(unsafeSQL: sql, binds: bindings)
    }

    /// The condition of a search (`ProductSearch`), its words bound from `$1`.
    private static func condition(words: [String], includeArchived: Bool) -> String {
        var conditions = includeArchived ? [] : ["active"]
        if !words.isEmpty {
            conditions.append(ProductColumns.searchCondition(words: words.count, function: "strpos") { "$\($0 + 1)" })
        }
        return conditions.isEmpty ? "TRUE" : conditions.joined(separator: " AND ")
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, after: String?, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let words = ProductSearch.words(in: text)
        var sql = "\(Self.select) WHERE \(Self.condition(words: words, includeArchived: includeArchived))"
        if after != nil { sql += " AND sku COLLATE \"C\" > $\(words.count + 1)" }
        sql += " ORDER BY sku COLLATE \"C\" LIMIT \(max(0, limit))"
        let query = Self.query(sql) { binds in
            for word in words { binds.append(word) }
            if let after { binds.append(after) }
        }
        return try await run("Cannot fetch products") { client, logger in try await Self.products(client.query(query, logger: logger)) }
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, before: String, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let words = ProductSearch.words(in: text)
        let sql = """
            \(Self.select) WHERE \(Self.condition(words: words, includeArchived: includeArchived))
            AND sku COLLATE "C" < $\(words.count + 1) ORDER BY sku COLLATE "C" DESC LIMIT \(max(0, limit))
            """
        let query = Self.query(sql) { binds in
            for word in words { binds.append(word) }
            binds.append(before)
        }
        let found = try await run("Cannot fetch products") { client, logger in try await Self.products(client.query(query, logger: logger)) }
        return found.reversed()
    }

    public func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? {
        try await run("Cannot fetch product \(id)") { client, logger in
            try await Self.products(client.query("\(unescaped: Self.select) WHERE id = \(id)", logger: logger)).first
        }
    }

    public func fetchProduct(sku: String) async throws(ProductsStoreError) -> Product? {
        let sku = Product.normalizedSKU(sku)
        return try await run("Cannot fetch product \(sku)") { client, logger in
            try await Self.products(client.query("\(unescaped: Self.select) WHERE sku = \(sku)", logger: logger)).first
        }
    }

    public func createProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        try await run("Cannot create product \(product.sku)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                var created = ProductWrites.created(product, by: by, at: at)
                guard try await Self.insert(&created, kind: .created, by: by, at: at, on: connection, logger: logger) else {
                    throw try await Self.skuTaken(created.sku, on: connection, logger: logger)
                }
                return created
            }
        }
    }

    public func updateProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        let id = product.id ?? 0
        return try await run("Cannot update product \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                let stored = try await Self.locked(id: id, on: connection, logger: logger)
                let saved = try ProductWrites.updated(product, of: stored, by: by, at: at)
                let taken = try await Self.products(
                    connection.query("\(unescaped: Self.select) WHERE sku = \(saved.sku) AND id <> \(id)", logger: logger))
                if let existing = taken.first { throw ProductsStoreError.skuTaken(existing: existing) }
                try await Self.update(saved, from: stored, kind: .updated, by: by, at: at, on: connection, logger: logger)
                return saved
            }
        }
    }

    public func setActive(
        id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(ProductsStoreError) -> Product {
        try await run("Cannot \(active ? "restore" : "archive") product \(id)") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                let stored = try await Self.locked(id: id, on: connection, logger: logger)
                let saved = try ProductWrites.activeChanged(stored, to: active, expectedVersion: expectedVersion, by: by, at: at)
                try await Self.update(saved, from: stored, kind: active ? .restored : .archived, by: by, at: at, on: connection, logger: logger)
                return saved
            }
        }
    }

    /// One transaction for the whole file: a failure leaves the catalog as it was. Each SKU's row
    /// is locked as it is read; a SKU another import adds meanwhile makes the insert find it taken,
    /// and the whole import is refused (nothing written), never a half.
    public func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) async throws(ProductsStoreError) -> ProductImportResult {
        try await run("Cannot import products") { client, logger in
            try await client.withTransaction(logger: logger) { connection in
                var result = ProductImportResult(added: 0, updated: 0)
                for row in rows {
                    let stored = try await Self.products(
                        connection.query("\(unescaped: Self.select) WHERE sku = \(row.sku) FOR UPDATE", logger: logger)
                    ).first
                    if stored == nil { result.added += 1 } else { result.updated += 1 }
                    guard var saved = ProductWrites.imported(row, over: stored, by: by, at: at) else { continue }
                    if let stored {
                        try await Self.update(saved, from: stored, kind: .imported, by: by, at: at, on: connection, logger: logger)
                    } else if try await !Self.insert(&saved, kind: .imported, by: by, at: at, on: connection, logger: logger) {
                        throw try await Self.skuTaken(saved.sku, on: connection, logger: logger)
                    }
                }
                return result
            }
        }
    }

    public func fetchHistory(productID: Int64) async throws(ProductsStoreError) -> [ProductEvent] {
        try await run("Cannot fetch the history of product \(productID)") { client, logger in
            var events: [ProductEvent] = []
            let rows = try await client.query(
                """
                SELECT \(unescaped: ProductColumns.eventSelected) FROM product_events WHERE product_id = \(productID)
                ORDER BY happened_at DESC, id DESC
                """, logger: logger)
            for try await row in rows {
                events.append(try ProductColumns.event(from: PostgresOrderRow(row: row.makeRandomAccess())))
            }
            return events
        }
    }

    // MARK: Writing rows

    private static func locked(id: Int64, on connection: PostgresConnection, logger: Logger) async throws -> Product {
        let found = try await products(connection.query("\(unescaped: select) WHERE id = \(id) FOR UPDATE", logger: logger))
        guard let stored = found.first else { throw ProductsStoreError.notFound(id: id) }
        return stored
    }

    private static func skuTaken(_ sku: String, on connection: PostgresConnection, logger: Logger) async throws -> ProductsStoreError {
        let existing = try await products(connection.query("\(unescaped: select) WHERE sku = \(sku)", logger: logger)).first
        guard let existing else { return .unavailable("The SKU \(sku) is taken, by a product not yet committed") }
        return .skuTaken(existing: existing)
    }

    /// Inserts `product` and its event; false (nothing written) when its SKU is taken.
    private static func insert(
        _ product: inout Product, kind: ProductEvent.Kind, by: AccountName?, at: Date, on connection: PostgresConnection, logger: Logger
    ) async throws -> Bool {
        let stock = product.stock
        let rows = try await connection.query(
            """
            INSERT INTO products (sku, name, search_text, price_cents, taxable, track_stock, on_hand, committed, allow_backorder,
                active, version, created_at, created_by_username, created_by_display_name)
            VALUES (\(product.sku), \(product.name), \(ProductSearch.searchText(of: product)), \(product.priceCents),
                \(product.taxable), \(stock != nil), \(stock?.onHand ?? 0), \(stock?.committed ?? 0), \(stock?.allowBackorder ?? false),
                \(product.active), \(product.version), \(at.timeIntervalSince1970), \(by?.username), \(by?.displayName))
            ON CONFLICT (sku) DO NOTHING RETURNING id
            """, logger: logger)
        var id: Int64?
        for try await value in rows.decode(Int64.self) { id = value }
        guard let id else { return false }
        product.id = id
        try await insert(ProductWrites.event(kind, from: nil, to: product, by: by, at: at), on: connection, logger: logger)
        return true
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock), and its event.
    private static func update(
        _ saved: Product, from stored: Product, kind: ProductEvent.Kind, by: AccountName?, at: Date, on connection: PostgresConnection,
        logger: Logger
    ) async throws {
        let stock = saved.stock
        let rows = try await connection.query(
            """
            UPDATE products SET sku = \(saved.sku), name = \(saved.name), search_text = \(ProductSearch.searchText(of: saved)),
                price_cents = \(saved.priceCents), taxable = \(saved.taxable), track_stock = \(stock != nil),
                on_hand = \(stock?.onHand ?? 0), committed = \(stock?.committed ?? 0),
                allow_backorder = \(stock?.allowBackorder ?? false), active = \(saved.active), version = \(saved.version),
                updated_at = \(at.timeIntervalSince1970), updated_by_username = \(by?.username),
                updated_by_display_name = \(by?.displayName)
            WHERE id = \(stored.id ?? 0) AND version = \(stored.version) RETURNING id
            """, logger: logger)
        var updated = false
        for try await _ in rows { updated = true }
        guard updated else { throw ProductsStoreError.conflict(current: stored) }
        try await insert(ProductWrites.event(kind, from: stored, to: saved, by: by, at: at), on: connection, logger: logger)
    }

    private static func insert(_ event: ProductEvent, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query(
            """
            INSERT INTO product_events (\(unescaped: ProductColumns.eventWritten))
            VALUES (\(event.productID), \(event.kind.rawValue), \(event.at.timeIntervalSince1970), \(event.by?.username),
                \(event.by?.displayName), \(try ProductColumns.changesJSON(event)))
            """, logger: logger)
    }
}
