import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Adding and changing a product through the real app (`EditProduct`): who may, each form state
/// compared byte for byte with its reference beside `ProductPagesHTTPTests`' (the browser tests
/// read that folder: Nu checker, axe) and checked by libxml2.
final class ProductFormHTTPTests: XCTestCase {
    /// A catalog of the mug (1: $12.00, 5 on hand, version 1) and the tea (2: stock not tracked).
    static func catalog() async throws -> ProductsMemStore {
        let store = ProductsMemStore()
        _ = try await store.createProduct(ProductSeeds.mug, by: ProductSeeds.sue, at: Seeds.june29)
        _ = try await store.createProduct(ProductSeeds.tea, by: ProductSeeds.sue, at: Seeds.june29)
        return store
    }

    func request(
        _ uri: String, form: String? = nil, role: AccountRole = .supervisor, signedIn: Bool = true, products: any ProductsStoreProtocol
    ) async throws -> TestResponse {
        var app = try await TestApp(role: role)
        app.environment.products = products
        return try await app.test { client in
            if let form { return try await client.post(uri, form: form, signedIn: signedIn) }
            return try await client.get(uri, signedIn: signedIn)
        }
    }

    func assertPage(
        _ name: String, _ uri: String, form: String? = nil, status: HTTPResponse.Status, products: any ProductsStoreProtocol,
        file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await request(uri, form: form, products: products)
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__/ProductPagesHTTPTests").path
        if let failure = verifySnapshot(
            of: response.text, as: .lines, named: name, snapshotDirectory: folder, file: file, testName: "page", line: line)
        {
            XCTFail(failure, file: file, line: line)
        }
    }

    static let mugForm = "sku=MUG-01&name=Cr%C3%A8me+br%C3%BBl%C3%A9e+mug&price=12.00&taxable=on&trackStock=on&onHand=5&version=1"

    // MARK: Snapshots

    func testTheFormsStates() async throws {
        try await assertPage("product-new", "/products/new", status: .ok, products: try await Self.catalog())
        try await assertPage("product-edit", "/products/1/edit", status: .ok, products: try await Self.catalog())
        try await assertPage(
            "product-errors", "/products/new", form: "sku=mug+01&name=&price=12.505&taxable=on&trackStock=on&onHand=-3",
            status: .unprocessableContent, products: try await Self.catalog())
        // Opened at version 1; someone made it $12.50 and 7 on hand since (version 2).
        let catalog = try await Self.catalog()
        let opened = try await catalog.fetchProduct(id: 1)
        var changed = try XCTUnwrap(opened)
        changed.priceCents = 1250
        changed.stock = Product.Stock(onHand: 7)
        _ = try await catalog.updateProduct(changed, by: nil, at: Seeds.june30)
        try await assertPage(
            "product-conflict", "/products/1/edit",
            form: "sku=MUG-01&name=Cr%C3%A8me+br%C3%BBl%C3%A9e+mug&price=13&taxable=on&trackStock=on&onHand=5&version=1",
            status: .conflict, products: catalog)
        try await assertPage(
            "product-unavailable", "/products/new", form: "sku=CUP&name=Cup&price=3", status: .serviceUnavailable,
            products: FailingProductsStore())
    }

    // MARK: Saving

    func testASupervisorAddsAndChangesAProductAndGoesToItsPage() async throws {
        let catalog = try await Self.catalog()
        let added = try await request(
            "/products/new", form: "sku=+cup-1+&name=Espresso+cup&price=%241%2C234.5&trackStock=on&onHand=3&allowBackorder=on",
            products: catalog)
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.headers[.location], "/products/3")
        let fetchedCup = try await catalog.fetchProduct(id: 3)
        let cup = try XCTUnwrap(fetchedCup)
        XCTAssertEqual(cup.sku, "CUP-1")
        XCTAssertEqual(cup.name, "Espresso cup")
        XCTAssertEqual(cup.priceCents, 123_450)
        XCTAssertFalse(cup.taxable, "an unticked box is not taxed")
        XCTAssertEqual(cup.stock, Product.Stock(onHand: 3, allowBackorder: true))
        XCTAssertEqual(cup.createdBy, testAccount.name)

