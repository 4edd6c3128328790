import Logging

/// A product and its history, from the catalog's store. Not final: tests subclass it into a spy.
class ShowProductWorker {
    let products: any ProductsStoreProtocol
    let logger: Logger

    init(products: any ProductsStoreProtocol, logger: Logger) {
        self.products = products
        self.logger = logger
    }

    /// The product with `id` and its history (newest first); nil when there is none.
    func fetchProduct(id: Int64) async throws(ProductsStoreError) -> (Product, [ProductEvent])? {
        do {
            guard let product = try await products.fetchProduct(id: id) else { return nil }
            return (product, try await products.fetchHistory(productID: id))
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// The product with `sku` (as the catalog keeps it, any case) and its history; nil when there is none.
    func fetchProduct(sku: String) async throws(ProductsStoreError) -> (Product, [ProductEvent])? {
        do {
            guard let product = try await products.fetchProduct(sku: sku), let id = product.id else { return nil }
            return (product, try await products.fetchHistory(productID: id))
        } catch {
            logger.error("Store failed", metadata: ["error": "\(error)"])
            throw error
        }
    }
}
