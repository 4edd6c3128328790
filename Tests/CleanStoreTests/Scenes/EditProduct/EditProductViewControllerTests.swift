import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditProductViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditProductViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditProductViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditProductBusinessLogicSpy: EditProductBusinessLogic {
        var showRequest: EditProduct.ShowForm.Request?
        var saveRequest: EditProduct.SaveProduct.Request?
        var activeRequest: EditProduct.ChangeActive.Request?

        func showForm(request: EditProduct.ShowForm.Request) async { showRequest = request }
        func saveProduct(request: EditProduct.SaveProduct.Request) async { saveRequest = request }
        func changeActive(request: EditProduct.ChangeActive.Request) async { activeRequest = request }
    }

    // MARK: Tests

    func testTheRoutesAskTheInteractorForTheProductAndWhoSavesIt() async {
        let spy = EditProductBusinessLogicSpy()
        sut.interactor = spy

        _ = await sut.showForm(id: "12")
        XCTAssertEqual(spy.showRequest?.id, 12)
        _ = await sut.showForm(id: nil)
        XCTAssertNil(spy.showRequest?.id)

        let fields = EditProduct.ProductFormFields(sku: "MUG", name: "Mug", price: "12", version: "1")
        _ = await sut.saveProduct(id: "12", fields: fields)
        XCTAssertEqual(spy.saveRequest?.id, 12)
        XCTAssertEqual(spy.saveRequest?.fields, fields)
        XCTAssertEqual(spy.saveRequest?.by, testBrowser.signedIn?.name)

        _ = await sut.changeActive(id: "12", active: false, fields: .init(version: "3"))
        XCTAssertEqual(spy.activeRequest?.id, 12)
        XCTAssertEqual(spy.activeRequest?.active, false)
        XCTAssertEqual(spy.activeRequest?.version, "3")
        XCTAssertEqual(spy.activeRequest?.by, testBrowser.signedIn?.name)
        let notAProduct = await sut.changeActive(id: "x", active: true, fields: .init(version: "3"))
        XCTAssertEqual(notAProduct.status, .notFound)
    }

    func testAnArchiveOfAChangedProductIsThe409PageLinkingToIt() {
        sut.displayProduct(viewModel: .changedMeanwhile(.productChangedMeanwhile(productID: 3, sku: "MUG-01", wantedActive: false)))
        XCTAssertEqual(sut.response?.status, .conflict)
    }

    func testAnIdThatIsNoNumberIsNoProduct() async {
        let spy = EditProductBusinessLogicSpy()
        sut.interactor = spy
        for id in ["x", "-1", "1.5", "99999999999999999999", "１"] {
            let shown = await sut.showForm(id: id)
            XCTAssertEqual(shown.status, .notFound, id)
            let saved = await sut.saveProduct(id: id, fields: .init())
            XCTAssertEqual(saved.status, .notFound, id)
        }
        XCTAssertNil(spy.showRequest)
        XCTAssertNil(spy.saveRequest)
    }

    func testEachFormStatusIsItsHTTPStatusAndASaveGoesToTheProduct() {
        for (status, code) in [
            (EditProduct.FormStatus.ok, HTTPResponse.Status.ok), (.invalid, .unprocessableContent), (.conflict, .conflict),
            (.unavailable, .serviceUnavailable),
        ] {
            sut.displayProduct(viewModel: .form(Self.viewModel.form, status: status))
            XCTAssertEqual(sut.response?.status, code)
        }
        XCTAssertEqual(pagesSpy.rendered.first?.template, "EditProduct/form")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Error: Change a product")

        sut.displayProduct(viewModel: .saved(productID: 3, flash: "Product changed: MUG-01, Mug."))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/products/3")

        sut.displayProduct(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayProduct(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel = EditProductViewController.FormPage(
        form: EditProduct.DisplayedForm(
            heading: "Change a product", action: "/products/3/edit", version: "2",
            errors: [SignIn.DisplayedError(field: "price", message: EditProductWorker.priceMessage)], formMessage: "Check the form.",
            sku: SignIn.DisplayedField(name: "sku", value: "MUG-01", errorMessage: "Wrong", hint: "Hint", typedValue: "mug"),
            name: SignIn.DisplayedField(name: "name", value: "Mug", errorMessage: "Wrong", hint: "Hint", typedValue: "Cup"),
            price: SignIn.DisplayedField(name: "price", value: "12.00", errorMessage: "Wrong", hint: "Hint", typedValue: "13"),
            taxable: true, trackStock: true,
            onHand: SignIn.DisplayedField(name: "onHand", value: "5", errorMessage: "Wrong", hint: "Hint", typedValue: "6"),
            committed: "2 committed to placed orders", allowBackorder: true, button: "Save product", cancelURL: "/products/3"),
        csrfToken: "token")

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EditProduct/form"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("EditProduct/form", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditProduct.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditProduct") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditProduct") }, [], "Remove these from ViewModels+EditProduct.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