        let changed = try await request("/products/3/edit", form: "sku=CUP-1&name=Espresso+cup&price=12&taxable=on&version=1", products: catalog)
        XCTAssertEqual(changed.status, .seeOther)
        XCTAssertEqual(changed.headers[.location], "/products/3")
        let fetched = try await catalog.fetchProduct(id: 3)
        let stored = try XCTUnwrap(fetched)
        XCTAssertEqual(stored.priceCents, 1200)
        XCTAssertNil(stored.stock, "stock no longer tracked")
        XCTAssertEqual(stored.version, 2)
        let history = try await catalog.fetchHistory(productID: 3)
        XCTAssertEqual(history.map(\.kind), [.updated, .created])
    }

    func testAStaleFormOrATakenSKUChangesNothing() async throws {
        let catalog = try await Self.catalog()
        let before = try await catalog.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 10)
        let stale = try await request("/products/1/edit", form: Self.mugForm.replacingOccurrences(of: "version=1", with: "version=7")
            .replacingOccurrences(of: "price=12.00", with: "price=9"), products: catalog)
        XCTAssertEqual(stale.status, .conflict)
        XCTAssert(stale.text.contains("You typed: <strong>9</strong>"), stale.text)
        let taken = try await request("/products/new", form: "sku=tea-green&name=More+tea&price=1", products: catalog)
        XCTAssertEqual(taken.status, .unprocessableContent)
        XCTAssert(taken.text.contains("TEA-GREEN is the SKU of Green tea, 20 bags already: choose another"), taken.text)
        let renamed = try await request("/products/1/edit", form: Self.mugForm.replacingOccurrences(of: "MUG-01", with: "tea-green"), products: catalog)
        XCTAssertEqual(renamed.status, .unprocessableContent)
        let after = try await catalog.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 10)
        XCTAssertEqual(after, before)
    }

    // MARK: Refusals and roles

    func testOnlyASupervisorMayAddOrChangeAProduct() async throws {
        for role in [AccountRole.viewer, .clerk] {
            let catalog = try await Self.catalog()
            for (uri, form) in [
                ("/products/new", nil), ("/products/1/edit", nil), ("/products/new", "sku=CUP&name=Cup&price=3"), ("/products/1/edit", Self.mugForm),
            ] {
                let response = try await request(uri, form: form, role: role, products: catalog)
                XCTAssertEqual(response.status, .forbidden, "\(role) \(uri)")
                XCTAssert(response.text.contains("<h1>You cannot do this</h1>"), "\(role) \(uri)")
            }
            let history = try await catalog.fetchHistory(productID: 1)
            XCTAssertEqual(history.count, 1, "\(role) changed nothing")
            let cup = try await catalog.fetchProduct(sku: "CUP")
            XCTAssertNil(cup, "\(role) added nothing")
        }
    }

    func testSignedOutTheFormSendsToSignInAndAPostIsRefused() async throws {
        let catalog = try await Self.catalog()
        let shown = try await request("/products/1/edit", signedIn: false, products: catalog)
        XCTAssertEqual(shown.status, .seeOther)
        XCTAssertEqual(shown.headers[.location], "/sign-in?return=/products/1/edit")
        let posted = try await request("/products/new", form: "sku=CUP&name=Cup&price=3", signedIn: false, products: catalog)
        XCTAssertEqual(posted.status, .forbidden)
        let cup = try await catalog.fetchProduct(sku: "CUP")
        XCTAssertNil(cup)
    }

    func testNoSuchProductIs404() async throws {
        let catalog = try await Self.catalog()
        for uri in ["/products/99/edit", "/products/x/edit", "/products/-1/edit"] {
            let shown = try await request(uri, products: catalog)
            XCTAssertEqual(shown.status, .notFound, uri)
            let posted = try await request(uri, form: Self.mugForm, products: catalog)
            XCTAssertEqual(posted.status, .notFound, uri)
        }
        let unreadable = try await request("/products/1/edit", products: FailingProductsStore())
        XCTAssertEqual(unreadable.status, .serviceUnavailable)
    }

    func testANULInTheFormIs400AndABodyOverTheLimit413BothReachingNoStore() async throws {
        let catalog = try await Self.catalog()
        let response = try await request("/products/new", form: "sku=CUP&name=Cup%00&price=3", products: catalog)
        XCTAssertEqual(response.status, .badRequest)
        let large = try await request("/products/new", form: "sku=CUP&price=3&name=" + String(repeating: "a", count: 70_000), products: catalog)
        XCTAssertEqual(large.status, .contentTooLarge)
        XCTAssert(large.text.contains("<h1>Request too large</h1>"))
        let cup = try await catalog.fetchProduct(sku: "CUP")
        XCTAssertNil(cup)
    }

    // MARK: Archive and restore

    func testASupervisorArchivesAndRestoresFromTheProductsPageAndItsHistorySaysSo() async throws {
        let catalog = try await Self.catalog()
        let archived = try await request("/products/1/archive", form: "version=1", products: catalog)
        XCTAssertEqual(archived.status, .seeOther)
        XCTAssertEqual(archived.headers[.location], "/products/1")
        let afterArchive = try await catalog.fetchProduct(id: 1)
        XCTAssertEqual(afterArchive?.active, false)
        XCTAssertEqual(afterArchive?.version, 2)
        let restored = try await request("/products/1/restore", form: "version=2", products: catalog)
        XCTAssertEqual(restored.status, .seeOther)
        XCTAssertEqual(restored.headers[.location], "/products/1")
        let afterRestore = try await catalog.fetchProduct(id: 1)
        XCTAssertEqual(afterRestore?.active, true)
        let history = try await catalog.fetchHistory(productID: 1)
        XCTAssertEqual(history.map(\.kind), [.restored, .archived, .created])
        XCTAssertEqual(history.first?.by, testAccount.name)
    }

    func testTheProductsPageShowsTheFlashAndTheButtonsAtItsVersion() async throws {
        let catalog = try await Self.catalog()
        var app = try await TestApp()
        app.environment.products = catalog
        let page = try await app.test { client in
            try await client.get("/products/1", cookie: flashCookie("Product changed: MUG-01, Crème brûlée mug."))
        }
        XCTAssertEqual(page.status, .ok)
        XCTAssertEqual(HTMLCheck.findings(in: page.text), [])
        XCTAssert(page.text.contains("Product changed: MUG-01, Crème brûlée mug."), page.text)
        XCTAssert(page.text.contains(#"<form class="status-form" method="post" action="/products/1/archive">"#), page.text)
        XCTAssert(page.text.contains(#"<input type="hidden" name="version" value="1" />"#), page.text)
    }

    func testArchivingAProductChangedSinceItsPageWasOpenedIsThe409PageAndChangesNothing() async throws {
        let catalog = try await Self.catalog()
        try await assertPage("product-archive-conflict", "/products/1/archive", form: "version=7", status: .conflict, products: catalog)
        let stale = try await request("/products/1/restore", form: "", products: catalog)
        XCTAssertEqual(stale.status, .conflict, "no version is no version")
        let mug = try await catalog.fetchProduct(id: 1)
        XCTAssertEqual(mug?.active, true)
        XCTAssertEqual(mug?.version, 1)
        let nul = try await request("/products/1/archive", form: "version=1%00", products: catalog)
        XCTAssertEqual(nul.status, .badRequest, "a NUL in the form, before any store")
        for uri in ["/products/99/archive", "/products/x/restore"] {
            let response = try await request(uri, form: "version=1", products: catalog)
            XCTAssertEqual(response.status, .notFound, uri)
        }
        let unavailable = try await request("/products/1/archive", form: "version=1", products: FailingProductsStore())
        XCTAssertEqual(unavailable.status, .serviceUnavailable)
    }

    func testOnlyASupervisorMayArchiveOrRestoreAndIsOfferedToChange() async throws {
        for role in AccountRole.allCases {
            let catalog = try await Self.catalog()
            for uri in ["/products/1/archive", "/products/1/restore"] where role != .supervisor {
                let response = try await request(uri, form: "version=1", role: role, products: catalog)
                XCTAssertEqual(response.status, .forbidden, "\(role) \(uri)")
            }
            let mug = try await catalog.fetchProduct(id: 1)
            XCTAssertEqual(mug?.version, 1, "\(role) changed nothing")
            let page = try await request("/products/1", role: role, products: catalog)
            XCTAssertEqual(page.text.contains(#"href="/products/1/edit""#), role == .supervisor, "\(role): Change")
            XCTAssertEqual(page.text.contains(#"action="/products/1/archive""#), role == .supervisor, "\(role): Archive")
            let list = try await request("/products", role: role, products: catalog)
            XCTAssertEqual(list.text.contains(#"href="/products/new""#), role == .supervisor, "\(role): Add a product")
        }
        let signedOut = try await request("/products/1/archive", form: "version=1", signedIn: false, products: try await Self.catalog())
        XCTAssertEqual(signedOut.status, .forbidden)
        XCTAssert(signedOut.text.contains("<h1>Sign in</h1>"))
    }
}
