import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowProductWorkerTests: XCTestCase {
    func testFetchProductShouldGiveTheProductAndItsHistoryOrNil() async throws {
        // Given
        let store = ProductsMemStore()
        let mug = try await store.createProduct(ProductSeeds.mug, by: ProductSeeds.sue, at: ProductSeeds.now)
        let sut = ShowProductWorker(products: store, logger: TestStores.silentLogger)

        // When
        let found = try await sut.fetchProduct(id: mug.id!)
        let none = try await sut.fetchProduct(id: 99)

        // Then
        XCTAssertEqual(found?.0, mug)
        XCTAssertEqual(found?.1, [ProductEvent(productID: mug.id!, kind: .created, by: ProductSeeds.sue, at: ProductSeeds.now)])
        XCTAssertNil(none)
    }
}
