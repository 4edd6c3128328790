import Foundation
import GRDB

/// The catalog in the SQLite database (`SQLiteAppDatabase`, tables of migration v14). Each change
/// is one write transaction (the pool writes one at a time): the stored row is read,
/// `ProductWrites` decides, and the change and its event are written with nothing in between.
public final class ProductsSQLiteStore: ProductsStoreProtocol {
    public let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    private func read<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(ProductsStoreError) -> T {
        do {
            return try await database.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(ProductsStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private static let select = "SELECT \(ProductColumns.selected) FROM products"

    /// The products `sql` selects. The statement is cached (prepared once per connection): its SQL
    /// is one of a few shapes (a search's condition has one placeholder per word, at most
    /// `OrderSearch.maximumWords`), and the draft page's product search runs it on every look-up.
    static func products(_ db: Database, _ sql: String, _ arguments: StatementArguments) throws -> [Product] {
        try Row.fetchAll(db.cachedStatement(sql: sql), arguments: arguments).map { try ProductColumns.product(from: SQLiteRow(row: $0)) }
    }

    /// The condition of a search (`ProductSearch`) and its arguments.
    private static func condition(matching text: String, includeArchived: Bool) -> (sql: String, arguments: [DatabaseValue]) {
        let words = ProductSearch.words(in: text)
        var conditions = includeArchived ? [] : ["active = 1"]
        if !words.isEmpty { conditions.append(ProductColumns.searchCondition(words: words.count, function: "instr") { _ in "?" }) }
        return (conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), words.map(\.databaseValue))
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, after: String?, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let condition = Self.condition(matching: text, includeArchived: includeArchived)
        let keyset = after == nil ? "" : " AND sku > ?"
        let arguments = StatementArguments(condition.arguments + (after.map { [$0.databaseValue] } ?? []) + [max(0, limit).databaseValue])
        return try await read("Cannot fetch products") { db in
            try Self.products(db, "\(Self.select) WHERE \(condition.sql)\(keyset) ORDER BY sku LIMIT ?", arguments)
        }
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, before: String, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let condition = Self.condition(matching: text, includeArchived: includeArchived)
        let arguments = StatementArguments(condition.arguments + [before.databaseValue, max(0, limit).databaseValue])
        let found = try await read("Cannot fetch products") { db in
            try Self.products(db, "\(Self.select) WHERE \(condition.sql) AND sku < ? ORDER BY sku DESC LIMIT ?", arguments)
        }
        return found.reversed()
    }

    public func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? {
        try await read("Cannot fetch product \(id)") { db in try Self.products(db, "\(Self.select) WHERE id = ?", [id]).first }
    }

    public func fetchProduct(sku: String) async throws(ProductsStoreError) -> Product? {
        let sku = Product.normalizedSKU(sku)
        return try await read("Cannot fetch product \(sku)") { db in try Self.products(db, "\(Self.select) WHERE sku = ?", [sku]).first }
    }

    public func createProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        try await write("Cannot create product \(product.sku)") { db in
            var created = ProductWrites.created(product, by: by, at: at)
            if let existing = try Self.products(db, "\(Self.select) WHERE sku = ?", [created.sku]).first {
                throw ProductsStoreError.skuTaken(existing: existing)
            }
            try Self.insert(&created, kind: .created, by: by, at: at, into: db)
            return created
        }
    }

    public func updateProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        let id = product.id ?? 0
        return try await write("Cannot update product \(id)") { db in
            guard let stored = try Self.products(db, "\(Self.select) WHERE id = ?", [id]).first else {
                throw ProductsStoreError.notFound(id: id)
            }
            let saved = try ProductWrites.updated(product, of: stored, by: by, at: at)
            if let existing = try Self.products(db, "\(Self.select) WHERE sku = ? AND id <> ?", [saved.sku, id]).first {
                throw ProductsStoreError.skuTaken(existing: existing)
            }
            try Self.update(saved, from: stored, kind: .updated, by: by, at: at, in: db)
            return saved
        }
    }

