import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The worker as `ManageTokensInteractor` sees it: answers set by the test, calls recorded.
final class APITokensWorkerSpy: APITokensWorking, @unchecked Sendable {
    var accounts: [Account] = [AccountSeeds.amy]
    var tokens: [APIToken] = []
    var refusal: APITokenRules.Refusal?
    var failure: APITokensWorkerError?
    private(set) var calls: [String] = []

    func account(named username: String) async throws(APITokensWorkerError) -> Account? {
        calls.append("account \(username)")
        if let failure { throw failure }
        return accounts.first { $0.key == Account.key(username) }
    }

    func listTokens(username: String?) async throws(APITokensWorkerError) -> [APIToken] {
        calls.append("list \(username ?? "-")")
        if let failure { throw failure }
        return tokens
    }

    func token(prefix: String, of username: String) async throws(APITokensWorkerError) -> APIToken? {
        calls.append("token \(prefix) of \(username)")
        if let failure { throw failure }
        return tokens.first { $0.prefix == prefix && $0.accountKey == Account.key(username) }
    }

    func addToken(username: String, name: String, role: AccountRole, expiresInDays: Int?, by actor: AccountName?)
        async throws(APITokensWorkerError) -> (token: APIToken, secret: APITokenSecret)
    {
        calls.append("add \(username) \(name) \(role.rawValue) \(expiresInDays.map(String.init) ?? "-") by \(actor?.username ?? "-")")
        if let failure { throw failure }
        if let refusal { throw .refused(refusal) }
        let secret = AccountSeeds.tokenSecret(3)
        return (ManageTokensSceneTests.token(secret: secret, name: name, role: role), secret)
    }

    func revokeToken(prefix: String, of username: String?, by actor: AccountName?) async throws(APITokensWorkerError) -> APIToken {
        calls.append("revoke \(prefix) of \(username ?? "-") by \(actor?.username ?? "-")")
        if let failure { throw failure }
        guard var token = tokens.first(where: { $0.prefix == prefix }) else { throw .unknownToken(prefix) }
        token.revokedAt = Seeds.june29
        return token
    }
}

final class ManageTokensSceneTests: XCTestCase {
    static let sue = AccountSeeds.sue.name

    static func token(secret: APITokenSecret = AccountSeeds.tokenSecret(1), name: String = "Warehouse", role: AccountRole = .clerk) -> APIToken {
        APIToken(
            prefix: secret.prefix, hash: secret.hash, accountKey: "amy", name: name, role: role, createdAt: Seeds.june29,
            expiresAt: Seeds.june29.addingTimeInterval(90 * 86_400))
    }

    final class PresenterSpy: ManageTokensPresentationLogic {
        var tokens: ManageTokens.ShowTokens.Response?
        var made: ManageTokens.MakeToken.Response?
        var toRevoke: ManageTokens.GetTokenToRevoke.Response?
        var revoked: ManageTokens.RevokeToken.Response?
        func presentTokens(response: ManageTokens.ShowTokens.Response) { tokens = response }
        func presentMadeToken(response: ManageTokens.MakeToken.Response) { made = response }
        func presentTokenToRevoke(response: ManageTokens.GetTokenToRevoke.Response) { toRevoke = response }
        func presentRevokedToken(response: ManageTokens.RevokeToken.Response) { revoked = response }
    }

    func makeInteractor(_ worker: APITokensWorkerSpy) -> (ManageTokensInteractor, PresenterSpy) {
        let sut = ManageTokensInteractor(worker: worker)
        let spy = PresenterSpy()
        sut.presenter = spy
        return (sut, spy)
    }

    // MARK: Interactor

