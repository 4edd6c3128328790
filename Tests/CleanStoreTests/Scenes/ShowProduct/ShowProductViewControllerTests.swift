import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ShowProductViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ShowProductViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ShowProductViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ShowProductBusinessLogicSpy: ShowProductBusinessLogic {
        var ids: [String] = []

        func getProduct(request: ShowProduct.GetProduct.Request) async {
            ids.append(request.id)
        }
    }

    // MARK: Tests

    func testShouldAskTheInteractorForTheProductOfTheURL() async {
        // Given
        let spy = ShowProductBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.getProduct(id: "12")

        // Then
        XCTAssertEqual(spy.ids, ["12"])
    }

    func testDisplayProductShouldRenderThePageOrRefuse() {
        // When
        sut.displayProduct(viewModel: .product(Self.viewModel))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ShowProduct/show")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Mug (MUG-01)")
        XCTAssertEqual(sut.response?.status, .ok)

        sut.displayProduct(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayProduct(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ShowProduct.DisplayedProduct(
        sku: "MUG-01", name: "Mug", price: "$12.00", taxable: "Yes", status: "Archived",
        stock: ShowProduct.DisplayedStock(onHand: "5", committed: "2", available: "3", backorder: "Allowed"),
        stockNotTracked: "Not tracked",
        events: [
            ShowProduct.DisplayedEvent(
                title: "Edited", by: "Sue", date: "29 June 2007 at 6am", machineDate: "2007-06-29T06:00:00+00:00",
                changes: [ShowProduct.DisplayedChange(field: "Price", old: "$12.00", new: "$12.50")])
        ],
        productsURL: "/products", changeURL: "/products/1/edit",
        activeForm: ShowProduct.DisplayedActiveForm(action: "/products/1/restore", version: "3", button: "Restore", csrfToken: "token"))

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ShowProduct/show"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ShowProduct/show", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ShowProduct.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ShowProduct.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ShowProduct.") }, [], "Remove these from ViewModels+ShowProduct.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
