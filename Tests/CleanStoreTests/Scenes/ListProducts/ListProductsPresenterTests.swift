import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListProductsPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListProductsPresenter!
    var spy: ListProductsDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListProductsPresenter()
        spy = ListProductsDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ListProductsDisplayLogicSpy: ListProductsDisplayLogic {
        var viewModels: [ListProducts.FetchProducts.ViewModel] = []

        func displayProducts(viewModel: ListProducts.FetchProducts.ViewModel) {
            viewModels.append(viewModel)
        }
    }

    static func stored(_ product: Product, id: Int64, active: Bool = true) -> Product {
        var product = product
        product.id = id
        product.active = active
        return product
    }

    // MARK: Tests

    func testPresentProductsShouldShowEachProductAndLinkThePagesKeepingTheSearch() throws {
        // When
        let page = ListProductsWorker.Page(
            products: [Self.stored(ProductSeeds.mug, id: 1), Self.stored(ProductSeeds.tea, id: 2, active: false)], hasPrevious: true,
            hasNext: true)
        sut.presentProducts(response: .page(page, .init(text: "crème mug", includeArchived: true)))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModels.first)
        XCTAssertEqual(viewModel.title, "Products")
        XCTAssertEqual(
            viewModel.products,
            [
                ListProducts.DisplayedProduct(
                    sku: "MUG-01", name: "Crème brûlée mug", url: "/products/1", price: "$12.00", stock: "5 available", status: nil),
                ListProducts.DisplayedProduct(
                    sku: "TEA-GREEN", name: "Green tea, 20 bags", url: "/products/2", price: "$4.50", stock: "Not tracked",
                    status: "Archived"),
            ])
        XCTAssertEqual(viewModel.previousURL, "/products?q=cr%C3%A8me%20mug&archived=yes&before=MUG-01")
        XCTAssertEqual(viewModel.nextURL, "/products?q=cr%C3%A8me%20mug&archived=yes&after=TEA-GREEN")
        XCTAssertEqual(viewModel.caption, "Products, archived ones included, by SKU")
        XCTAssertNil(viewModel.noMatchMessage)
        XCTAssertNil(viewModel.errorMessage)
    }

    func testPresentProductsShouldSayWhenNothingIsFound() throws {
        // When
        let empty = ListProductsWorker.Page(products: [], hasPrevious: false, hasNext: false)
        sut.presentProducts(response: .page(empty, .init(text: "spoon", includeArchived: false)))
        sut.presentProducts(response: .page(empty, .init(text: "", includeArchived: false)))

        // Then
        XCTAssertEqual(spy.viewModels.map(\.noMatchMessage), ["No product matches \u{201C}spoon\u{201D}", nil])
        XCTAssertEqual(spy.viewModels.map(\.emptyMessage), [nil, "There are no products yet."])
        XCTAssertEqual(spy.viewModels.map(\.hasPagination), [false, false])
    }

    func testPresentProductsShouldSayTheCatalogIsUnavailable() throws {
        // When
        sut.presentProducts(response: .unavailable(.init(text: "mug", includeArchived: false)))

        // Then
        let viewModel = try XCTUnwrap(spy.viewModels.first)
        XCTAssertEqual(viewModel.title, "Error: Products")
        XCTAssertEqual(viewModel.errorMessage, ListProductsPresenter.unavailableMessage)
        XCTAssertEqual(viewModel.text, "mug", "The search stays in its box")
    }
}
