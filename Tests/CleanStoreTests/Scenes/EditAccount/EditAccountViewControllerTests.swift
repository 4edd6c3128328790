import Hummingbird
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditAccountViewControllerTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditAccountViewController!
    var pagesSpy: PageRendererSpy!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        pagesSpy = PageRendererSpy()
        sut = EditAccountViewController(environment: try await makeTestEnvironment(pages: pagesSpy), browser: testBrowser)
    }

    // MARK: Test doubles

    final class EditAccountBusinessLogicSpy: EditAccountBusinessLogic {
        var calls: [String] = []
        func showNewForm(request: EditAccount.ShowNewForm.Request) { calls.append("showNewForm") }
        func addAccount(request: EditAccount.AddAccount.Request) async { calls.append("addAccount \(request.fields.username) \(request.origin)") }
        func getAccount(request: EditAccount.GetAccount.Request) async { calls.append("getAccount \(request.username)") }
        func changeAccount(request: EditAccount.ChangeAccount.Request) async { calls.append("changeAccount \(request.username) \(request.change)") }
    }

    // MARK: Samples (`TemplateNamesTests` walks the templates with them)

    static let roles = [EditAccount.DisplayedRole(id: "role-clerk", value: "clerk", label: "Clerk", hint: "Takes orders", checked: true)]
    static let form = EditAccount.DisplayedForm(
        title: "Add an account", errors: [ViewModelSamples.signInError], formMessage: "Down",
        username: ViewModelSamples.signInField, displayName: ViewModelSamples.signInField, roles: roles,
        roleError: "Choose")
    static let link = EditAccount.DisplayedLink(
        title: "Account added", heading: "Account amy added", link: "http://h/set-password?token=t", instructions: "Give it",
        accountURL: "/accounts/amy/edit", accountLinkText: "Go to account amy")
    static let account = EditAccount.DisplayedAccount(
        title: "Account amy", username: "amy", displayName: "Amy", role: "Clerk", status: "Active", lastSignIn: "Never",
        added: "29 June 2007 at 6am", roleForm: EditAccount.RoleForm(action: "/accounts/amy/role", roles: roles),
        statusForm: EditAccount.ButtonForm(action: "/accounts/amy/disable", button: "Disable account", hint: "Signed out", isWarning: true),
        resetForm: EditAccount.ButtonForm(action: "/accounts/amy/reset-password", button: "Reset password", hint: "A link", isWarning: false),
        selfNote: "Yours")

    // MARK: Tests

    func testEachRouteShouldAskTheInteractor() async {
        let spy = EditAccountBusinessLogicSpy()
        sut.interactor = spy
        _ = sut.showNewForm()
        _ = await sut.addAccount(fields: EditAccount.AccountFormFields(username: "amy"), origin: "http://h")
        _ = await sut.getAccount(username: "amy", flash: nil)
        _ = await sut.changeAccount(username: "amy", change: .disable, origin: "http://h")
        XCTAssertEqual(spy.calls, ["showNewForm", "addAccount amy http://h", "getAccount amy", "changeAccount amy disable"])
    }

    func testTheFormsTheLinkAndTheAccountRenderTheirTemplatesWithTheirStatus() {
        sut.displayAddedAccount(viewModel: .form(Self.form, invalid: true))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditAccount/form")
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayAddedAccount(viewModel: .link(Self.link))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditAccount/link")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayAccount(viewModel: .account(Self.account))
        XCTAssertEqual(pagesSpy.rendered.last?.template, "EditAccount/account")
        XCTAssertEqual(pagesSpy.rendered.last?.title, "Account amy")
        sut.displayAddedAccount(viewModel: .busy(Self.form, retryAfterSeconds: 4))
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
        XCTAssertEqual(sut.response?.headers[.retryAfter], "4")
    }

    func testAChangeMadeGoesBackToTheAccountAndARefusalIsA409() {
        sut.displayChange(viewModel: .changed(username: "amy", flash: "Done"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/accounts/amy/edit")
        sut.displayChange(viewModel: .refused(.accountChangeRefused(username: "sue", .demoteSelf)))
        XCTAssertEqual(sut.response?.status, .conflict)
        sut.displayChange(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayChange(viewModel: .badRequest)
        XCTAssertEqual(sut.response?.status, .badRequest)
    }

    func testTheRouterPassesTheFlashWithTheRedirect() {
        let router = EditAccountRouter()
        router.flash = Flash(security: testSecurity, browserID: testBrowserID)
        let response = router.routeToAccount(username: "amy", flash: "Account amy is enabled")
        XCTAssertEqual(response.headers[.location], "/accounts/amy/edit")
        XCTAssertNotNil(response.headers[.setCookie], "The flash travels in a signed cookie")
    }
}
