import Foundation

/// What draft-first order entry (`EditDraft`) reads of the catalog: a product by its SKU, and a
/// search. A protocol of its own so that the draft pages do not wait for the catalog's stores: the
/// memory one below reads `MemoryAppDatabase`'s products (the table `DraftsMemStore` places
/// against); the real `ProductsStoreProtocol` (`fetchProduct(sku:)`,
/// `fetchProducts(matching:includeArchived:after:limit:)`) answers the same two questions.
public protocol CatalogLookup: Sendable {
    /// The product with this SKU (`Product.normalizedSKU`), archived or not; nil when none.
    func product(sku: String) async throws -> Product?
    /// At most `limit` active products whose SKU or name holds `text` (case-insensitive), by SKU.
    func products(matching text: String, limit: Int) async throws -> [Product]
}

/// The catalog of a memory database (`Tables.products`): tests, `--database :memory:`, and the
/// drafts' memory store until the SQL draft stores land.
public struct CatalogMemLookup: CatalogLookup {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    public func product(sku: String) async throws -> Product? {
        let sku = Product.normalizedSKU(sku)
        return await database.read { tables in tables.products.values.first { $0.sku == sku } }
    }

    public func products(matching text: String, limit: Int) async throws -> [Product] {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !text.isEmpty else { return [] }
        let found = await database.read { tables in
            tables.products.values.filter { $0.active && ($0.sku.lowercased().contains(text) || $0.name.lowercased().contains(text)) }
        }
        return Array(found.sorted { $0.sku < $1.sku }.prefix(limit))
    }
}