    func testShowTokensReadsTheAccountAndItsTokensOrSaysItIsNotThere() async {
        let worker = APITokensWorkerSpy()
        worker.tokens = [Self.token()]
        let (sut, spy) = makeInteractor(worker)

        await sut.showTokens(request: .init(owner: .own("AMY")))
        XCTAssertEqual(spy.tokens, .tokens(owner: .own("AMY"), account: AccountSeeds.amy, tokens: worker.tokens))
        XCTAssertEqual(sut.account, AccountSeeds.amy, "the data store keeps it")
        XCTAssertEqual(worker.calls, ["account AMY", "list Amy"])

        await sut.showTokens(request: .init(owner: .account("ghost")))
        XCTAssertEqual(spy.tokens, .notFound)
        worker.failure = .store(.unavailable("down"))
        await sut.showTokens(request: .init(owner: .account("amy")))
        XCTAssertEqual(spy.tokens, .unavailable)
    }

    func testMakeTokenReadsTheFormAndHandsTheRulesRefusalBack() async {
        let worker = APITokensWorkerSpy()
        let (sut, spy) = makeInteractor(worker)

        await sut.makeToken(request: .init(owner: .own("amy"), fields: .init(name: "Scanner", role: "viewer", expiresDays: " 30 "), actor: Self.sue))
        guard case .made(let owner, let token, let secret) = spy.made else { return XCTFail("\(String(describing: spy.made))") }
        XCTAssertEqual(owner, .own("amy"))
        XCTAssertEqual(token.name, "Scanner")
        XCTAssertEqual(secret, AccountSeeds.tokenSecret(3).text)
        XCTAssertEqual(worker.calls.last, "add Amy Scanner viewer 30 by sue")

        await sut.makeToken(request: .init(owner: .own("amy"), fields: .init(name: "Forever", role: "clerk", expiresDays: ""), actor: Self.sue))
        XCTAssertEqual(worker.calls.last, "add Amy Forever clerk - by sue", "empty: it does not expire")

        for (fields, refusal) in [
            (ManageTokens.TokenFormFields(name: "x", role: "", expiresDays: "30"), APITokenRules.Refusal.noRole),
            (.init(name: "x", role: "owner", expiresDays: "30"), .noRole),
            (.init(name: "x", role: "clerk", expiresDays: "thirty"), .expiry),
            (.init(name: "x", role: "clerk", expiresDays: "-3"), .expiry),
            (.init(name: "x", role: "clerk", expiresDays: "99999999999999999999"), .expiry),
        ] {
            let before = worker.calls.count
            await sut.makeToken(request: .init(owner: .own("amy"), fields: fields, actor: Self.sue))
            XCTAssertEqual(
                spy.made, .invalid(owner: .own("amy"), account: AccountSeeds.amy, tokens: [], fields: fields, refusal: refusal), "\(fields)")
            XCTAssertEqual(worker.calls.count - before, 2, "\(fields): the account and its tokens read, nothing made")
        }

        worker.refusal = .supervisorRole
        let fields = ManageTokens.TokenFormFields(name: "x", role: "supervisor", expiresDays: "30")
        await sut.makeToken(request: .init(owner: .own("amy"), fields: fields, actor: Self.sue))
        XCTAssertEqual(spy.made, .invalid(owner: .own("amy"), account: AccountSeeds.amy, tokens: [], fields: fields, refusal: .supervisorRole))

        await sut.makeToken(request: .init(owner: .account("ghost"), fields: fields, actor: Self.sue))
        XCTAssertEqual(spy.made, .notFound)
        worker.refusal = nil
        worker.failure = .store(.unavailable("down"))
        await sut.makeToken(request: .init(owner: .own("amy"), fields: fields, actor: Self.sue))
        XCTAssertEqual(spy.made, .unavailable)
    }

