import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ChangeOrderItemsViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: ChangeOrderItemsViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = ChangeOrderItemsViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class ChangeOrderItemsBusinessLogicSpy: ChangeOrderItemsBusinessLogic {
        var request: ChangeOrderItems.ChangeItems.Request?

        func changeItems(request: ChangeOrderItems.ChangeItems.Request) async {
            self.request = request
        }
    }

    // MARK: Tests

    func testAFormAsksTheInteractorForTheOrderItNamesAsWhoeverIsSignedIn() async {
        let spy = ChangeOrderItemsBusinessLogicSpy()
        sut.interactor = spy
        let form = ChangeOrderItems.Form.remove(key: "l1", .init(version: "3"))

        _ = await sut.changeItems(orderID: "7", form: form)

        XCTAssertEqual(spy.request?.orderID, "7")
        XCTAssertEqual(spy.request?.form, form)
        XCTAssertEqual(spy.request?.signedIn, testBrowser.signedIn?.name)
    }

    func testSavedGoesBackToTheOrder() {
        sut.displayChangedItems(viewModel: .changed(orderID: "2", flash: "Items saved; tax re-computed: $7.32"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders/2")
    }

    func testAFormWithErrorsIsItsPageWith422() {
        sut.displayChangedItems(viewModel: .invalid(ViewModelSamples.itemsForm))
        XCTAssertEqual(pagesSpy.rendered.first?.template, "ChangeOrderItems/form")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "t")
        XCTAssertEqual((pagesSpy.rendered.first?.context as? ChangeOrderItemsViewController.FormPage)?.csrfToken, testBrowser.csrfToken)
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
    }

    func testRefusalsAreTheirPages() {
        let cases: [(ChangeOrderItems.ChangeItems.ViewModel, HTTPResponse.Status)] = [
            (.refused(.itemsChangedMeanwhile(orderID: "2")), .conflict), (.refused(.itemsRefused(orderID: "2", reason: "r")), .conflict),
            (.notFound, .notFound), (.unavailable, .serviceUnavailable),
        ]
        for (viewModel, status) in cases {
            sut.displayChangedItems(viewModel: viewModel)
            XCTAssertEqual(sut.response?.status, status, "\(viewModel)")
        }
    }

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        let findings = check.check(
            [("ChangeOrderItems/form", ChangeOrderItemsViewController.FormPage(form: ViewModelSamples.itemsForm, csrfToken: "t"))],
            readElsewhere: TemplateNamesTests.readByTheViewControllers)

        XCTAssertEqual(findings.unexposed, [], "Add these to the MustacheParent conformance in ViewModels+ChangeOrderItems.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("ChangeOrderItems.") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("ChangeOrderItems.") }, [], "Remove these from ViewModels+ChangeOrderItems.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
