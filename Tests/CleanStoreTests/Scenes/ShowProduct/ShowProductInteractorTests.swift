import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowProductInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowProductInteractor!
    var presenterSpy: ShowProductPresentationLogicSpy!
    var workerSpy: ShowProductWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = ShowProductWorkerSpy(products: ProductsMemStore(), logger: TestStores.silentLogger)
        presenterSpy = ShowProductPresentationLogicSpy()
        sut = ShowProductInteractor(worker: workerSpy)
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ShowProductPresentationLogicSpy: ShowProductPresentationLogic {
        var responses: [ShowProduct.GetProduct.Response] = []

        func presentProduct(response: ShowProduct.GetProduct.Response) {
            responses.append(response)
        }
    }

    final class ShowProductWorkerSpy: ShowProductWorker {
        var asked: [Int64] = []
        var found: (Product, [ProductEvent])?
        var failure: ProductsStoreError?

        override func fetchProduct(id: Int64) async throws(ProductsStoreError) -> (Product, [ProductEvent])? {
            asked.append(id)
            if let failure { throw failure }
            return found
        }

        var askedSKUs: [String] = []
        override func fetchProduct(sku: String) async throws(ProductsStoreError) -> (Product, [ProductEvent])? {
            askedSKUs.append(sku)
            if let failure { throw failure }
            return found
        }
    }

    // MARK: Tests

    func testGetProductShouldPresentTheProductAndItsHistory() async {
        // Given
        let event = ProductEvent(productID: 7, kind: .created, by: nil, at: ProductSeeds.now)
        workerSpy.found = (ProductSeeds.tea, [event])

        // When
        await sut.getProduct(request: .init(id: "7"))

        // Then
        XCTAssertEqual(workerSpy.asked, [7])
        XCTAssertEqual(presenterSpy.responses, [.found(ProductSeeds.tea, history: [event])])
        XCTAssertEqual(sut.product, ProductSeeds.tea, "The data store keeps the product")
    }

    func testGetProductShouldSayWhetherTheOneAskingMayChangeIt() async {
        workerSpy.found = (ProductSeeds.tea, [])
        for role in AccountRole.allCases {
            await sut.getProduct(request: .init(id: "7", signedIn: SignedIn(name: testAccount.name, role: role)))
            XCTAssertEqual(presenterSpy.responses.last, .found(ProductSeeds.tea, history: [], mayChange: role == .supervisor))
        }
    }

    func testGetProductShouldNotFindAnIdThatIsNoNumberOrNoProduct() async {
        // When
        await sut.getProduct(request: .init(id: "abc"))
        await sut.getProduct(request: .init(id: "8"))

        // Then
        XCTAssertEqual(workerSpy.asked, [8], "An id that is no number is never asked for")
        XCTAssertEqual(presenterSpy.responses, [.notFound, .notFound])
    }

    func testGetProductShouldPresentAStoreThatFailsAsUnavailable() async {
        // Given
        workerSpy.failure = .unavailable("gone")

        // When
        await sut.getProduct(request: .init(id: "7"))

        // Then
        XCTAssertEqual(presenterSpy.responses, [.unavailable])
    }

    func testGetProductBySKUShouldAskForTheSKUNeverAnId() async {
        // Given
        workerSpy.found = (ProductSeeds.tea, [])

        // When
        await sut.getProduct(request: .init(id: "", sku: " TEA-20 "))
        await sut.getProduct(request: .init(id: "", sku: "TEA\u{0}"))
        await sut.getProduct(request: .init(id: "", sku: String(repeating: "A", count: 201)))

        // Then
        XCTAssertEqual(workerSpy.askedSKUs, ["TEA-20"], "A SKU no product can have is never asked for")
        XCTAssertEqual(workerSpy.asked, [])
        XCTAssertEqual(presenterSpy.responses, [.found(ProductSeeds.tea, history: []), .notFound, .notFound])
    }
}
