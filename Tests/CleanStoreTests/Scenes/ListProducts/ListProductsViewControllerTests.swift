import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListProductsViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListProductsViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ListProductsViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ListProductsBusinessLogicSpy: ListProductsBusinessLogic {
        var requests: [ListProducts.FetchProducts.Request] = []

        func fetchProducts(request: ListProducts.FetchProducts.Request) async {
            requests.append(request)
        }
    }

    // MARK: Tests

    func testShouldAskTheInteractorForTheProductsTheURLAsksFor() async {
        // Given
        let spy = ListProductsBusinessLogicSpy()
        sut.interactor = spy

        // When
        let request = ListProducts.FetchProducts.Request(text: "mug", includeArchived: true, after: "A", before: nil)
        _ = await sut.fetchProducts(request)

        // Then
        var asked = request
        asked.signedIn = testBrowser.signedIn
        XCTAssertEqual(spy.requests, [asked], "with who is asking (a supervisor is offered to add a product)")
    }

    func testDisplayProductsShouldRenderTheListAnd503WhenTheCatalogIsUnavailable() {
        // When
        var found = Self.viewModel
        found.errorMessage = nil
        sut.displayProducts(viewModel: found)

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ListProducts/list")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Products")
        XCTAssertEqual(sut.response?.status, .ok)

        // When
        sut.displayProducts(viewModel: Self.viewModel)

        // Then
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Products")
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ListProducts.FetchProducts.ViewModel(
        action: "/products", text: "mug", includeArchived: true, caption: "Products, by SKU",
        products: [
            ListProducts.DisplayedProduct(sku: "MUG-01", name: "Mug", url: "/products/1", price: "$12.00", stock: "5 available", status: "Archived")
        ],
        previousURL: "/products?before=MUG-01", nextURL: "/products?after=MUG-01", noMatchMessage: "No product matches", emptyMessage: "None",
        errorMessage: "Unavailable", newProductURL: "/products/new")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ListProducts/list"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ListProducts/list", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ListProducts.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ListProducts.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ListProducts.") }, [], "Remove these from ViewModels+ListProducts.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