    func testRevokingIsConfirmedFirstAndOnlyTheOwnersTokenIsFound() async {
        let worker = APITokensWorkerSpy()
        let token = Self.token()
        worker.tokens = [token]
        let (sut, spy) = makeInteractor(worker)

        await sut.getTokenToRevoke(request: .init(owner: .own("amy"), prefix: token.prefix))
        XCTAssertEqual(spy.toRevoke, .token(owner: .own("amy"), token: token))
        await sut.getTokenToRevoke(request: .init(owner: .own("sue"), prefix: token.prefix))
        XCTAssertEqual(spy.toRevoke, .notFound, "another account's token is none of mine")

        await sut.revokeToken(request: .init(owner: .account("amy"), prefix: token.prefix, actor: Self.sue))
        guard case .revoked(let owner, let revoked) = spy.revoked else { return XCTFail() }
        XCTAssertEqual(owner, .account("amy"))
        XCTAssertEqual(revoked.revokedAt, Seeds.june29)
        XCTAssertEqual(worker.calls.last, "revoke \(token.prefix) of amy by sue")

        worker.tokens[0].revokedAt = Seeds.june29
        await sut.getTokenToRevoke(request: .init(owner: .own("amy"), prefix: token.prefix))
        XCTAssertEqual(spy.toRevoke, .notFound, "a revoked token has nothing left to revoke")
        await sut.revokeToken(request: .init(owner: .own("amy"), prefix: "csk_nothing", actor: Self.sue))
        XCTAssertEqual(spy.revoked, .notFound)
        worker.failure = .store(.unavailable("down"))
        await sut.revokeToken(request: .init(owner: .own("amy"), prefix: token.prefix, actor: Self.sue))
        XCTAssertEqual(spy.revoked, .unavailable)
    }

    // MARK: Presenter

    final class DisplaySpy: ManageTokensDisplayLogic {
        var tokens: ManageTokens.ShowTokens.ViewModel?
        var made: ManageTokens.MakeToken.ViewModel?
        var toRevoke: ManageTokens.GetTokenToRevoke.ViewModel?
        var revoked: ManageTokens.RevokeToken.ViewModel?
        func displayTokens(viewModel: ManageTokens.ShowTokens.ViewModel) { tokens = viewModel }
        func displayMadeToken(viewModel: ManageTokens.MakeToken.ViewModel) { made = viewModel }
        func displayTokenToRevoke(viewModel: ManageTokens.GetTokenToRevoke.ViewModel) { toRevoke = viewModel }
        func displayRevokedToken(viewModel: ManageTokens.RevokeToken.ViewModel) { revoked = viewModel }
    }

    func makePresenter(now: Date = Seeds.june30) -> (ManageTokensPresenter, DisplaySpy) {
        let sut = ManageTokensPresenter(formatter: OrderDisplayFormatter(timeZone: TimeZone(identifier: "UTC")!), now: { now })
        let spy = DisplaySpy()
        sut.viewController = spy
        return (sut, spy)
    }

    func testTheTokensReadAsPeopleReadThemAndTheFormOffersTheRolesTheAccountMayGive() {
        let (sut, spy) = makePresenter()
        var revoked = Self.token(secret: AccountSeeds.tokenSecret(2), name: "Old")
        revoked.revokedAt = Seeds.june29
        var expired = Self.token(secret: AccountSeeds.tokenSecret(4), name: "Gone", role: .viewer)
        expired.expiresAt = Seeds.june29
        let active = Self.token()

        sut.presentTokens(response: .tokens(owner: .own("amy"), account: AccountSeeds.amy, tokens: [active, revoked, expired]))
        guard case .page(let page) = spy.tokens else { return XCTFail() }
        XCTAssertEqual(page.title, "Your account")
        XCTAssertNil(page.accountURL, "one's own page")
        XCTAssertEqual(page.tokens.map(\.status), ["Active", "Revoked on 29 June 2007", "Expired"])
        XCTAssertEqual(page.tokens[0].revokeURL, "/account/tokens/\(active.prefix)/revoke")
        XCTAssertNil(page.tokens[1].revokeURL, "revoked once")
        XCTAssertEqual(page.tokens[0].expires, "27 September 2007")
        XCTAssertEqual(page.tokens[0].lastUsed, "Never")
        XCTAssertEqual(page.form.roles.map(\.value), ["clerk", "viewer"], "a clerk gives a clerk's or a viewer's")
        XCTAssertEqual(page.form.roles.map(\.id), ["role", "role-viewer"], "the first radio's id is the group's name")
        XCTAssertEqual(page.form.roles.filter(\.checked).map(\.value), ["clerk"])
        XCTAssertEqual(page.form.expiresDays.value, "90")
        XCTAssertEqual(page.form.action, "/account/tokens")
        XCTAssertFalse(page.form.hasErrors)

        let viewer = Account(username: "vic", displayName: "Vic", role: .viewer, passwordHash: "x", createdAt: Seeds.june29)
        sut.presentTokens(response: .tokens(owner: .account("vic"), account: viewer, tokens: []))
        guard case .page(let vics) = spy.tokens else { return XCTFail() }
        XCTAssertEqual(vics.title, "API tokens of Vic")
        XCTAssertEqual(vics.accountURL, "/accounts/vic/edit")
        XCTAssertEqual(vics.form.roles.map(\.value), ["viewer"], "a viewer's tokens are viewers'")
        XCTAssertEqual(vics.form.action, "/accounts/vic/tokens")
        XCTAssertNotNil(vics.emptyMessage)
    }

