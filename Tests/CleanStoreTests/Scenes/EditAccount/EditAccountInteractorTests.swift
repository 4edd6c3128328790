import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditAccountInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditAccountInteractor!
    var worker: ManageAccountsWorkerSpy!
    var presenter: EditAccountPresentationLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        worker = ManageAccountsWorkerSpy()
        presenter = EditAccountPresentationLogicSpy()
        sut = EditAccountInteractor(worker: worker, actor: AccountSeeds.sue.name, now: { AccountSeeds.now })
        sut.presenter = presenter
    }

    // MARK: Test doubles

    final class EditAccountPresentationLogicSpy: EditAccountPresentationLogic {
        var newForm: EditAccount.ShowNewForm.Response?
        var added: EditAccount.AddAccount.Response?
        var account: EditAccount.GetAccount.Response?
        var change: EditAccount.ChangeAccount.Response?

        func presentNewForm(response: EditAccount.ShowNewForm.Response) { newForm = response }
        func presentAddedAccount(response: EditAccount.AddAccount.Response) { added = response }
        func presentAccount(response: EditAccount.GetAccount.Response) { account = response }
        func presentChange(response: EditAccount.ChangeAccount.Response) { change = response }
    }

    static let expires = AccountSeeds.now.addingTimeInterval(PasswordLink.lifetime)

    // MARK: Tests

    func testShowNewFormShouldPresentTheForm() {
        sut.showNewForm(request: EditAccount.ShowNewForm.Request())
        XCTAssertEqual(presenter.newForm, .form)
    }

    func testAddAccountShouldCheckTheFieldsThenAskTheWorkerByWhomAndPresentTheLink() async {
        // When
        await sut.addAccount(
            request: EditAccount.AddAccount.Request(
                fields: EditAccount.AccountFormFields(username: " newbie ", displayName: " New Bie ", role: "clerk"), origin: "http://shop"))

        // Then
        XCTAssertEqual(worker.calls, ["addAccount newbie New Bie clerk by sue"], "Trimmed, by the supervisor signed in")
        guard case .added(let account, let token, let origin, let expires) = presenter.added else {
            return XCTFail("\(String(describing: presenter.added))")
        }
        XCTAssertEqual(account.username, "newbie")
        XCTAssertEqual(token, "spy-token")
        XCTAssertEqual(origin, "http://shop")
        XCTAssertEqual(expires, Self.expires)
        XCTAssertEqual(sut.account?.username, "newbie", "The data store keeps it")
    }

    func testAddAccountShouldRefuseBadFieldsWithoutAskingTheWorker() async {
        let fields = EditAccount.AccountFormFields(username: "bad name", displayName: "", role: "owner")
        await sut.addAccount(request: EditAccount.AddAccount.Request(fields: fields, origin: "http://shop"))
        XCTAssertEqual(worker.calls, [])
        guard case .invalid(_, let problems) = presenter.added else { return XCTFail("\(String(describing: presenter.added))") }
        XCTAssertEqual(problems.map(\.field), [.username, .role])
    }

    func testAddAccountShouldSayATakenNameAndAStoreThatIsDown() async {
        let fields = EditAccount.AccountFormFields(username: "amy", role: "clerk")
        worker.failure = .store(.duplicateUsername("amy"))
        await sut.addAccount(request: EditAccount.AddAccount.Request(fields: fields, origin: "o"))
        XCTAssertEqual(presenter.added, .invalid(fields, [.init(field: .username, message: "An account with this username exists already")]))
        worker.failure = .store(.unavailable("down"))
        await sut.addAccount(request: EditAccount.AddAccount.Request(fields: fields, origin: "o"))
        XCTAssertEqual(presenter.added, .unavailable(fields))
        worker.failure = .busy(retryAfterSeconds: 3)
        await sut.addAccount(request: EditAccount.AddAccount.Request(fields: fields, origin: "o"))
        XCTAssertEqual(presenter.added, .busy(fields, retryAfterSeconds: 3))
    }

    func testGetAccountShouldPresentTheAccountSayingWhetherItIsTheSupervisorsOwn() async {
        worker.listed = [
            ManageAccountsWorker.Listed(account: AccountSeeds.amy, lastSignIn: AccountSeeds.now),
            ManageAccountsWorker.Listed(account: AccountSeeds.sue, lastSignIn: nil),
        ]
        await sut.getAccount(request: EditAccount.GetAccount.Request(username: "AMY"))
        XCTAssertEqual(presenter.account, .account(AccountSeeds.amy, lastSignIn: AccountSeeds.now, isSelf: false))
        await sut.getAccount(request: EditAccount.GetAccount.Request(username: "sue"))
        XCTAssertEqual(presenter.account, .account(AccountSeeds.sue, lastSignIn: nil, isSelf: true))
        await sut.getAccount(request: EditAccount.GetAccount.Request(username: "ghost"))
        XCTAssertEqual(presenter.account, .notFound)
        worker.failure = .store(.unavailable("down"))
        await sut.getAccount(request: EditAccount.GetAccount.Request(username: "amy"))
        XCTAssertEqual(presenter.account, .unavailable)
    }

    func testChangeAccountShouldAskTheWorkerAndPresentTheChangeOrTheResetsLink() async {
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "amy", change: .role(.init(role: "viewer")), origin: "o"))
        XCTAssertEqual(worker.calls.last, "change role(CleanStore.AccountRole.viewer) amy by sue")
        guard case .changed(let account, .role(.viewer)) = presenter.change else { return XCTFail("\(String(describing: presenter.change))") }
        XCTAssertEqual(account.role, .viewer)
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "amy", change: .resetPassword, origin: "http://shop"))
        XCTAssertEqual(presenter.change, .reset(AccountSeeds.amy, token: "spy-token", origin: "http://shop", expires: Self.expires))
    }

    func testChangeAccountShouldSayARefusalAnUnknownAccountAndABadRole() async {
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "amy", change: .role(.init(role: "owner")), origin: "o"))
        XCTAssertEqual(presenter.change, .badRequest)
        XCTAssertEqual(worker.calls, [], "A role that is none is not asked for")
        worker.failure = .store(.refused(.lastSupervisor))
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "sue", change: .disable, origin: "o"))
        XCTAssertEqual(presenter.change, .refused(username: "sue", .lastSupervisor))
        worker.failure = .store(.unknownUsername("ghost"))
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "ghost", change: .enable, origin: "o"))
        XCTAssertEqual(presenter.change, .notFound)
        worker.failure = .store(.unavailable("down"))
        await sut.changeAccount(request: EditAccount.ChangeAccount.Request(username: "amy", change: .enable, origin: "o"))
        XCTAssertEqual(presenter.change, .unavailable)
    }
}
