import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SetUpViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: SetUpViewController!
    var pagesSpy: PageRendererSpy!
    var interactorSpy: SetUpBusinessLogicSpy!
    var routerSpy: SetUpRoutingLogicSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = SetUpViewController(
            environment: try await makeTestEnvironment(pages: pagesSpy), browser: Browser(id: testBrowserID, csrfToken: "token-1"))
        interactorSpy = SetUpBusinessLogicSpy()
        routerSpy = SetUpRoutingLogicSpy()
        sut.interactor = interactorSpy
        sut.router = routerSpy
    }

    // MARK: Test doubles

    final class SetUpBusinessLogicSpy: SetUpBusinessLogic {
        var showFormRequest: SetUp.ShowForm.Request?
        var createSupervisorRequest: SetUp.CreateSupervisor.Request?

        func showForm(request: SetUp.ShowForm.Request) async { showFormRequest = request }
        func createSupervisor(request: SetUp.CreateSupervisor.Request) async { createSupervisorRequest = request }
    }

    final class SetUpRoutingLogicSpy: SetUpRoutingLogic, SetUpDataPassing {
        var flash: Flash?
        var routedTo: (session: SessionID, flash: String)?
        var routedToSignIn: String?

        func routeToListOrders(session: SessionID, flash message: String) -> Response {
            routedTo = (session, message)
            return .seeOther("/orders")
        }

        func routeToSignIn(flash message: String) -> Response {
            routedToSignIn = message
            return .seeOther("/sign-in")
        }
    }

    static func displayedForm(title: String = "Create the first supervisor") -> SetUp.DisplayedForm {
        func field(_ name: String) -> SignIn.DisplayedField { SignIn.DisplayedField(name: name, value: "") }
        return SetUp.DisplayedForm(
            title: title, token: "t0k3n", errors: [], formMessage: nil, username: field("username"), displayName: field("displayName"),
            password: field("password"), passwordConfirmation: field("passwordConfirmation"), loadSamples: true)
    }

    // MARK: Tests: routes build requests

    func testShowFormShouldPassTheToken() async {
        // When
        _ = await sut.showForm(token: "t0k3n")

        // Then
        XCTAssertEqual(interactorSpy.showFormRequest?.token, "t0k3n")
    }

    func testCreateSupervisorShouldPassThePostedForm() async {
        // Given
        let fields = SetUp.SetUpFormFields(token: "t0k3n", username: "sue", password: "p", passwordConfirmation: "p")

        // When
        _ = await sut.createSupervisor(fields: fields)

        // Then
        XCTAssertEqual(interactorSpy.createSupervisorRequest?.fields, fields)
    }

    // MARK: Tests: display logic

    func testDisplayFormShouldRenderTheFormWithTheBrowsersToken() throws {
        // When
        sut.displayForm(viewModel: .form(Self.displayedForm()))

        // Then
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "SetUp/form")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Create the first supervisor")
        let page = try XCTUnwrap(pagesSpy.rendered.last?.context as? SetUpViewController.FormPage)
        XCTAssertEqual(page.csrfToken, "token-1")
        XCTAssertEqual(page.form.token, "t0k3n")
    }

    func testAClosedOrUnreadableSetUpIsAnErrorPage() {
        let cases: [(SetUp.ShowForm.ViewModel, SetUp.CreateSupervisor.ViewModel, HTTPResponse.Status)] = [
            (.notFound, .notFound, .notFound),
            (.unavailable, .unavailable(Self.displayedForm()), .serviceUnavailable),
        ]
        for (shown, created, status) in cases {
            // When
            sut.displayForm(viewModel: shown)
            let shownStatus = sut.response?.status
            sut.displaySupervisor(viewModel: created)

            // Then
            XCTAssertEqual([shownStatus, sut.response?.status], [status, status])
        }
    }

    func testDisplaySupervisorShouldShowARefusedFormWith422() {
        // When
        sut.displaySupervisor(viewModel: .form(Self.displayedForm(title: "Error: Create the first supervisor"), invalid: true))

        // Then
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Create the first supervisor")
    }

    func testDisplaySupervisorShouldRouteToTheOrdersSignedIn() {
        // When
        sut.displaySupervisor(viewModel: .created(session: AccountSeeds.sessionID(1), flash: "Your supervisor account sue is ready"))

        // Then
        XCTAssertEqual(routerSpy.routedTo?.session, AccountSeeds.sessionID(1))
        XCTAssertEqual(routerSpy.routedTo?.flash, "Your supervisor account sue is ready")
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty)
    }

    func testDisplaySupervisorShouldRouteToSignInWhenASupervisorWasMadeMeanwhile() {
        // When
        sut.displaySupervisor(viewModel: .signIn(flash: "A supervisor account was made meanwhile"))

        // Then
        XCTAssertEqual(routerSpy.routedToSignIn, "A supervisor account was made meanwhile")
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty)
    }

    func testDisplaySupervisorShouldRenderTheFormWith503AndRetryAfterWhenBcryptIsBusy() {
        // When
        sut.displaySupervisor(viewModel: .busy(Self.displayedForm(title: "Error: Create the first supervisor"), retryAfterSeconds: 7))

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(sut.response?.headers[.retryAfter], "7")
        XCTAssertEqual(pagesSpy.rendered.last?.template, "SetUp/form")
    }

    func testSetupGivesTheRouterTheFlashAndTheSecurity() async throws {
        // Given
        let viewController = SetUpViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // Then
        let router = try XCTUnwrap(viewController.router as? SetUpRouter)
        XCTAssertNotNil(router.flash)
        XCTAssertNotNil(router.security)
        XCTAssert(viewController.interactor is SetUpInteractor)
    }
}
