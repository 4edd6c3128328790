import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListProductsWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListProductsWorker!
    var store: ProductsMemStore!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        store = ProductsMemStore()
        for product in [ProductSeeds.mug, ProductSeeds.tea, ProductSeeds.pot] {
            _ = try await store.createProduct(product, by: nil, at: ProductSeeds.now)
        }
        sut = ListProductsWorker(products: store, logger: TestStores.silentLogger, pageSize: 2)
    }

    // MARK: Tests

    func testFetchPageShouldSayWhetherThereArePagesOnEitherSide() async throws {
        let first = try await sut.fetchPage(text: "", includeArchived: false, after: nil, before: nil)
        XCTAssertEqual(first.products.map(\.sku), ["MUG-01", "POT-1"])
        XCTAssertEqual([first.hasPrevious, first.hasNext], [false, true])
        let second = try await sut.fetchPage(text: "", includeArchived: false, after: "POT-1", before: nil)
        XCTAssertEqual(second.products.map(\.sku), ["TEA-GREEN"])
        XCTAssertEqual([second.hasPrevious, second.hasNext], [true, false])
        let back = try await sut.fetchPage(text: "", includeArchived: false, after: nil, before: "TEA-GREEN")
        XCTAssertEqual(back, first)
        let none = try await sut.fetchPage(text: "nothing", includeArchived: false, after: nil, before: nil)
        XCTAssertEqual(none, ListProductsWorker.Page(products: [], hasPrevious: false, hasNext: false))
    }
}
