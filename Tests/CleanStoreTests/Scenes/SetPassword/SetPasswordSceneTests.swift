import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class SetPasswordInteractorTests: XCTestCase {
    final class SetPasswordPresentationLogicSpy: SetPasswordPresentationLogic {
        var form: SetPassword.ShowForm.Response?
        var password: SetPassword.SetPassword.Response?
        func presentForm(response: SetPassword.ShowForm.Response) { form = response }
        func presentPassword(response: SetPassword.SetPassword.Response) { password = response }
    }

    var worker: ManageAccountsWorkerSpy!
    var presenter: SetPasswordPresentationLogicSpy!
    var sut: SetPasswordInteractor!

    override func setUp() {
        super.setUp()
        worker = ManageAccountsWorkerSpy()
        presenter = SetPasswordPresentationLogicSpy()
        sut = SetPasswordInteractor(worker: worker, passwords: AccountSeeds.fastPasswords)
        sut.presenter = presenter
    }

    func testShowFormShouldFindTheLinksAccountOrSayTheLinkIsGone() async {
        worker.linked = AccountSeeds.amy
        await sut.showForm(request: SetPassword.ShowForm.Request(token: "t"))
        XCTAssertEqual(presenter.form, .form(AccountSeeds.amy, token: "t"))
        XCTAssertEqual(worker.calls, ["linkAccount t"])
        worker.linked = nil
        await sut.showForm(request: SetPassword.ShowForm.Request(token: "t"))
        XCTAssertEqual(presenter.form, .expired)
        worker.failure = .store(.unavailable("down"))
        await sut.showForm(request: SetPassword.ShowForm.Request(token: "t"))
        XCTAssertEqual(presenter.form, .unavailable)
    }

    func testSetPasswordShouldCheckTheRulesAndTheSecondTypingBeforeAskingTheWorker() async {
        worker.linked = AccountSeeds.amy
        let short = SetPassword.PasswordFormFields(token: "t", password: "short", passwordConfirmation: "short")
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: short))
        XCTAssertEqual(presenter.password, .invalid(AccountSeeds.amy, short, [.init(field: .password, message: PasswordRefusal.tooShort(minimum: 12).description)]))
        let different = SetPassword.PasswordFormFields(token: "t", password: "a long new password", passwordConfirmation: "a long other one")
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: different))
        XCTAssertEqual(presenter.password, .invalid(AccountSeeds.amy, different, [.init(field: .passwordConfirmation, message: PasswordRefusal.mismatch.description)]))
        XCTAssertEqual(worker.calls, ["linkAccount t", "linkAccount t"], "No password set")
        let good = SetPassword.PasswordFormFields(token: "t", password: "a long new password", passwordConfirmation: "a long new password")
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: good))
        XCTAssertEqual(presenter.password, .set(AccountSeeds.amy))
        XCTAssertEqual(worker.calls.last, "setPassword t Amy")
    }

    func testSetPasswordWithALinkGoneOrAStoreDownSaysSo() async {
        let good = SetPassword.PasswordFormFields(token: "t", password: "a long new password", passwordConfirmation: "a long new password")
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: good))
        XCTAssertEqual(presenter.password, .expired)
        worker.linked = AccountSeeds.amy
        worker.failure = .store(.refused(.linkExpired))
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: good))
        XCTAssertEqual(presenter.password, .expired, "Used meanwhile")
        worker.failure = .store(.unavailable("down"))
        await sut.setPassword(request: SetPassword.SetPassword.Request(fields: good))
        XCTAssertEqual(presenter.password, .down, "The link could not be read")
    }
}

final class SetPasswordPresenterTests: XCTestCase {
    final class SetPasswordDisplayLogicSpy: SetPasswordDisplayLogic {
        var form: SetPassword.ShowForm.ViewModel?
        var password: SetPassword.SetPassword.ViewModel?
        func displayForm(viewModel: SetPassword.ShowForm.ViewModel) { form = viewModel }
        func displayPassword(viewModel: SetPassword.SetPassword.ViewModel) { password = viewModel }
    }

    func testTheFormNamesTheAccountAndNeverShowsAPasswordBack() {
        let sut = SetPasswordPresenter()
        let spy = SetPasswordDisplayLogicSpy()
        sut.viewController = spy
        sut.presentForm(response: .form(AccountSeeds.amy, token: "t"))
        guard case .form(let form) = spy.form else { return XCTFail() }
        XCTAssertEqual(form.title, "Create a password")
        XCTAssertEqual(form.username, "Amy")
        XCTAssertEqual(form.token, "t")
        XCTAssertEqual(form.password.hint, SetPasswordPresenter.passwordHint)
        let typed = SetPassword.PasswordFormFields(token: "t", password: "secret typed", passwordConfirmation: "secret typed")
        sut.presentPassword(response: .invalid(AccountSeeds.amy, typed, [.init(field: .password, message: "Too short")]))
        guard case .form(let invalid, invalid: true) = spy.password else { return XCTFail() }
        XCTAssertEqual(invalid.title, "Error: Create a password")
        XCTAssertEqual(invalid.password.value, "")
        XCTAssertEqual(invalid.passwordConfirmation.value, "")
        XCTAssertEqual(invalid.errors.map(\.field), ["password"])
        sut.presentPassword(response: .set(AccountSeeds.amy))
        guard case .signIn(let flash) = spy.password else { return XCTFail() }
        XCTAssertEqual(flash, "Your password is set. Sign in as Amy with it.")
        sut.presentPassword(response: .expired)
        guard case .expired = spy.password else { return XCTFail() }
    }
}

final class SetPasswordViewControllerTests: XCTestCase {
    final class SetPasswordBusinessLogicSpy: SetPasswordBusinessLogic {
        var calls: [String] = []
        func showForm(request: SetPassword.ShowForm.Request) async { calls.append("showForm \(request.token)") }
        func setPassword(request: SetPassword.SetPassword.Request) async { calls.append("setPassword \(request.fields.token)") }
    }

    static let form = SetPassword.DisplayedForm(
        title: "Create a password", token: "t", username: "amy", displayName: "Amy",
        errors: [ViewModelSamples.signInError], formMessage: "Down", password: ViewModelSamples.signInField,
        passwordConfirmation: ViewModelSamples.signInField)

    func testTheRoutesAskTheInteractorAndThePagesEndAsTheyShould() async throws {
        let pages = PageRendererSpy()
        let sut = SetPasswordViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = SetPasswordBusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showForm(token: "t")
        _ = await sut.setPassword(fields: SetPassword.PasswordFormFields(token: "t"))
        XCTAssertEqual(spy.calls, ["showForm t", "setPassword t"])
        sut.displayForm(viewModel: .form(Self.form))
        XCTAssertEqual(pages.rendered.last?.template, "SetPassword/form")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayPassword(viewModel: .form(Self.form, invalid: true))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayPassword(viewModel: .signIn(flash: "Set"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/sign-in")
        sut.displayPassword(viewModel: .expired)
        XCTAssertEqual(sut.response?.status, .notFound)
    }
}
