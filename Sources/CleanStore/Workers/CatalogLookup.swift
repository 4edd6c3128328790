import Foundation

/// Finds a product of the catalog by its SKU, for a line added to a new order
/// (`Scenes/ChangeOrderItems`). nil when no product has it; an archived product is returned (the
/// scene says it is archived). Throws when the catalog cannot be read.
public protocol CatalogLookup: Sendable {
    func product(sku: String) async throws -> Product?
}

/// The catalog as its store keeps it (`ProductsStoreProtocol.fetchProduct(sku:)`: any case,
/// surrounding spaces ignored).
public struct ProductsStoreCatalogLookup: CatalogLookup {
    public let products: any ProductsStoreProtocol

    public init(products: any ProductsStoreProtocol) {
        self.products = products
    }

    public func product(sku: String) async throws -> Product? {
        try await products.fetchProduct(sku: sku)
    }
}

/// The catalog of a memory database (`MemoryAppDatabase.Tables.products`), read the way
/// `ProductsStoreProtocol.fetchProduct(sku:)` reads it: the SKU normalised (`Product.normalizedSKU`).
public struct MemoryCatalogLookup: CatalogLookup {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    public func product(sku: String) async throws -> Product? {
        let wanted = Product.normalizedSKU(sku)
        return await database.read { tables in tables.products.values.first { $0.sku == wanted } }
    }
}
