import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The API face of ListProducts: the catalog page's request; its page as the API's document.
final class ListProductsAPITests: XCTestCase {
    let viewer = SignedIn(name: testAccount.name, role: .viewer)

    final class BusinessLogicSpy: ListProductsBusinessLogic {
        var request: ListProducts.FetchProducts.Request?
        func fetchProducts(request: ListProducts.FetchProducts.Request) async { self.request = request }
    }

    final class DisplaySpy: ListProductsAPIDisplayLogic {
        var viewModel: ListProducts.FetchProducts.APIViewModel?
        func displayProducts(viewModel: ListProducts.FetchProducts.APIViewModel) { self.viewModel = viewModel }
    }

    func testTheQueryIsTheCatalogPagesRequest() async throws {
        let sut = ListProductsAPIViewController(environment: try await makeTestEnvironment(), signedIn: viewer)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        _ = try? await sut.listProducts(.init(q: "mug", archived: true, before: "SKU-9"))
        XCTAssertEqual(
            spy.request, ListProducts.FetchProducts.Request(text: "mug", includeArchived: true, after: nil, before: "SKU-9", signedIn: viewer))
    }

    func testThePresenterGivesProductsInCentsAndTheSKUsOfThePagesAround() {
        let sut = ListProductsAPIPresenter()
        let spy = DisplaySpy()
        sut.viewController = spy
        let mug = Product(id: 4, sku: "MUG-1", name: "Mug", priceCents: 1250, stock: .init(onHand: 3), createdAt: Seeds.june29)
        let query = ListProducts.FetchProducts.Query(text: "", includeArchived: false)
        sut.presentProducts(response: .page(.init(products: [mug], hasPrevious: true, hasNext: false), query))
        guard case .page(let page) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(page.products.first?.id, "4")
        XCTAssertEqual(page.products.first?.price, .init(amount: 1250, currency: .usd))
        XCTAssertEqual(page.products.first?.stock?.onHand, 3)
        XCTAssertEqual(page.previous, "MUG-1")
        XCTAssertNil(page.next)
        sut.presentProducts(response: .unavailable(query))
        guard case .problem(let problem) = spy.viewModel else { return XCTFail() }
        XCTAssertEqual(problem.status, .serviceUnavailable)
    }
}
