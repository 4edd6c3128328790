import Foundation

/// Where the catalog lives. Every store (memory, SQLite, PostgreSQL) keeps the same contract,
/// checked by `ProductsStoreContractTests`:
/// - A SKU is stored trimmed and upper-cased and is unique regardless of case (`.skuTaken`).
/// - `fetchProducts` finds by SKU or name (accents and case do not count, as the order search),
///   sorted by SKU, keyset pages (`after`: the last SKU of the page before; `before`: the first
///   SKU of the page after, for a "Previous" link, still sorted by SKU).
/// - Writes are version-checked (`.conflict` with the product as stored) and each writes one
///   `ProductEvent` in the same transaction. A product on any order is archived, never deleted.
/// - `importProducts` adds or updates by SKU, all rows in one transaction.
public protocol ProductsStoreProtocol: Sendable {
    func fetchProducts(matching text: String, includeArchived: Bool, after: String?, limit: Int) async throws(ProductsStoreError) -> [Product]
    /// The last `limit` products whose SKU sorts before `before`, sorted by SKU.
    func fetchProducts(matching text: String, includeArchived: Bool, before: String, limit: Int) async throws(ProductsStoreError) -> [Product]
    func fetchProduct(id: Int64) async throws(ProductsStoreError) -> Product?
    /// The product with this SKU, whatever its case and surrounding spaces.
    func fetchProduct(sku: String) async throws(ProductsStoreError) -> Product?
    func createProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product
    func updateProduct(_ product: Product, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product
    func setActive(id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date) async throws(ProductsStoreError) -> Product
    func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) async throws(ProductsStoreError) -> ProductImportResult
    /// The product's history, newest first.
    func fetchHistory(productID: Int64) async throws(ProductsStoreError) -> [ProductEvent]
}

/// One row of a catalog CSV (`sku,name,price,taxable,track_stock,on_hand`), already checked.
public struct ProductImportRow: Equatable, Sendable {
    public var sku: String
    public var name: String
    public var priceCents: Int64
    public var taxable: Bool
    public var trackStock: Bool
    public var onHand: Int64

    public init(sku: String, name: String, priceCents: Int64, taxable: Bool, trackStock: Bool, onHand: Int64) {
        self.sku = Product.normalizedSKU(sku)
        self.name = name
        self.priceCents = priceCents
        self.taxable = taxable
        self.trackStock = trackStock
        self.onHand = onHand
    }
}

public struct ProductImportResult: Equatable, Sendable {
    public var added: Int
    public var updated: Int

    public init(added: Int, updated: Int) {
        self.added = added
        self.updated = updated
    }
}

/// One entry of a product's history.
public struct ProductEvent: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case created, updated, archived, restored, imported
    }

    public var productID: Int64
    public var kind: Kind
    public var by: AccountName?
    public var at: Date
    /// Each field that changed, as people read it ("Price", "$12.00" → "$12.50").
    public var changes: [OrderChange]

    public init(productID: Int64, kind: Kind, by: AccountName?, at: Date, changes: [OrderChange] = []) {
        self.productID = productID
        self.kind = kind
        self.by = by
        self.at = at
        self.changes = changes
    }
}

public enum ProductsStoreError: Error, Equatable, Sendable {
    case notFound(id: Int64)
    case skuTaken(existing: Product)
    case conflict(current: Product)
    case unavailable(String)
}
