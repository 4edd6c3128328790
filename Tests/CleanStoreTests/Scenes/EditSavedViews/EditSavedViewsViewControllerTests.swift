import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditSavedViewsViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditSavedViewsViewController!
    var pagesSpy: PageRendererSpy!
    var spy: EditSavedViewsBusinessLogicSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditSavedViewsViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
        spy = EditSavedViewsBusinessLogicSpy()
    }

    // MARK: Test doubles

    final class EditSavedViewsBusinessLogicSpy: EditSavedViewsBusinessLogic {
        var shown: [SignedIn?] = []
        var forms: [OrdersFilterParameters] = []
        var saved: [EditSavedViews.SaveFormFields] = []
        var changed: [(id: Int64, change: SavedViewChange)] = []
        weak var viewController: EditSavedViewsDisplayLogic?

        func showViews(request: EditSavedViews.ShowViews.Request) async {
            shown.append(request.signedIn)
            viewController?.displayViews(viewModel: .views(EditSavedViewsViewControllerTests.views))
        }
        func showNewForm(request: EditSavedViews.ShowNewForm.Request) async { forms.append(request.filters) }
        func saveView(request: EditSavedViews.SaveView.Request) async { saved.append(request.fields) }
        func changeView(request: EditSavedViews.ChangeView.Request) async { changed.append((request.id, request.change)) }
    }

    // MARK: Routes

    func testEachRouteAsksTheInteractorForTheSignedInAccount() async {
        sut.interactor = spy
        _ = await sut.showViews(flash: nil)
        _ = await sut.showNewForm(filters: OrdersFilterParameters(status: "paid"))
        _ = await sut.saveView(fields: EditSavedViews.SaveFormFields(name: "Paid", query: "status=paid"))
        _ = await sut.changeView(id: "12", fields: EditSavedViews.ChangeFormFields(action: "up"))

        XCTAssertEqual(spy.shown, [testBrowser.signedIn])
        XCTAssertEqual(spy.forms, [OrdersFilterParameters(status: "paid")])
        XCTAssertEqual(spy.saved, [EditSavedViews.SaveFormFields(name: "Paid", query: "status=paid")])
        XCTAssertEqual(spy.changed.map(\.id), [12])
        XCTAssertEqual(spy.changed.map(\.change), [.moveUp])
    }

    func testAChangeOfNoViewIsA404AndAnUnknownActionA400() async {
        sut.interactor = spy
        let noID = await sut.changeView(id: "12a", fields: EditSavedViews.ChangeFormFields(action: "up"))
        let noAction = await sut.changeView(id: "12", fields: EditSavedViews.ChangeFormFields(action: "sideways"))
        XCTAssertEqual(noID.status, .notFound)
        XCTAssertEqual(noAction.status, .badRequest)
        XCTAssertTrue(spy.changed.isEmpty)
    }

    // MARK: Display logic

    func testTheViewsPageShowsTheFlashAndClearsIt() async {
        spy.viewController = sut
        sut.interactor = spy
        sut.displayViews(viewModel: .views(Self.views))
        XCTAssertEqual(pagesSpy.rendered.first?.template, "EditSavedViews/views")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Your saved searches")
        XCTAssertEqual(sut.response?.status, .ok)

        let response = await sut.showViews(flash: "“Packed” moved up")
        XCTAssertEqual(pagesSpy.rendered.last?.flash, "“Packed” moved up")
        XCTAssertEqual(response.setCookies.count, 1)
        XCTAssert(response.setCookies.first?.hasPrefix("\(Flash.cookieName)=;") == true, "The flash is shown once")
    }

    func testTheFormIs200Or422() {
        sut.displayViews(viewModel: .form(Self.form, invalid: false))
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditSavedViews/form")
        sut.displayViews(viewModel: .form(Self.invalidForm, invalid: true))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Save this search")
    }

    func testDoneRedirectsWithTheFlashAndRefusalsAreTheirPages() {
        sut.displayViews(viewModel: .done(url: "/orders?status=packed", flash: "Saved"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/orders?status=packed")
        sut.displayViews(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayViews(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }

    // MARK: Samples

    static let views = EditSavedViews.DisplayedViews(
        views: [
            EditSavedViews.DisplayedView(
                name: "Packed", url: "/orders?status=packed", action: "/orders/views/3", isDefault: true, mayMoveUp: true, mayMoveDown: true)
        ],
        opensOn: "The list opens on “Packed”.", clearDefaultAction: "/orders/views/3")

    static let form = EditSavedViewsPresenter.form(OrdersFilters(status: .packed), name: "", problem: nil)
    static var invalidForm: EditSavedViews.DisplayedForm {
        var form = EditSavedViewsPresenter.form(OrdersFilters(status: .packed), name: "", problem: .text(.missing))
        form.name.typedValue = "t"
        form.formMessage = "m"
        return form
    }

    /// The view models with everything filled in: what `TemplateNamesTests` walks the templates with.
    static var viewsPage: EditSavedViewsViewController.ViewsPage { .init(views: views, csrfToken: "token") }
    static var formPage: EditSavedViewsViewController.FormPage { .init(form: invalidForm, csrfToken: "token") }

    func testTheTemplatesReadWhatTheViewModelsExposeAndAllOfIt() async throws {
        // Given
        let check = TemplateNameCheck(
            templates: try await TemplateNamesTests.appTemplates(adding: ["EditSavedViews/views", "EditSavedViews/form"]),
            tables: try TemplateNameCheck.tables(inDirectory: Repository.root.appendingPathComponent("Sources/CleanStore/Server/Rendering").path))

        // When
        let findings = check.check(
            [("EditSavedViews/views", Self.viewsPage), ("EditSavedViews/form", Self.formPage)],
            readElsewhere: TemplateNamesTests.readByTheViewControllers)
        // (the form's title is read by the view controller, as every form's: a computed property)

        // Then
        XCTAssertEqual(findings.unexposed, [], "Add these to the template table in ViewModels+EditSavedViews.swift")
        XCTAssertEqual(findings.unread.filter { $0.hasPrefix("EditSavedViews") }, [], "Show these in the template, or remove them")
        XCTAssertEqual(findings.unreadEntries.filter { $0.hasPrefix("EditSavedViews") }, [], "Remove these from ViewModels+EditSavedViews.swift")
        XCTAssertEqual(findings.unfilled, [], "Fill these in the sample, so what the template reads under them is checked")
    }
}