    func testARefusedFormComesBackWithItsMessageBesideItsFieldAndTheSecretIsShownOnce() {
        let (sut, spy) = makePresenter()
        let fields = ManageTokens.TokenFormFields(name: "4111 1111 1111 1111", role: "clerk", expiresDays: "0")
        for (refusal, field) in [
            (APITokenRules.Refusal.name("Remove the card number from the token's name"), "name"), (.expiry, "expiresDays"),
            (.roleAboveAccount(account: .viewer), "role"), (.noRole, "role"),
        ] {
            sut.presentMadeToken(
                response: .invalid(owner: .own("amy"), account: AccountSeeds.amy, tokens: [], fields: fields, refusal: refusal))
            guard case .invalid(let page) = spy.made else { return XCTFail() }
            XCTAssertEqual(page.title, "Error: Your account")
            XCTAssertEqual(page.form.errors.map(\.field), [field], "\(refusal)")
            XCTAssertEqual(page.form.errors.first?.message, refusal.message)
            XCTAssertEqual(page.form.name.value, fields.name, "as typed")
        }
        sut.presentMadeToken(response: .invalid(owner: .own("amy"), account: AccountSeeds.amy, tokens: [], fields: fields, refusal: .accountDisabled))
        guard case .invalid(let disabled) = spy.made else { return XCTFail() }
        XCTAssertNotNil(disabled.form.formMessage)

        let secret = AccountSeeds.tokenSecret(3)
        sut.presentMadeToken(response: .made(owner: .account("amy"), token: Self.token(secret: secret), secret: secret.text))
        guard case .made(let made) = spy.made else { return XCTFail() }
        XCTAssertEqual(made.secret, secret.text)
        XCTAssertEqual(made.backURL, "/accounts/amy/tokens")
        XCTAssertTrue(made.heading.contains(secret.prefix))
        XCTAssertFalse(made.heading.contains(secret.text), "the secret in its box only")
    }

    func testTheRevokeIsConfirmedThenSaidInAFlashNamingThePrefixOnly() {
        let (sut, spy) = makePresenter()
        let token = Self.token()
        sut.presentTokenToRevoke(response: .token(owner: .own("amy"), token: token))
        guard case .confirm(let confirm) = spy.toRevoke else { return XCTFail() }
        XCTAssertEqual(confirm.action, "/account/tokens/\(token.prefix)/revoke")
        XCTAssertEqual(confirm.cancelURL, "/account")
        sut.presentRevokedToken(response: .revoked(owner: .account("amy"), token: token))
        guard case .revoked(let url, let flash) = spy.revoked else { return XCTFail() }
        XCTAssertEqual(url, "/accounts/amy/tokens")
        XCTAssertEqual(flash, "Token \(token.prefix) (Warehouse) revoked: it no longer works.")
        sut.presentRevokedToken(response: .notFound)
        guard case .notFound = spy.revoked else { return XCTFail() }
    }
}

