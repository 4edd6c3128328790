import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EraseCustomerViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EraseCustomerViewController!
    var pagesSpy: PageRendererSpy!

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EraseCustomerViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EraseCustomerBusinessLogicSpy: EraseCustomerBusinessLogic {
        var formRequest: EraseCustomer.ShowForm.Request?
        var eraseRequest: EraseCustomer.Erase.Request?
        func showForm(request: EraseCustomer.ShowForm.Request) async { formRequest = request }
        func erase(request: EraseCustomer.Erase.Request) async { eraseRequest = request }
    }

    // MARK: Tests

    func testTheRoutesAskTheInteractorAndNameWhoErases() async {
        let spy = EraseCustomerBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showForm(id: "12")
        XCTAssertEqual(spy.formRequest?.id, "12")
        let fields = EraseCustomer.EraseFormFields(version: "2", name: "Jane Doe")
        _ = await sut.erase(id: "12", fields: fields)
        XCTAssertEqual(spy.eraseRequest?.id, "12")
        XCTAssertEqual(spy.eraseRequest?.fields, fields)
        XCTAssertEqual(spy.eraseRequest?.by, testBrowser.signedIn?.name)
    }

    func testEachViewModelIsItsPageAndStatus() {
        for (status, http) in [
            (EraseCustomer.FormStatus.shown, HTTPResponse.Status.ok), (.wrongName, .unprocessableContent), (.conflict, .conflict),
        ] {
            sut.display(viewModel: .form(Self.formPage.form, status: status))
            XCTAssertEqual(sut.response?.status, http)
            XCTAssertEqual(pagesSpy.rendered.last?.template, "EraseCustomer/form")
            XCTAssertEqual(pagesSpy.rendered.last?.title, Self.formPage.form.heading)
        }
        sut.display(viewModel: .erased(customerID: 3, flash: "Personal data erased from this customer, 1 order and 0 drafts"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/customers/3")
        for (refusal, status) in [
            (ErrorPage.Refusal.notFound, HTTPResponse.Status.notFound), (.badRequest, .badRequest), (.unavailable, .serviceUnavailable),
        ] {
            sut.display(viewModel: .refusal(refusal))
            XCTAssertEqual(sut.response?.status, status)
        }
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let formPage: EraseCustomerViewController.FormPage = {
        var form = EraseCustomerPresenter.form(EraseCustomerInteractorTests.subject)
        form.typed = "jane"
        form.errorMessage = "Enter the customer’s name exactly as shown: Jane Doe"
        form.conflictMessage = EraseCustomerPresenter.conflictMessage
        return EraseCustomerViewController.FormPage(form: form, csrfToken: "token")
    }()

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EraseCustomer/form"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))
        let findings = check.check([("EraseCustomer/form", Self.formPage)])
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EraseCustomer.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EraseCustomer") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EraseCustomer") }, [], "Remove these from ViewModels+EraseCustomer.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
