import Foundation
import Logging

/// The product form's rules and the catalog's store, for adding and changing a product: what a
/// supervisor typed becomes a `Product` by `ProductRules` (the rules and words an import keeps,
/// `CatalogCSV`), or a message per field. Not final: tests subclass it into a spy.
class EditProductWorker {
    static let priceMessage = "Enter the price as \(ProductRules.priceExample), with or without $"
    static let onHandMessage = "Enter the count on hand as \(ProductRules.onHandRange)"

    let products: any ProductsStoreProtocol
    let logger: Logger
    let now: @Sendable () -> Date

    init(products: any ProductsStoreProtocol, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.products = products
        self.logger = logger
        self.now = now
    }

    /// The product the form describes, with `id` and the form's version; or every field's
    /// problem, in the form's order. On hand is read only when the stock is tracked.
    func product(from fields: EditProduct.ProductFormFields, id: Int64?) -> Result<Product, Problems> {
        var problems: [EditProduct.FieldProblem] = []
        func problem(_ field: EditProduct.ProductFormFields.CodingKeys, _ words: String) {
            problems.append(.init(field: field, message: words.prefix(1).uppercased() + words.dropFirst()))
        }
        var sku = ""
        switch ProductRules.sku(fields.sku) {
        case .success(let normalized): sku = normalized
        case .failure(let found): problem(.sku, ProductRules.message(found))
        }
        var name = ""
        switch ProductRules.name(fields.name) {
        case .valid(let kept): name = kept
        case .invalid(let found): problem(.name, ProductRules.message(found))
        }
        let price = Money.cents(from: fields.price)
        if price == nil { problem(.price, Self.priceMessage) }
        var stock: Product.Stock?
        if fields.trackStock == "on" {
            if let onHand = ProductRules.onHand(fields.onHand) {
                stock = Product.Stock(onHand: onHand, allowBackorder: fields.allowBackorder == "on")
            } else {
                problem(.onHand, Self.onHandMessage)
            }
        }
        guard problems.isEmpty, let price else { return .failure(Problems(problems: problems)) }
        return .success(
            Product(
                id: id, sku: sku, name: name, priceCents: price, taxable: fields.taxable == "on", stock: stock,
                // A version that is no number is no version: the store answers a conflict.
                version: Int(fields.version) ?? 0, createdAt: now()))
    }

    struct Problems: Error, Equatable {
        var problems: [EditProduct.FieldProblem]
    }

    // MARK: The store

    func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? {
        try await logged { () throws(ProductsStoreError) in try await products.fetchProduct(id: id) }
    }

    func createProduct(_ product: Product, by: AccountName?) async throws(ProductsStoreError) -> Product {
        try await logged { () throws(ProductsStoreError) in try await products.createProduct(product, by: by, at: now()) }
    }

    func updateProduct(_ product: Product, by: AccountName?) async throws(ProductsStoreError) -> Product {
        try await logged { () throws(ProductsStoreError) in try await products.updateProduct(product, by: by, at: now()) }
    }

    func setActive(id: Int64, active: Bool, expectedVersion: Int, by: AccountName?) async throws(ProductsStoreError) -> Product {
        try await logged { () throws(ProductsStoreError) in
            try await products.setActive(id: id, active: active, expectedVersion: expectedVersion, by: by, at: now())
        }
    }

    /// `call`, its failure to reach the store logged (a refusal, a taken SKU or a conflict, is an answer).
    private func logged<T>(_ call: () async throws(ProductsStoreError) -> T) async throws(ProductsStoreError) -> T {
        do {
            return try await call()
        } catch {
            if case .unavailable = error { logger.error("Store failed", metadata: ["error": "\(error)"]) }
            throw error
        }
    }
}
