import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditTaxRateViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditTaxRateViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditTaxRateViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditTaxRateBusinessLogicSpy: EditTaxRateBusinessLogic {
        var showRequest: EditTaxRate.ShowForm.Request?
        var saveRequest: EditTaxRate.SaveRate.Request?

        func showForm(request: EditTaxRate.ShowForm.Request) async { showRequest = request }
        func saveRate(request: EditTaxRate.SaveRate.Request) async { saveRequest = request }
    }

    // MARK: Tests

    func testTheRoutesAskTheInteractorForTheRateAndWhoSavesIt() async {
        let spy = EditTaxRateBusinessLogicSpy()
        sut.interactor = spy

        _ = await sut.showForm(id: "12")
        XCTAssertEqual(spy.showRequest?.id, 12)
        _ = await sut.showForm(id: nil)
        XCTAssertNil(spy.showRequest?.id)

        let fields = EditTaxRate.RateFormFields(region: "NY", rate: "4", effectiveFrom: "2020-01-01", version: "1")
        _ = await sut.saveRate(id: "12", fields: fields)
        XCTAssertEqual(spy.saveRequest?.id, 12)
        XCTAssertEqual(spy.saveRequest?.fields, fields)
        XCTAssertEqual(spy.saveRequest?.by, testBrowser.signedIn?.name)
    }

    func testAnIdThatIsNoNumberIsNoRate() async {
        let spy = EditTaxRateBusinessLogicSpy()
        sut.interactor = spy
        for id in ["x", "-1", "1.5", "99999999999999999999", "１"] {
            let shown = await sut.showForm(id: id)
            XCTAssertEqual(shown.status, .notFound, id)
            let saved = await sut.saveRate(id: id, fields: .init())
            XCTAssertEqual(saved.status, .notFound, id)
        }
        XCTAssertNil(spy.showRequest)
        XCTAssertNil(spy.saveRequest)
    }

    func testEachFormStatusIsItsHTTPStatusAndASaveGoesToTheTable() {
        for (status, code) in [
            (EditTaxRate.FormStatus.ok, HTTPResponse.Status.ok), (.invalid, .unprocessableContent), (.conflict, .conflict),
            (.unavailable, .serviceUnavailable),
        ] {
            sut.displayRate(viewModel: .form(Self.viewModel.form, status: status))
            XCTAssertEqual(sut.response?.status, code)
        }
        XCTAssertEqual(pagesSpy.rendered.first?.template, "EditTaxRate/form")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Error: Change a tax rate")

        sut.displayRate(viewModel: .saved(flash: "Tax rate changed: NY 100 from 2020-01-01."))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/tax-rates")

        sut.displayRate(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayRate(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = EditTaxRateViewController.FormPage(
        form: EditTaxRate.DisplayedForm(
            heading: "Change a tax rate", action: "/tax-rates/1/edit", version: "2",
            errors: [SignIn.DisplayedError(field: "rate", message: EditTaxRateWorker.rateMessage)], formMessage: "Check the form.",
            region: SignIn.DisplayedField(name: "region", value: "NY", errorMessage: "Wrong", hint: "Hint", typedValue: "nj"),
            postalPrefix: SignIn.DisplayedField(name: "postalPrefix", value: "100", errorMessage: "Wrong", hint: "Hint", typedValue: "1"),
            rate: SignIn.DisplayedField(name: "rate", value: "8.875", errorMessage: "Wrong", hint: "Hint", typedValue: "9"),
            collect: true, shippingTaxable: true,
            effectiveFrom: SignIn.DisplayedField(name: "effectiveFrom", value: "2020-01-01", errorMessage: "Wrong", hint: "Hint", typedValue: "x"),
            effectiveTo: SignIn.DisplayedField(name: "effectiveTo", value: "", errorMessage: "Wrong", hint: "Hint", typedValue: "y"),
            button: "Save tax rate"),
        csrfToken: "token")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EditTaxRate/form"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("EditTaxRate/form", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditTaxRate.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditTaxRate") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditTaxRate") }, [], "Remove these from ViewModels+EditTaxRate.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
