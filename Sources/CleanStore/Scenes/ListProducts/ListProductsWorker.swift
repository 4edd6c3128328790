import Logging

/// A page of the catalog, and whether there are pages on either side, from the catalog's store.
/// Not final: tests subclass it into a spy.
class ListProductsWorker {
    let products: any ProductsStoreProtocol
    let logger: Logger
    let pageSize: Int

    init(products: any ProductsStoreProtocol, logger: Logger, pageSize: Int = ListProducts.pageSize) {
        self.products = products
        self.logger = logger
        self.pageSize = pageSize
    }

    struct Page: Equatable {
        var products: [Product]
        var hasPrevious: Bool
        var hasNext: Bool
    }

    /// The page after `after` (or before `before`; the first page with neither), sorted by SKU.
    /// Each side is asked for one product (keyset: the SKU next to the page's first or last).
    func fetchPage(text: String, includeArchived: Bool, after: String?, before: String?) async throws(ProductsStoreError) -> Page {
        do {
            let found: [Product]
            if let before {
                found = try await products.fetchProducts(matching: text, includeArchived: includeArchived, before: before, limit: pageSize)
            } else {
                found = try await products.fetchProducts(matching: text, includeArchived: includeArchived, after: after, limit: pageSize)
            }
            guard let first = found.first, let last = found.last else { return Page(products: [], hasPrevious: false, hasNext: false) }
            let previous = try await products.fetchProducts(matching: text, includeArchived: includeArchived, before: first.sku, limit: 1)
            let next = try await products.fetchProducts(matching: text, includeArchived: includeArchived, after: last.sku, limit: 1)
            return Page(products: found, hasPrevious: !previous.isEmpty, hasNext: !next.isEmpty)
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }
}
