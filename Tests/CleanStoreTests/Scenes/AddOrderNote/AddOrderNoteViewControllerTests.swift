import Hummingbird
import Mustache
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class AddOrderNoteViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: AddOrderNoteViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = AddOrderNoteViewController(
            environment: try await makeTestEnvironment(pages: pagesSpy), browser: Browser(id: testBrowserID, csrfToken: "token-2"))
    }

    // MARK: Test doubles

    final class AddOrderNoteBusinessLogicSpy: AddOrderNoteBusinessLogic {
        var addNoteRequest: AddOrderNote.AddNote.Request?

        func addNote(request: AddOrderNote.AddNote.Request) async {
            addNoteRequest = request
        }
    }

    final class AddOrderNoteRoutingLogicSpy: AddOrderNoteRoutingLogic, AddOrderNoteDataPassing {
        var flash: Flash?
        var routeToShowOrder: (orderID: String, flash: String)?

        func routeToShowOrder(orderID: String, flash message: String) -> Response {
            routeToShowOrder = (orderID, message)
            return .seeOther("/orders/\(orderID)")
        }
    }

    static let displayedForm = AddOrderNote.DisplayedForm(
        title: "Error: Add a note to order 7", heading: "Add a note to order 7",
        errors: [SignIn.DisplayedError(field: "text", message: "Enter a note")], formMessage: "Not saved.",
        text: SignIn.DisplayedField(name: "text", value: " ", errorMessage: "Enter a note", hint: "Up to 1,000 characters. Never a card number."),
        action: "/orders/7/notes", orderURL: "/orders/7", backLinkText: "Back to order 7")

    // MARK: Tests: routes build requests

    func testAddNoteShouldAskToAddTheTypedNoteToTheOrderNamedInTheURL() async {
        // Given
        let spy = AddOrderNoteBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.addNote(orderID: "7", fields: AddOrderNote.NoteFormFields(text: " Called back\r\n"))

        // Then
        XCTAssertEqual(spy.addNoteRequest?.orderID, "7")
        XCTAssertEqual(spy.addNoteRequest?.fields.text, " Called back\r\n", "As typed: the rules are the interactor's")
        XCTAssertNil(spy.addNoteRequest?.signedIn, "No one is signed in")
    }

    func testAddNoteShouldSayWhoIsSignedIn() async throws {
        // Given
        sut = AddOrderNoteViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testSignedInBrowser)
        let spy = AddOrderNoteBusinessLogicSpy()
        sut.interactor = spy

        // When
        _ = await sut.addNote(orderID: "7", fields: AddOrderNote.NoteFormFields(text: "Called back"))

        // Then
        XCTAssertEqual(spy.addNoteRequest?.signedIn, AccountSeeds.sue.name)
    }

    // MARK: Tests: display logic

    func testDisplayAddedNoteShouldRouteToTheOrderWithTheFlash() {
        // Given
        let routerSpy = AddOrderNoteRoutingLogicSpy()
        sut.router = routerSpy

        // When
        sut.displayAddedNote(viewModel: .added(orderID: "7", flash: "Note added."))

        // Then
        XCTAssertEqual(routerSpy.routeToShowOrder?.orderID, "7")
        XCTAssertEqual(routerSpy.routeToShowOrder?.flash, "Note added.")
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty, "No page: a redirect")
    }

    func testDisplayAddedNoteShouldRenderARefusedNoteAs422WithTheToken() throws {
        // When
        sut.displayAddedNote(viewModel: .invalid(Self.displayedForm))

        // Then
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "AddOrderNote/form")
        XCTAssertEqual(pagesSpy.rendered.first?.title, "Error: Add a note to order 7")
        XCTAssertNil(pagesSpy.rendered.first?.flash)
        let page = try XCTUnwrap(pagesSpy.rendered.first?.context as? AddOrderNoteViewController.FormPage)
        XCTAssertEqual(page.form.text.value, " ")
        XCTAssertEqual(page.csrfToken, "token-2")
    }

    func testDisplayAddedNoteShouldRenderTheFormAs503WhenTheStoreFailed() throws {
        // When
        sut.displayAddedNote(viewModel: .unavailable(Self.displayedForm))

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.first?.template, "AddOrderNote/form")
    }

    func testDisplayAddedNoteShouldRender404ForAnUnknownOrder() {
        // When
        sut.displayAddedNote(viewModel: .notFound)

        // Then
        XCTAssertEqual(sut.response?.status, .notFound)
    }

    func testEveryPropertyOfTheViewModelIsReachableFromTheTemplate() {
        // Given
        let form = Self.displayedForm
        let page = AddOrderNoteViewController.FormPage(form: form, csrfToken: "token-2")

        // When
        // (Not the title: the page's, which the layout prints; TemplateNamesTests checks both ways.)
        let unreachable =
            Mirror(reflecting: form).children.compactMap(\.label).filter { $0 != "title" && form.child(named: $0) == nil }
            + Mirror(reflecting: page).children.compactMap(\.label).filter { page.child(named: $0) == nil }

        // Then
        XCTAssertEqual(unreachable, [], "Add these to the template tables in ViewModels+AddOrderNote.swift")
        XCTAssertNotNil(form.child(named: "hasErrors"))
    }
}
