import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditAccountPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditAccountPresenter!
    var spy: EditAccountDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = EditAccountPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!))
        spy = EditAccountDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class EditAccountDisplayLogicSpy: EditAccountDisplayLogic {
        var newForm: EditAccount.ShowNewForm.ViewModel?
        var added: EditAccount.AddAccount.ViewModel?
        var account: EditAccount.GetAccount.ViewModel?
        var change: EditAccount.ChangeAccount.ViewModel?

        func displayNewForm(viewModel: EditAccount.ShowNewForm.ViewModel) { newForm = viewModel }
        func displayAddedAccount(viewModel: EditAccount.AddAccount.ViewModel) { added = viewModel }
        func displayAccount(viewModel: EditAccount.GetAccount.ViewModel) { account = viewModel }
        func displayChange(viewModel: EditAccount.ChangeAccount.ViewModel) { change = viewModel }
    }

    // MARK: Tests

    func testPresentNewFormShouldOfferTheThreeRolesClerkChosen() {
        sut.presentNewForm(response: .form)
        guard case .form(let form) = spy.newForm else { return XCTFail() }
        XCTAssertEqual(form.title, "Add an account")
        XCTAssertEqual(form.roles.map(\.value), ["viewer", "clerk", "supervisor"])
        XCTAssertEqual(form.roles.map(\.id), ["role", "role-clerk", "role-supervisor"])
        XCTAssertEqual(form.roles.map(\.checked), [false, true, false])
        XCTAssertFalse(form.hasErrors)
    }

    func testPresentAddedAccountShouldShowTheAbsoluteLinkOnceAndWhenItExpires() {
        sut.presentAddedAccount(
            response: .added(AccountSeeds.amy, token: "t0k", origin: "https://shop.example", expires: Seeds.june29))
        guard case .link(let link) = spy.added else { return XCTFail("\(String(describing: spy.added))") }
        XCTAssertEqual(link.link, "https://shop.example/set-password?token=t0k")
        XCTAssertEqual(link.heading, "Account Amy added")
        XCTAssert(link.instructions.contains("until 29 June 2007 at 6am"), link.instructions)
        XCTAssertEqual(link.accountURL, "/accounts/Amy/edit")
    }

    func testPresentAddedAccountShouldShowEachProblemByItsFieldTheRolesAtItsFirstRadio() {
        let fields = EditAccount.AccountFormFields(username: "bad name", role: "")
        sut.presentAddedAccount(
            response: .invalid(fields, [.init(field: .username, message: "No spaces"), .init(field: .role, message: "Choose the account's role")]))
        guard case .form(let form, invalid: true) = spy.added else { return XCTFail() }
        XCTAssertEqual(form.title, "Error: Add an account")
        XCTAssertEqual(form.errors.map(\.field), ["username", "role"], "The role's error links to its first radio")
        XCTAssertEqual(form.username.value, "bad name")
        XCTAssertEqual(form.username.errorMessage, "No spaces")
        XCTAssertEqual(form.roleError, "Choose the account's role")
        sut.presentAddedAccount(response: .busy(fields, retryAfterSeconds: 2))
        guard case .busy(let busy, retryAfterSeconds: 2) = spy.added else { return XCTFail() }
        XCTAssertEqual(busy.formMessage, EditAccountPresenter.busyMessage)
        sut.presentAddedAccount(response: .unavailable(fields))
        guard case .unavailable(let down) = spy.added else { return XCTFail() }
        XCTAssertEqual(down.formMessage, EditAccountPresenter.unavailableMessage)
    }

    func testPresentAccountShouldOfferEveryChangeButNotOnTheSupervisorsOwn() {
        var amy = AccountSeeds.amy
        amy.isDisabled = true
        sut.presentAccount(response: .account(amy, lastSignIn: nil, isSelf: false))
        guard case .account(let page) = spy.account else { return XCTFail() }
        XCTAssertEqual(page.title, "Account Amy")
        XCTAssertEqual(page.role, "Clerk")
        XCTAssertEqual(page.status, "Disabled")
        XCTAssertEqual(page.lastSignIn, "Never")
        XCTAssertEqual(page.roleForm?.action, "/accounts/Amy/role")
        XCTAssertEqual(page.statusForm?.button, "Enable account")
        XCTAssertEqual(page.resetForm.action, "/accounts/Amy/reset-password")
        XCTAssertNil(page.selfNote)
        sut.presentAccount(response: .account(AccountSeeds.sue, lastSignIn: Seeds.june29, isSelf: true))
        guard case .account(let own) = spy.account else { return XCTFail() }
        XCTAssertNil(own.roleForm)
        XCTAssertNil(own.statusForm)
        XCTAssertNotNil(own.selfNote)
        XCTAssertEqual(own.lastSignIn, "29 June 2007 at 6am")
        sut.presentAccount(response: .notFound)
        guard case .notFound = spy.account else { return XCTFail() }
    }

    func testPresentChangeShouldSayWhatChangedOrWhyNot() {
        sut.presentChange(response: .changed(AccountSeeds.amy, .disable))
        guard case .changed(username: "Amy", flash: let flash) = spy.change else { return XCTFail() }
        XCTAssertEqual(flash, "Account Amy is disabled: it is signed out everywhere.")
        sut.presentChange(response: .refused(username: "sue", .lastSupervisor))
        guard case .refused(let reason) = spy.change else { return XCTFail() }
        XCTAssertEqual(reason, .accountChangeRefused(username: "sue", .lastSupervisor))
        XCTAssertEqual(reason.status, .conflict)
        sut.presentChange(response: .reset(AccountSeeds.amy, token: "t", origin: "http://h", expires: Seeds.june29))
        guard case .link(let link) = spy.change else { return XCTFail() }
        XCTAssertEqual(link.title, "Password reset")
        sut.presentChange(response: .badRequest)
        guard case .badRequest = spy.change else { return XCTFail() }
    }
}
