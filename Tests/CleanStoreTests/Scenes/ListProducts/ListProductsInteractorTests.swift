import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListProductsInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListProductsInteractor!
    var presenterSpy: ListProductsPresentationLogicSpy!
    var workerSpy: ListProductsWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = ListProductsWorkerSpy(products: ProductsMemStore(), logger: TestStores.silentLogger)
        presenterSpy = ListProductsPresentationLogicSpy()
        sut = ListProductsInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ListProductsPresentationLogicSpy: ListProductsPresentationLogic {
        var responses: [ListProducts.FetchProducts.Response] = []

        func presentProducts(response: ListProducts.FetchProducts.Response) {
            responses.append(response)
        }
    }

    final class ListProductsWorkerSpy: ListProductsWorker {
        var asked: [[String?]] = []
        var page = ListProductsWorker.Page(products: [ProductSeeds.tea], hasPrevious: true, hasNext: false)
        var failure: ProductsStoreError?

        override func fetchPage(text: String, includeArchived: Bool, after: String?, before: String?) async throws(ProductsStoreError) -> Page {
            asked.append([text, String(includeArchived), after, before])
            if let failure { throw failure }
            return page
        }
    }

    // MARK: Tests

    func testFetchProductsShouldAskTheWorkerForThePageAndPresentIt() async {
        // When
        await sut.fetchProducts(request: .init(text: " mug ", includeArchived: true, after: "pot-1", before: nil))

        // Then
        XCTAssertEqual(workerSpy.asked, [["mug", "true", "POT-1", nil]], "Trimmed; the cursor as a SKU is stored")
        XCTAssertEqual(presenterSpy.responses, [.page(workerSpy.page, .init(text: "mug", includeArchived: true))])
        XCTAssertEqual(sut.page, workerSpy.page, "The data store keeps the page")
    }

    func testFetchProductsShouldDropControlCharactersAndACursorThatIsNoSKU() async {
        // When
        await sut.fetchProducts(request: .init(text: "m\u{0}ug\u{7}", includeArchived: false, after: "no sku!", before: "\u{0}"))

        // Then
        XCTAssertEqual(workerSpy.asked, [["mug", "false", nil, nil]], "The first page")
    }

    func testFetchProductsShouldPresentAStoreThatFailsAsUnavailable() async {
        // Given
        workerSpy.failure = .unavailable("disk full")

        // When
        await sut.fetchProducts(request: .init(text: "mug"))

        // Then
        XCTAssertEqual(presenterSpy.responses, [.unavailable(.init(text: "mug", includeArchived: false))])
    }
}