    public func setActive(
        id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(ProductsStoreError) -> Product {
        try await write("Cannot \(active ? "restore" : "archive") product \(id)") { db in
            guard let stored = try Self.products(db, "\(Self.select) WHERE id = ?", [id]).first else {
                throw ProductsStoreError.notFound(id: id)
            }
            let saved = try ProductWrites.activeChanged(stored, to: active, expectedVersion: expectedVersion, by: by, at: at)
            try Self.update(saved, from: stored, kind: active ? .restored : .archived, by: by, at: at, in: db)
            return saved
        }
    }

    /// One write transaction for the whole file: a failure leaves the catalog as it was.
    public func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) async throws(ProductsStoreError) -> ProductImportResult {
        try await write("Cannot import products") { db in
            var result = ProductImportResult(added: 0, updated: 0)
            for row in rows {
                let stored = try Self.products(db, "\(Self.select) WHERE sku = ?", [row.sku]).first
                if stored == nil { result.added += 1 } else { result.updated += 1 }
                guard var saved = ProductWrites.imported(row, over: stored, by: by, at: at) else { continue }
                if let stored {
                    try Self.update(saved, from: stored, kind: .imported, by: by, at: at, in: db)
                } else {
                    try Self.insert(&saved, kind: .imported, by: by, at: at, into: db)
                }
            }
            return result
        }
    }

    public func fetchHistory(productID: Int64) async throws(ProductsStoreError) -> [ProductEvent] {
        try await read("Cannot fetch the history of product \(productID)") { db in
            try Row.fetchAll(
                db,
                sql: "SELECT \(ProductColumns.eventSelected) FROM product_events WHERE product_id = ? ORDER BY happened_at DESC, id DESC",
                arguments: [productID]
            ).map { try ProductColumns.event(from: SQLiteRow(row: $0)) }
        }
    }

    // MARK: Writing rows

    private static let written =
        "sku, name, search_text, price_cents, taxable, track_stock, on_hand, committed, allow_backorder, active, version"

    private static func values(of product: Product) -> [DatabaseValue] {
        [
            product.sku.databaseValue, product.name.databaseValue, ProductSearch.searchText(of: product).databaseValue,
            product.priceCents.databaseValue, product.taxable.databaseValue, (product.stock != nil).databaseValue,
            (product.stock?.onHand ?? 0).databaseValue, (product.stock?.committed ?? 0).databaseValue,
            (product.stock?.allowBackorder ?? false).databaseValue, product.active.databaseValue, product.version.databaseValue,
        ]
    }

    private static func insert(_ product: inout Product, kind: ProductEvent.Kind, by: AccountName?, at: Date, into db: Database) throws {
        let values = values(of: product) + [
            at.timeIntervalSince1970.databaseValue, (by?.username).databaseValue, (by?.displayName).databaseValue,
        ]
        try db.execute(
            sql: """
                INSERT INTO products (\(written), created_at, created_by_username, created_by_display_name)
                VALUES (?\(String(repeating: ", ?", count: values.count - 1)))
                """,
            arguments: StatementArguments(values))
        product.id = db.lastInsertedRowID
        try insert(ProductWrites.event(kind, from: nil, to: product, by: by, at: at), into: db)
    }

    /// Writes `saved` over `stored`, guarded by the stored version (a second lock), and its event.
    private static func update(
        _ saved: Product, from stored: Product, kind: ProductEvent.Kind, by: AccountName?, at: Date, in db: Database
    ) throws {
        let assignments = written.split(separator: ",").map { "\($0.trimmingCharacters(in: .whitespaces)) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: """
                UPDATE products SET \(assignments), updated_at = ?, updated_by_username = ?, updated_by_display_name = ?
                WHERE id = ? AND version = ?
                """,
            arguments: StatementArguments(
                values(of: saved) + [
                    at.timeIntervalSince1970.databaseValue, (by?.username).databaseValue, (by?.displayName).databaseValue,
                    (stored.id ?? 0).databaseValue, stored.version.databaseValue,
                ]))
        guard db.changesCount > 0 else { throw ProductsStoreError.conflict(current: stored) }
        try insert(ProductWrites.event(kind, from: stored, to: saved, by: by, at: at), into: db)
    }

    private static func insert(_ event: ProductEvent, into db: Database) throws {
        try db.execute(
            sql: "INSERT INTO product_events (\(ProductColumns.eventWritten)) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                event.productID, event.kind.rawValue, event.at.timeIntervalSince1970, event.by?.username, event.by?.displayName,
                try ProductColumns.changesJSON(event),
            ])
    }
}
