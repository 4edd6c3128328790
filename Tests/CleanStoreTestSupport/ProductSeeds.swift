import Foundation

@testable import CleanStore

/// Products and the stores of the catalog for tests: the same every run.
enum ProductSeeds {
    static let now = AccountSeeds.now
    static let sue = AccountSeeds.sue.name

    /// A mug, $12.00, taxable, 5 on hand.
    static let mug = Product(
        sku: " mug-01 ", name: "Crème brûlée mug", priceCents: 1200, taxable: true, stock: Product.Stock(onHand: 5), createdAt: now)
    /// Tea, $4.50, untaxed, stock not tracked.
    static let tea = Product(sku: "TEA-GREEN", name: "Green tea, 20 bags", priceCents: 450, taxable: false, createdAt: now)
    static let pot = Product(
        sku: "POT-1", name: "Teapot", priceCents: 3499, stock: Product.Stock(onHand: 2, allowBackorder: true), createdAt: now)
}

/// The catalog store of one database, of every kind, fresh and empty: memory, an SQLite file,
/// PostgreSQL (a database of its own).
enum ProductStores {
    static func all(in directory: URL, for testCase: TemporaryDirectoryTestCase) async throws -> [(String, any ProductsStoreProtocol)] {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("products-\(UUID().uuidString).sqlite").path).database
        let postgres = try await TestPostgres.makeStore(for: testCase).database
        return [
            ("memory", ProductsMemStore()), ("SQLite", ProductsSQLiteStore(database: sqlite)),
            ("PostgreSQL", ProductsPostgresStore(database: postgres)),
        ]
    }
}

/// A catalog whose database cannot be reached: every call throws `.unavailable`.
struct FailingProductsStore: ProductsStoreProtocol {
    let error = ProductsStoreError.unavailable("The catalog's database cannot be reached")

    func fetchProducts(matching text: String, includeArchived: Bool, after: String?, limit: Int) async throws(ProductsStoreError) -> [Product] {
        throw error
    }
    func fetchProducts(matching text: String, includeArchived: Bool, before: String, limit: Int) async throws(ProductsStoreError) -> [Product] {
        throw error
    }
    func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product? { throw error }
    func fetchProduct(sku: String) async throws(ProductsStoreError) -> Product? { throw error }
    func createProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product { throw error }
    func updateProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product { throw error }
    func setActive(id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product {
        throw error
    }
    func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) async throws(ProductsStoreError) -> ProductImportResult {
        throw error
    }
    func fetchHistory(productID: Int64) async throws(ProductsStoreError) -> [ProductEvent] { throw error }
}
