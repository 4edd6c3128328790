import Foundation

/// What draft-first order entry (`EditDraft`) reads of the catalog: a product by its SKU, and a
/// search (`ProductsCatalog` asks the catalog's store; a spy in tests).
public protocol CatalogLookup: Sendable {
    /// The product with this SKU (`Product.normalizedSKU`), archived or not; nil when none.
    func product(sku: String) async throws -> Product?
    /// At most `limit` active products whose SKU or name holds `text` (case and accents do not count), by SKU.
    func products(matching text: String, limit: Int) async throws -> [Product]
}

/// The catalog's store (`ProductsStoreProtocol`) as the draft pages read it.
public struct ProductsCatalog: CatalogLookup {
    public let products: any ProductsStoreProtocol

    public init(products: any ProductsStoreProtocol) {
        self.products = products
    }

    public func product(sku: String) async throws -> Product? {
        try await products.fetchProduct(sku: sku)
    }

    public func products(matching text: String, limit: Int) async throws -> [Product] {
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return [] }
        return try await products.fetchProducts(matching: text, includeArchived: false, after: nil, limit: limit)
    }
}
