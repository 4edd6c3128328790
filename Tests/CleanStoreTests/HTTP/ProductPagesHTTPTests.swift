import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `GET /products` and `GET /products/{id}` through the real router and middleware: every page
/// state compared byte for byte with its reference in `__Snapshots__/ProductPagesHTTPTests/` and
/// checked by libxml2 (as `PageSnapshotTests`), and who may read them.
final class ProductPagesHTTPTests: XCTestCase {
    /// An app whose catalog holds the mug (1, archived, edited once), the tea (2) and the teapot (3).
    func makeApp(role: AccountRole = .supervisor, products: (any ProductsStoreProtocol)? = nil) async throws -> TestApp {
        var app = try await TestApp(role: role)
        if let products {
            app.environment.products = products
            return app
        }
        let store = ProductsMemStore()
        let mug = try await store.createProduct(ProductSeeds.mug, by: ProductSeeds.sue, at: Seeds.june29)
        var edit = mug
        edit.priceCents = 1250
        edit.stock = Product.Stock(onHand: 7)
        _ = try await store.updateProduct(edit, by: testAccount.name, at: Seeds.june30)
        _ = try await store.setActive(id: mug.id!, active: false, expectedVersion: 2, by: testAccount.name, at: Seeds.june30)
        _ = try await store.importProducts(
            [
                ProductImportRow(sku: "TEA-GREEN", name: "Green tea, 20 bags", priceCents: 450, taxable: false, trackStock: false, onHand: 0),
                ProductImportRow(sku: "POT-1", name: "Teapot <cast iron>", priceCents: 3499, taxable: true, trackStock: true, onHand: 2),
            ], by: nil, at: Seeds.june30)
        app.environment.products = store
        return app
    }

    func assertPage(
        _ name: String, _ uri: String, status: HTTPResponse.Status, app: TestApp, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await app.test { client in try await client.get(uri) }
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    // MARK: Snapshots

    func testTheListOnSaleAndWithArchivedProducts() async throws {
        let app = try await makeApp()
        try await assertPage("products", "/products", status: .ok, app: app)
        try await assertPage("products-archived", "/products?archived=yes", status: .ok, app: app)
    }

    func testASearchThatFindsNothingAndAnEmptyCatalog() async throws {
        try await assertPage("products-no-match", "/products?q=spoon", status: .ok, app: try await makeApp())
        try await assertPage("products-empty", "/products", status: .ok, app: try await makeApp(products: ProductsMemStore()))
    }

    func testAPageOfTheListWithPreviousAndNext() async throws {
        let store = ProductsMemStore()
        for number in 1...(ListProducts.pageSize + 2) {
            let sku = "SKU-" + String(1000 + number)
            _ = try await store.createProduct(Product(sku: sku, name: "Product \(number)", priceCents: Int64(number) * 100, createdAt: Seeds.june29), by: nil, at: Seeds.june29)
        }
        try await assertPage("products-middle-page", "/products?after=SKU-1001", status: .ok, app: try await makeApp(products: store))
    }

    func testTheListWhenTheCatalogCannotBeRead() async throws {
        try await assertPage("products-unavailable", "/products?q=mug", status: .serviceUnavailable, app: try await makeApp(products: FailingProductsStore()))
    }

    func testAProductArchivedWithItsStockAndHistory() async throws {
        try await assertPage("product-archived", "/products/1", status: .ok, app: try await makeApp())
    }

    func testAProductWhoseStockIsNotTracked() async throws {
        try await assertPage("product-not-tracked", "/products/2", status: .ok, app: try await makeApp())
    }

    // MARK: Refusals and roles

    func testAnUnknownProductIs404AndAnUnreadableCatalog503() async throws {
        let app = try await makeApp()
        try await app.test { client in
            for path in ["/products/99", "/products/abc", "/products/-1", "/products/1.0"] {
                let response = try await client.get(path)
                XCTAssertEqual(response.status, .notFound, path)
            }
        }
        let failing = try await makeApp(products: FailingProductsStore())
        try await failing.test { client in
            let response = try await client.get("/products/1")
            XCTAssertEqual(response.status, .serviceUnavailable)
        }
    }

    func testEveryRoleReadsTheCatalogAndSignedOutIsSentToSignIn() async throws {
        for role in AccountRole.allCases {
            let app = try await makeApp(role: role)
            try await app.test { client in
                for path in ["/products", "/products/1"] {
                    let response = try await client.get(path)
                    XCTAssertEqual(response.status, .ok, "\(role) \(path)")
                }
                let signedOut = try await client.get("/products?q=mug", signedIn: false)
                XCTAssertEqual(signedOut.status, .seeOther)
                XCTAssertEqual(signedOut.headers[.location], "/sign-in?return=/products%3Fq%3Dmug")
            }
        }
    }

    func testASearchFindsBySKUOrNameAndAControlCharacterReachesNoStore() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let byName = try await client.get("/products?q=GREEN+tea")
            XCTAssert(byName.text.contains(">TEA-GREEN</a>"), byName.text)
            XCTAssertFalse(byName.text.contains(">POT-1</a>"))
            let bySKU = try await client.get("/products?q=pot-")
            XCTAssert(bySKU.text.contains(">POT-1</a>"))
            for query in ["q=te%00a", "q=gr%07een", "after=%00"] {
                let refused = try await client.get("/products?" + query)
                XCTAssertEqual(refused.status, .badRequest, "\(query): refused before any scene, as every route's query")
            }
            let noSKU = try await client.get("/products?q=green&after=no+sku%21")
            XCTAssertEqual(noSKU.status, .ok)
            XCTAssert(noSKU.text.contains(">TEA-GREEN</a>"), "A cursor that is no SKU is no cursor: the first page")
        }
    }
}
