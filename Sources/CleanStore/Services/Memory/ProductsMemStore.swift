import Foundation

/// The catalog in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`. Ids are
/// 1, 2, 3, … in order of creation. Each change and its event are one transaction of the database;
/// `ProductWrites` decides each change on the product as stored, as in the SQL stores.
public final class ProductsMemStore: ProductsStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, after: String?, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let found = await found(matching: text, includeArchived: includeArchived)
        return Array(found.filter { product in after.map { ProductSearch.skuPrecedes($0, product.sku) } ?? true }.prefix(max(0, limit)))
    }

    public func fetchProducts(
        matching text: String, includeArchived: Bool, before: String, limit: Int
    ) async throws(ProductsStoreError) -> [Product] {
        let found = await found(matching: text, includeArchived: includeArchived)
        return Array(found.filter { ProductSearch.skuPrecedes($0.sku, before) }.suffix(max(0, limit)))
    }

    /// Every product the search finds, sorted by SKU.
    private func found(matching text: String, includeArchived: Bool) async -> [Product] {
        let words = ProductSearch.words(in: text)
        return await database.read { tables in
            tables.products.values.filter { (includeArchived || $0.active) && ProductSearch.matches($0, words) }
                .sorted { ProductSearch.skuPrecedes($0.sku, $1.sku) }
        }
    }

    public func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? {
        await database.read { $0.products[id] }
    }

    public func fetchProduct(sku: String) async throws(ProductsStoreError) -> Product? {
        let sku = Product.normalizedSKU(sku)
        return await database.read { $0.products.values.first { $0.sku == sku } }
    }

    public func createProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        try await database.transaction { tables throws(ProductsStoreError) in
            var created = ProductWrites.created(product, by: by, at: at)
            if let existing = tables.products.values.first(where: { $0.sku == created.sku }) { throw .skuTaken(existing: existing) }
            Self.insert(&created, into: &tables, kind: .created, by: by, at: at)
            return created
        }
    }

    public func updateProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        let id = product.id ?? 0
        return try await database.transaction { tables throws(ProductsStoreError) in
            guard let stored = tables.products[id] else { throw .notFound(id: id) }
            let saved = try ProductWrites.updated(product, of: stored, by: by, at: at)
            if let existing = tables.products.values.first(where: { $0.sku == saved.sku && $0.id != id }) {
                throw .skuTaken(existing: existing)
            }
            tables.products[id] = saved
            tables.productEvents.append(ProductWrites.event(.updated, from: stored, to: saved, by: by, at: at))
            return saved
        }
    }

    public func setActive(
        id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date
    ) async throws(ProductsStoreError) -> Product {
        try await database.transaction { tables throws(ProductsStoreError) in
            guard let stored = tables.products[id] else { throw .notFound(id: id) }
            let saved = try ProductWrites.activeChanged(stored, to: active, expectedVersion: expectedVersion, by: by, at: at)
            tables.products[id] = saved
            tables.productEvents.append(ProductWrites.event(active ? .restored : .archived, from: stored, to: saved, by: by, at: at))
            return saved
        }
    }

    public func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) async throws(ProductsStoreError) -> ProductImportResult {
        await database.transaction { tables in
            var result = ProductImportResult(added: 0, updated: 0)
            for row in rows {
                let stored = tables.products.values.first { $0.sku == row.sku }
                guard var saved = ProductWrites.imported(row, over: stored, by: by, at: at) else {
                    result.updated += 1
                    continue
                }
                if let id = stored?.id {
                    result.updated += 1
                    tables.products[id] = saved
                    tables.productEvents.append(ProductWrites.event(.imported, from: stored, to: saved, by: by, at: at))
                } else {
                    result.added += 1
                    Self.insert(&saved, into: &tables, kind: .imported, by: by, at: at)
                }
            }
            return result
        }
    }

    public func fetchHistory(productID: Int64) async throws(ProductsStoreError) -> [ProductEvent] {
        await database.read { tables in
            tables.productEvents.enumerated().filter { $0.element.productID == productID }
                .sorted { ($0.element.at, $0.offset) > ($1.element.at, $1.offset) }
                .map(\.element)
        }
    }

    /// Gives `product` the next id and adds it with its event.
    private static func insert(
        _ product: inout Product, into tables: inout MemoryAppDatabase.Tables, kind: ProductEvent.Kind, by: AccountName?, at: Date
    ) {
        // After any product a test seeded into the table with an id of its own.
        tables.lastProductID = max(tables.lastProductID, tables.products.keys.max() ?? 0) + 1
        product.id = tables.lastProductID
        tables.products[tables.lastProductID] = product
        tables.productEvents.append(ProductWrites.event(kind, from: nil, to: product, by: by, at: at))
    }
}
