import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListTaxRatesViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListTaxRatesViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ListTaxRatesViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ListTaxRatesBusinessLogicSpy: ListTaxRatesBusinessLogic {
        var request: ListTaxRates.FetchRates.Request?

        func fetchRates(request: ListTaxRates.FetchRates.Request) async {
            self.request = request
        }
    }

    // MARK: Tests

    func testShowRatesAsksTheInteractorForWhoIsAskingAndTheFlash() async {
        // Given
        let spy = ListTaxRatesBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.showRates(flash: "Tax rate added.")

        // Then
        XCTAssertEqual(spy.request?.signedIn, testBrowser.signedIn)
        XCTAssertEqual(spy.request?.flash, "Tax rate added.")
    }

    func testTheTableIsRenderedWithItsFlashAndUnavailableIs503() {
        // When
        sut.displayRates(viewModel: .table(Self.viewModel, flash: "Tax rate added."))

        // Then
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ListTaxRates/rates")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Tax rates")
        XCTAssertEqual(pagesSpy.rendered.first?.flash, "Tax rate added.")
        XCTAssertEqual(sut.response?.status, .ok)

        sut.displayRates(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = ListTaxRates.FetchRates.DisplayedTable(
        title: "Tax rates",
        rates: [
            ListTaxRates.FetchRates.DisplayedRate(
                region: "NY", postalPrefix: "100", rate: "8.875%", shipping: "Taxed", effectiveFrom: "2020-01-01", effectiveTo: "No end",
                editURL: "/tax-rates/1/edit", editLabel: "NY 100 from 2020-01-01")
        ],
        emptyMessage: "There are no tax rates yet: no order can be placed until its state has one.", newRateURL: "/tax-rates/new")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["ListTaxRates/rates"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("ListTaxRates/rates", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+ListTaxRates.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ListTaxRates.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ListTaxRates.") }, [], "Remove these from ViewModels+ListTaxRates.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