final class ManageTokensViewControllerTests: XCTestCase {
    static let roles = [EditAccount.DisplayedRole(id: "role-clerk", value: "clerk", label: "Clerk", hint: "Takes orders", checked: true)]
    static let page = ManageTokens.DisplayedPage(
        title: "Your account", heading: "Your account", username: "amy", displayName: "Amy", role: "Clerk",
        tokens: [
            ManageTokens.DisplayedToken(
                name: "Warehouse", prefix: "csk_abcdefgh", role: "Clerk", expires: "Never", lastUsed: "Never", status: "Active",
                revokeURL: "/account/tokens/csk_abcdefgh/revoke", revokeLabel: "Warehouse (csk_abcdefgh)")
        ],
        emptyMessage: "None yet",
        form: ManageTokens.DisplayedForm(
            errors: [ViewModelSamples.signInError], formMessage: "Down", name: ViewModelSamples.signInField, roles: roles, roleError: "Choose",
            expiresDays: ViewModelSamples.signInField, action: "/account/tokens"),
        accountURL: "/accounts/amy/edit")
    static let secret = ManageTokens.DisplayedSecret(
        title: "API token made", heading: "Token csk_abcdefgh made", secret: "csk_secret", instructions: "Copy it", backURL: "/account")
    static let revoke = ManageTokens.DisplayedRevoke(
        title: "Revoke", heading: "Revoke Warehouse?", details: "It stops", action: "/account/tokens/csk_abcdefgh/revoke", cancelURL: "/account")

    final class BusinessLogicSpy: ManageTokensBusinessLogic {
        var calls: [String] = []
        func showTokens(request: ManageTokens.ShowTokens.Request) async { calls.append("show \(request.owner)") }
        func makeToken(request: ManageTokens.MakeToken.Request) async { calls.append("make \(request.owner) \(request.fields.name) by \(request.actor.username)") }
        func getTokenToRevoke(request: ManageTokens.GetTokenToRevoke.Request) async { calls.append("confirm \(request.prefix)") }
        func revokeToken(request: ManageTokens.RevokeToken.Request) async { calls.append("revoke \(request.prefix) by \(request.actor.username)") }
    }

    func testTheRoutesAskTheInteractorAndThePagesRenderTheirTemplatesWithTheirStatus() async throws {
        let pages = PageRendererSpy()
        let sut = ManageTokensViewController(environment: try await makeTestEnvironment(pages: pages), browser: testBrowser)
        let spy = BusinessLogicSpy()
        sut.interactor = spy
        _ = await sut.showTokens(owner: .own("sam"), flash: nil)
        _ = await sut.makeToken(owner: .own("sam"), fields: .init(name: "W", role: "clerk"))
        _ = await sut.getTokenToRevoke(owner: .account("amy"), prefix: "csk_a")
        _ = await sut.revokeToken(owner: .account("amy"), prefix: "csk_a")
        XCTAssertEqual(
            spy.calls, ["show own(\"sam\")", "make own(\"sam\") W by \(testAccount.username)", "confirm csk_a", "revoke csk_a by \(testAccount.username)"])

        sut.displayTokens(viewModel: .page(Self.page))
        XCTAssertEqual(pages.rendered.last?.template, "ManageTokens/tokens")
        XCTAssertEqual(sut.response?.status, .ok)
        sut.displayMadeToken(viewModel: .invalid(Self.page))
        XCTAssertEqual(sut.response?.status, .unprocessableContent)
        sut.displayMadeToken(viewModel: .made(Self.secret))
        XCTAssertEqual(pages.rendered.last?.template, "ManageTokens/made")
        XCTAssertEqual(sut.response?.status, .ok, "the secret on the page that answers the POST: no redirect carries it")
        sut.displayTokenToRevoke(viewModel: .confirm(Self.revoke))
        XCTAssertEqual(pages.rendered.last?.template, "ManageTokens/revoke")
        sut.displayRevokedToken(viewModel: .revoked(url: "/account", flash: "Revoked"))
        XCTAssertEqual(sut.response?.status, .seeOther)
        XCTAssertEqual(sut.response?.headers[.location], "/account")
        sut.displayTokens(viewModel: .notFound)
        XCTAssertEqual(sut.response?.status, .notFound)
        sut.displayTokenToRevoke(viewModel: .unavailable)
        XCTAssertEqual(sut.response?.status, .serviceUnavailable)
    }
}
