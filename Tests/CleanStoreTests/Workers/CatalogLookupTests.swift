import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Finding a product by SKU for a new order's line (`Workers/CatalogLookup.swift`).
final class CatalogLookupTests: XCTestCase {
    /// A catalog store that answers `fetchProduct(sku:)` from `products` (recording what it was
    /// asked), or throws `failure`; the item forms use nothing else of it, so the rest throws.
    actor ProductsStoreSpy: ProductsStoreProtocol {
        var products: [Product] = [GoodsSeeds.widget]
        var failure: ProductsStoreError?
        var askedFor: [String] = []

        init(failure: ProductsStoreError? = nil) {
            self.failure = failure
        }

        func fetchProduct(sku: String) throws(ProductsStoreError) -> Product? {
            askedFor.append(sku)
            if let failure { throw failure }
            return products.first { $0.sku == Product.normalizedSKU(sku) }
        }

        func fetchProducts(matching text: String, includeArchived: Bool, after: String?, limit: Int) throws(ProductsStoreError) -> [Product] {
            throw .unavailable("not asked by CatalogLookup")
        }
        func fetchProducts(matching text: String, includeArchived: Bool, before: String, limit: Int) throws(ProductsStoreError) -> [Product] {
            throw .unavailable("not asked by CatalogLookup")
        }
        func fetchProduct(id: Int64) throws(ProductsStoreError) -> Product? { throw .unavailable("not asked by CatalogLookup") }
        func createProduct(_ product: Product, by: AccountName?, at: Date) throws(ProductsStoreError) -> Product {
            throw .unavailable("not asked by CatalogLookup")
        }
        func updateProduct(_ product: Product, by: AccountName?, at: Date) throws(ProductsStoreError) -> Product {
            throw .unavailable("not asked by CatalogLookup")
        }
        func setActive(id: Int64, active: Bool, expectedVersion: Int, by: AccountName?, at: Date) throws(ProductsStoreError) -> Product {
            throw .unavailable("not asked by CatalogLookup")
        }
        func importProducts(_ rows: [ProductImportRow], by: AccountName?, at: Date) throws(ProductsStoreError) -> ProductImportResult {
            throw .unavailable("not asked by CatalogLookup")
        }
        func fetchHistory(productID: Int64) throws(ProductsStoreError) -> [ProductEvent] { throw .unavailable("not asked by CatalogLookup") }
    }

    /// A SKU is trimmed and upper-cased; one already so (printable ASCII, no lower case, as the
    /// store holds them) is returned as it is, without Foundation's trimming (issue 31).
    func testASKUIsTrimmedAndUpperCasedWhateverItHolds() {
        let cases: [(String, String)] = [
            ("AB-1", "AB-1"), ("ab-1 ", "AB-1"), ("\tMUG-BLUE\n", "MUG-BLUE"), ("A B", "A B"), (" ", ""), ("", ""),
            ("é-1", "É-1"), ("\u{00A0}SKU-9\u{2003}", "SKU-9"), ("Z~!", "Z~!"), ("sku_{x}", "SKU_{X}"),
        ]
        for (text, normalized) in cases {
            XCTAssertEqual(Product.normalizedSKU(text), normalized, text.debugDescription)
            XCTAssertEqual(Product.normalizedSKU(text), text.trimmingCharacters(in: .whitespacesAndNewlines).uppercased())
        }
    }

    func testTheStoreLookupAsksTheCatalogStoreBySKUAndPassesOnItsAnswer() async throws {
        let store = ProductsStoreSpy()
        let lookup = ProductsCatalog(products: store)
        let found = try await lookup.product(sku: "wid-1")
        let none = try await lookup.product(sku: "NOPE")
        XCTAssertEqual(found, GoodsSeeds.widget)
        XCTAssertNil(none)
        let asked = await store.askedFor
        XCTAssertEqual(asked, ["wid-1", "NOPE"])
    }

    func testTheStoreLookupThrowsWhatTheStoreThrows() async {
        let lookup = ProductsCatalog(products: ProductsStoreSpy(failure: .unavailable("disk")))
        do {
            _ = try await lookup.product(sku: "WID-1")
            XCTFail("Expected the store's failure")
        } catch {
            XCTAssertEqual(error as? ProductsStoreError, .unavailable("disk"))
        }
    }

    func testTheMemoryLookupFindsBySKUAsStoredArchivedOnesToo() async throws {
        let database = await GoodsSeeds.database(orders: [])
        await database.transaction { $0.products[3]?.active = false }
        let lookup = ProductsCatalog(products: ProductsMemStore(database: database))
        let widget = try await lookup.product(sku: " wid-1 ")
        let book = try await lookup.product(sku: "BK-3")
        let none = try await lookup.product(sku: "WID")
        XCTAssertEqual(widget, GoodsSeeds.widget)
        XCTAssertEqual(book?.active, false, "Archived: the scene says so")
        XCTAssertNil(none)
    }
}
