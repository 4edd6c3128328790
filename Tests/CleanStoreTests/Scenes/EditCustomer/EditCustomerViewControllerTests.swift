import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditCustomerViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditCustomerViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditCustomerViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditCustomerBusinessLogicSpy: EditCustomerBusinessLogic {
        var showRequest: EditCustomer.ShowForm.Request?
        var saveRequest: EditCustomer.SaveCustomer.Request?

        func showForm(request: EditCustomer.ShowForm.Request) async { showRequest = request }
        func saveCustomer(request: EditCustomer.SaveCustomer.Request) async { saveRequest = request }
    }

    // MARK: Tests

    func testTheRoutesAskTheInteractorForTheCustomerAndWhoSavesIt() async {
        let spy = EditCustomerBusinessLogicSpy()
        sut.interactor = spy

        _ = await sut.showForm(id: "12")
        XCTAssertEqual(spy.showRequest?.id, 12)
        _ = await sut.showForm(id: nil)
        XCTAssertNil(spy.showRequest?.id)

        let fields = EditCustomer.CustomerFormFields(note: "Call after 5 pm", version: "1", saveAsNew: "on")
        _ = await sut.saveCustomer(id: "12", fields: fields)
        XCTAssertEqual(spy.saveRequest?.id, 12)
        XCTAssertEqual(spy.saveRequest?.fields, fields)
        XCTAssertEqual(spy.saveRequest?.by, testBrowser.signedIn?.name)

        _ = await sut.resumeForm(id: 12, fields: fields)
        XCTAssertEqual(spy.showRequest?.id, 12)
        XCTAssertEqual(spy.showRequest?.resumed, fields)
    }

    func testAnIdThatIsNoNumberIsNoCustomer() async {
        let spy = EditCustomerBusinessLogicSpy()
        sut.interactor = spy
        for id in ["x", "-1", "1.5", "99999999999999999999", "１"] {
            let shown = await sut.showForm(id: id)
            XCTAssertEqual(shown.status, .notFound, id)
            let saved = await sut.saveCustomer(id: id, fields: .init())
            XCTAssertEqual(saved.status, .notFound, id)
        }
        XCTAssertNil(spy.showRequest)
        XCTAssertNil(spy.saveRequest)
    }

    func testEachFormStatusIsItsHTTPStatusAndASaveGoesToTheCustomer() {
        for (status, code) in [
            (EditCustomer.FormStatus.ok, HTTPResponse.Status.ok), (.duplicates, .ok), (.invalid, .unprocessableContent), (.conflict, .conflict),
            (.unavailable, .serviceUnavailable),
        ] {
            sut.displayCustomer(viewModel: .form(Self.viewModel.form, status: status))
            XCTAssertEqual(sut.response?.status, code)
        }
        XCTAssertEqual(pagesSpy.rendered.first?.template, "EditCustomer/form")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Error: Add a customer")

        sut.displayCustomer(viewModel: .saved(customerID: 3, flash: "Customer added: Jane Doe."))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/customers/3")

        sut.displayCustomer(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayCustomer(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    /// The view model with everything filled in: what `TemplateNamesTests` walks the template with.
    static let viewModel: EditCustomerViewController.FormPage = {
        var fields: [String: SignIn.DisplayedField] = [:]
        for field in EditCustomerPresenter.contactFields + EditCustomerPresenter.addressFields {
            fields[field.rawValue] = SignIn.DisplayedField(
                name: field.rawValue, value: "Value", errorMessage: "Wrong", hint: "Hint", typedValue: "Typed")
        }
        return EditCustomerViewController.FormPage(
            form: EditCustomer.DisplayedForm(
                heading: "Add a customer", action: "/customers/new", version: "",
                errors: [SignIn.DisplayedError(field: "firstName", message: "Enter the customer's first name")],
                formMessage: EditCustomerPresenter.duplicatesMessage, notice: EditCustomerPresenter.resumedMessage, fields: fields, billingAddressSameAsShipping: true,
                note: SignIn.DisplayedField(name: "note", value: "Call after 5 pm", errorMessage: "Wrong", hint: "Hint", typedValue: "Typed"),
                duplicates: [
                    EditCustomer.DisplayedDuplicate(
                        message: "Jane Doe, (415) 555-0100, 12 Main St already exists", useLabel: "Use Jane Doe", url: "/customers/1")
                ],
                button: "Save customer", cancelURL: "/customers"),
            csrfToken: "token")
    }()

    func testTheTemplateReadsWhatTheViewModelExposesAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EditCustomer/form"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check([("EditCustomer/form", Self.viewModel)])

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditCustomer.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditCustomer") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditCustomer") }, [], "Remove these from ViewModels+EditCustomer.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
