import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SignInViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: SignInViewController!
    var pagesSpy: PageRendererSpy!
    var interactorSpy: SignInBusinessLogicSpy!
    var routerSpy: SignInRoutingLogicSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = SignInViewController(
            environment: try await makeTestEnvironment(pages: pagesSpy), browser: Browser(id: testBrowserID, csrfToken: "token-1"))
        interactorSpy = SignInBusinessLogicSpy()
        interactorSpy.viewController = sut
        routerSpy = SignInRoutingLogicSpy()
        sut.interactor = interactorSpy
        sut.router = routerSpy
    }

    // MARK: Test doubles

    /// Records each request; answers with `formAnswer` or `signInAnswer` when a test sets them.
    final class SignInBusinessLogicSpy: SignInBusinessLogic {
        weak var viewController: SignInDisplayLogic?
        var formAnswer: SignIn.ShowForm.ViewModel?
        var signInAnswer: SignIn.SignIn.ViewModel?
        var showFormRequest: SignIn.ShowForm.Request?
        var signInRequest: SignIn.SignIn.Request?
        var signOutRequest: SignIn.SignOut.Request?

        func showForm(request: SignIn.ShowForm.Request) {
            showFormRequest = request
            if let formAnswer { viewController?.displayForm(viewModel: formAnswer) }
        }

        func signIn(request: SignIn.SignIn.Request) async {
            signInRequest = request
            if let signInAnswer { viewController?.displaySignIn(viewModel: signInAnswer) }
        }

        func signOut(request: SignIn.SignOut.Request) async { signOutRequest = request }
    }

    final class SignInRoutingLogicSpy: SignInRoutingLogic, SignInDataPassing {
        var flash: Flash? = Flash(security: testSecurity, browserID: testBrowserID)
        var signedIn: (account: SignedIn, session: SessionID, destination: SignIn.Destination)?
        var destinationPath: String?
        var signedOutFlash: String?

        func routeAfterSigningIn(_ account: SignedIn, session: SessionID, to destination: SignIn.Destination) async -> Response {
            signedIn = (account, session, destination)
            return .seeOther(destination.path)
        }

        func routeToDestination(path: String) -> Response {
            destinationPath = path
            return .seeOther(path)
        }

        func routeToSignInAfterSigningOut(flash message: String) -> Response {
            signedOutFlash = message
            return .seeOther("/sign-in")
        }
    }

    static func displayedForm(title: String = "Sign in") -> SignIn.DisplayedForm {
        SignIn.DisplayedForm(
            title: title, notice: nil, errors: [], formMessage: nil, username: SignIn.DisplayedField(name: "username", value: "Amy"),
            password: SignIn.DisplayedField(name: "password", value: ""), returnTo: "/orders", draft: nil)
    }

    static let draft = OrderDraft(action: "/orders", postedBody: "firstName=Amy")

    var renderedPage: SignInViewController.FormPage? {
        pagesSpy.rendered.last?.context as? SignInViewController.FormPage
    }

    // MARK: Tests: routes build requests

    func testShowFormShouldAskForTheFormToSignIn() {
        // When
        _ = sut.showForm(returnTo: "/orders/7", isSignedIn: true, flash: nil)

        // Then
        let request = interactorSpy.showFormRequest
        XCTAssertEqual(request?.returnTo, "/orders/7")
        XCTAssertEqual(request?.isSignedIn, true)
        XCTAssertEqual(request?.reason, .signIn)
        XCTAssertNil(request?.draft)
    }

    func testAskToSignInShouldAskForTheFormBecauseTheSessionEndedKeepingTheDraft() {
        // When
        _ = sut.askToSignIn(returnTo: "/orders", draft: Self.draft)

        // Then
        let request = interactorSpy.showFormRequest
        XCTAssertEqual(request?.reason, .sessionEnded)
        XCTAssertEqual(request?.draft, Self.draft)
        XCTAssertEqual(request?.isSignedIn, false)
    }

    func testSignInShouldPassTheFieldsTheClientAndThePreviousSession() async {
        // Given
        let fields = SignIn.SignInFormFields(username: "Amy", password: testPassword, returnTo: "/orders/2", draft: "")

        // When
        _ = await sut.signIn(fields: fields, client: "192.0.2.1", previousSession: testSessionID)

        // Then
        XCTAssertEqual(interactorSpy.signInRequest?.fields, fields)
        XCTAssertEqual(interactorSpy.signInRequest?.client, "192.0.2.1")
        XCTAssertEqual(interactorSpy.signInRequest?.previousSession, testSessionID)
    }

    func testSignOutShouldPassTheSession() async {
        // When
        _ = await sut.signOut(session: testSessionID)

        // Then
        XCTAssertEqual(interactorSpy.signOutRequest?.session, testSessionID)
    }

    // MARK: Tests: display logic

    func testDisplayFormShouldRenderTheFormWithTheBrowsersToken() throws {
        // When
        sut.displayForm(viewModel: .form(Self.displayedForm()))

        // Then
        XCTAssertEqual(sut.response?.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "SignIn/form")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Sign in")
        let page = try XCTUnwrap(renderedPage)
        XCTAssertEqual(page.form.username.value, "Amy", "The presenter's form, as it is")
        XCTAssertEqual(page.csrfToken, "token-1", "The form carries the browser's CSRF token")
    }

    func testTheFormAFormPostedSignedOutGetsIs403() {
        // Given
        interactorSpy.formAnswer = .form(Self.displayedForm())

        // When
        let response = sut.askToSignIn(returnTo: "/orders", draft: nil)

        // Then
        XCTAssertEqual(response.status, .forbidden, "Nothing was done")
    }

    func testShowFormShouldShowTheFlashOnceAndClearIt() {
        // Given
        interactorSpy.formAnswer = .form(Self.displayedForm())

        // When
        let response = sut.showForm(returnTo: nil, isSignedIn: false, flash: "You have signed out.")

        // Then
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(pagesSpy.rendered.last?.flash, "You have signed out.")
        XCTAssertEqual(response.setCookieParts, [["\(Flash.cookieName)=", "Path=/", "SameSite=Lax", "Max-Age=0", "HttpOnly"]])
    }

    func testDisplayFormShouldRedirectThroughTheRouter() {
        // When
        sut.displayForm(viewModel: .redirect(to: "/orders/7"))

        // Then
        XCTAssertEqual(routerSpy.destinationPath, "/orders/7")
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty)
    }

    func testEveryStatusOfTheFormIsItsOwn() {
        let cases: [(SignIn.FormStatus, HTTPResponse.Status)] = [
            (.ready, .ok), (.refused, .unprocessableContent), (.throttled, .tooManyRequests), (.signInFirst, .forbidden),
            (.unavailable, .serviceUnavailable), (.busy(retryAfterSeconds: 7), .serviceUnavailable),
        ]
        for (state, status) in cases {
            // When
            sut.displaySignIn(viewModel: .form(Self.displayedForm(title: "Error: Sign in"), status: state))

            // Then
            XCTAssertEqual(sut.response?.status, status, "\(state)")
            XCTAssertEqual(pagesSpy.rendered.last?.title, "Error: Sign in")
            XCTAssertEqual(sut.response?.headers[.retryAfter], state == .busy(retryAfterSeconds: 7) ? "7" : nil, "\(state)")
        }
    }

    func testSigningInShouldRouteOnWithTheNewSession() async {
        // Given
        let account = SignedIn(name: AccountSeeds.amy.name, role: .clerk)
        let destination = SignIn.Destination(path: "/orders", draft: Self.draft)
        interactorSpy.signInAnswer = .signedIn(account, session: AccountSeeds.sessionID(1), destination)

        // When
        let response = await sut.signIn(fields: SignIn.SignInFormFields(), client: "192.0.2.1", previousSession: nil)

        // Then
        XCTAssertEqual(routerSpy.signedIn?.account, account)
        XCTAssertEqual(routerSpy.signedIn?.session, AccountSeeds.sessionID(1))
        XCTAssertEqual(routerSpy.signedIn?.destination, destination)
        XCTAssertEqual(response.status, .seeOther)
        XCTAssert(pagesSpy.rendered.isEmpty, "The router answers")
    }

    func testSigningInRefusedShouldAnswerWithTheForm() async {
        // Given
        interactorSpy.signInAnswer = .form(Self.displayedForm(), status: .throttled)

        // When
        let response = await sut.signIn(fields: SignIn.SignInFormFields(), client: "192.0.2.1", previousSession: nil)

        // Then
        XCTAssertEqual(response.status, .tooManyRequests)
        XCTAssertNil(routerSpy.signedIn)
    }

    func testDisplaySignOutShouldRouteToTheSignInPageWithTheFlash() {
        // When
        sut.displaySignOut(viewModel: .signedOut(flash: "You have signed out."))

        // Then
        XCTAssertEqual(routerSpy.signedOutFlash, "You have signed out.")
        XCTAssertEqual(sut.response?.status, .seeOther)
    }

    func testDisplaySignOutShouldRender503WhenTheSessionsCannotBeReached() {
        // When
        sut.displaySignOut(viewModel: .unavailable)

        // Then
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(pagesSpy.rendered.last?.template, "error")
    }

    func testSetupGivesTheRouterTheFlashTheEnvironmentAndTheBrowser() async throws {
        // Given
        let viewController = SignInViewController(environment: try await makeTestEnvironment(pages: PageRendererSpy()), browser: testBrowser)

        // Then
        let router = try XCTUnwrap(viewController.router as? SignInRouter)
        XCTAssertNotNil(router.flash)
        XCTAssertNotNil(router.environment)
        XCTAssertEqual(router.browser, testBrowser)
        XCTAssert(viewController.interactor is SignInInteractor)
    }
}
