import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The accounts' pages (`/accounts…`, `/set-password`) through the real router and middleware:
/// every page state compared with its reference in `__Snapshots__/AccountsHTTPTests/` and checked
/// by libxml2, a supervisor adding a clerk who sets a password through the one-time link and signs
/// in, and what disabling and resetting end. Who may is walked in `AccessControlTests`.
final class AccountsHTTPTests: XCTestCase {
    /// The token of every one-time link the tests make.
    static let token = "test-link-token-0123456789abcdefghijklmnopq"

    /// Records the accounts whose other credentials (API tokens) were to end.
    final class RevokerSpy: AccountCredentialsRevoking, @unchecked Sendable {
        private let lock = NSLock()
        private var names: [String] = []
        var revoked: [String] { lock.withLock { names } }
        func revokeCredentials(ofAccount username: String) async throws {
            lock.withLock { names.append(username) }
        }
    }

    /// An app where Sam (a supervisor) is signed in, beside Amy (a clerk, signed in once, with a
    /// session of her own) and Old (a viewer, disabled); links made with `token`.
    func makeApp(revoker: RevokerSpy = RevokerSpy()) async throws -> TestApp {
        var app = try await TestApp()
        let signIn = app.environment.signIn
        _ = try await signIn.accounts.createAccount(AccountSeeds.amy)
        _ = try await signIn.accounts.createAccount(
            Account(username: "old", displayName: "Old Timer", role: .viewer, passwordHash: testPasswordHash, createdAt: Seeds.june29))
        _ = try await signIn.accounts.disableAccount(username: "old", at: Seeds.june29)
        try await signIn.accountChanges.recordSignIn(username: "amy", at: Seeds.june29.addingTimeInterval(-3600))
        _ = try await signIn.sessions.createSession(id: AccountSeeds.sessionID(200), username: "amy", now: Seeds.june29)
        app.environment.newPasswordLinkToken = { Self.token }
        app.environment.credentialRevokers = [revoker]
        return app
    }

    static func assertPage(
        _ name: String, _ response: TestResponse, status: HTTPResponse.Status, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    // MARK: Snapshots

    func testTheListTheLogTheFormsAndAnAccountsPage() async throws {
        let app = try await makeApp()
        try await app.test { client in
            Self.assertPage("accounts", try await client.get("/accounts"), status: .ok)
            Self.assertPage("accounts-log-empty", try await client.get("/accounts/log"), status: .ok)
            Self.assertPage("account-new", try await client.get("/accounts/new"), status: .ok)
            Self.assertPage(
                "account-new-errors", try await client.post("/accounts/new", form: "username=bad+name&displayName=&role="),
                status: .unprocessableContent)
            Self.assertPage("account-amy", try await client.get("/accounts/amy/edit"), status: .ok)
            Self.assertPage("account-self", try await client.get("/accounts/sam/edit", cookie: flashCookie("Account sam is now a supervisor.")), status: .ok)
            Self.assertPage("account-disabled", try await client.get("/accounts/old/edit"), status: .ok)
            let unknown = try await client.get("/accounts/ghost/edit")
            XCTAssertEqual(unknown.status, .notFound)
            let duplicate = try await client.post("/accounts/new", form: "username=AMY&role=clerk")
            XCTAssertEqual(duplicate.status, .unprocessableContent)
            XCTAssert(duplicate.text.contains("An account with this username exists already"))
        }
    }

    func testASupervisorCannotDemoteOrDisableThemselvesAndABadRoleIsA400() async throws {
        let app = try await makeApp()
        try await app.test { client in
            Self.assertPage("account-refused", try await client.post("/accounts/sam/role", form: "role=clerk"), status: .conflict)
            let disable = try await client.post("/accounts/sam/disable", form: "")
            XCTAssertEqual(disable.status, .conflict)
            XCTAssert(disable.text.contains(AccountChangeRefusal.disableSelf.description.replacingOccurrences(of: "'", with: "&#39;")))
            let badRole = try await client.post("/accounts/amy/role", form: "role=owner")
            XCTAssertEqual(badRole.status, .badRequest)
            let ghost = try await client.post("/accounts/ghost/disable", form: "")
            XCTAssertEqual(ghost.status, .notFound)
        }
        let sam = try await app.environment.signIn.accounts.fetchAccount(username: "sam")
        XCTAssertEqual(sam?.role, .supervisor)
        XCTAssertEqual(sam?.isDisabled, false)
        let events = try await app.environment.signIn.accountChanges.fetchEvents(limit: 10)
        XCTAssertEqual(events, [], "Nothing changed, nothing recorded")
    }

    /// The journey of issue 29: a supervisor adds a clerk, the clerk follows the one-time link,
    /// sets a password and signs in; the link then works no more.
    func testASupervisorAddsAClerkWhoSetsAPasswordThroughTheLinkAndSignsIn() async throws {
        let app = try await makeApp()
        try await app.test { client in
            let added = try await client.post("/accounts/new", form: "username=newbie&displayName=New+Bie&role=clerk")
            Self.assertPage("account-added", added, status: .ok)
            let link = "http://localhost/set-password?token=\(Self.token)"
            XCTAssert(added.text.contains(link), "The link, shown once, on the host the supervisor's browser asked for")

            let form = try await client.get("/set-password?token=\(Self.token)", signedIn: false)
            Self.assertPage("set-password", form, status: .ok)
            let weak = try await client.post("/set-password", form: "token=\(Self.token)&password=short&passwordConfirmation=short", signedIn: false)
            Self.assertPage("set-password-errors", weak, status: .unprocessableContent)
            XCTAssertFalse(weak.text.contains("value=\"short\""), "A password never comes back")
            let mismatch = try await client.post(
                "/set-password", form: "token=\(Self.token)&password=a+long+new+password&passwordConfirmation=another+one+typed",
                signedIn: false)
            XCTAssertEqual(mismatch.status, .unprocessableContent)

            let set = try await client.post(
                "/set-password", form: "token=\(Self.token)&password=a+long+new+password&passwordConfirmation=a+long+new+password",
                signedIn: false)
            XCTAssertEqual(set.status, .seeOther)
            XCTAssertEqual(set.headers[.location], "/sign-in")

            let signedIn = try await AccessControlTests.signIn(client, username: "newbie", password: "a long new password")
            XCTAssertEqual(signedIn.status, .seeOther, "The clerk signs in with the password chosen")
            XCTAssertNotNil(AccessControlTests.sessionCookie(of: signedIn))

            let again = try await client.get("/set-password?token=\(Self.token)", signedIn: false)
            Self.assertPage("set-password-expired", again, status: .notFound)
            let reused = try await client.post(
                "/set-password", form: "token=\(Self.token)&password=another+long+password&passwordConfirmation=another+long+password",
                signedIn: false)
            XCTAssertEqual(reused.status, .notFound, "A link works once")

            Self.assertPage("accounts-log", try await client.get("/accounts/log"), status: .ok)
        }
        let newbie = try await app.environment.signIn.accounts.fetchAccount(username: "newbie")
        XCTAssertEqual(newbie?.role, .clerk)
        XCTAssertEqual(newbie?.displayName, "New Bie")
        let events = try await app.environment.signIn.accountChanges.fetchEvents(limit: 10)
        XCTAssertEqual(events.map(\.action), [.passwordSet, .added])
    }

    func testBeforeItsLinkIsUsedANewAccountCannotSignIn() async throws {
        let app = try await makeApp()
        try await app.test { client in
            _ = try await client.post("/accounts/new", form: "username=newbie&role=viewer")
            let refused = try await AccessControlTests.signIn(client, username: "newbie", password: testPassword)
            XCTAssertEqual(refused.status, .unprocessableContent, "No password works yet")
        }
    }

    func testDisablingAndResettingEndTheAccountsSessionsAndOtherCredentialsAndAreLogged() async throws {
        let revoker = RevokerSpy()
        let app = try await makeApp(revoker: revoker)
        let sessions = app.environment.signIn.sessions
        let timeouts = app.environment.signIn.timeouts
        try await app.test { client in
            let reset = try await client.post("/accounts/amy/reset-password", form: "")
            Self.assertPage("account-reset", reset, status: .ok)
            XCTAssert(reset.text.contains("/set-password?token=\(Self.token)"))
            let amySession = try await sessions.session(forID: AccountSeeds.sessionID(200), now: Seeds.june29, timeouts: timeouts)
            XCTAssertNil(amySession, "Her session ended")
            XCTAssertEqual(revoker.revoked, ["Amy"], "Her API tokens are told to end")
            let oldPassword = try await AccessControlTests.signIn(client, username: "amy", password: testPassword)
            XCTAssertEqual(oldPassword.status, .unprocessableContent, "The old password stops working")

            let role = try await client.post("/accounts/amy/role", form: "role=supervisor")
            XCTAssertEqual(role.status, .seeOther)
            XCTAssertEqual(role.headers[.location], "/accounts/Amy/edit")
            let disabled = try await client.post("/accounts/amy/disable", form: "")
            XCTAssertEqual(disabled.status, .seeOther)
            XCTAssertEqual(revoker.revoked, ["Amy", "Amy"])
            let enabled = try await client.post("/accounts/old/enable", form: "")
            XCTAssertEqual(enabled.status, .seeOther)
        }
        let amy = try await app.environment.signIn.accounts.fetchAccount(username: "amy")
        XCTAssertEqual(amy?.role, .supervisor)
        XCTAssertEqual(amy?.isDisabled, true)
        let events = try await app.environment.signIn.accountChanges.fetchEvents(limit: 10)
        XCTAssertEqual(events.map(\.action), [.enabled, .disabled, .roleChanged, .passwordReset])
        XCTAssertEqual(Set(events.map(\.actor)), [testAccount.name], "Who did it")
    }

    /// A store of account changes whose database is down.
    struct DownChanges: AccountChangesStoreProtocol {
        static let error = AccountsStoreError.unavailable("connection refused")
        func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
            -> Account
        { throw Self.error }
        func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
            -> Account
        { throw Self.error }
        func passwordLink(tokenHash: Data, now: Date) async throws(AccountsStoreError) -> Account? { throw Self.error }
        func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account { throw Self.error }
        func recordSignIn(username: String, at now: Date) async throws(AccountsStoreError) { throw Self.error }
        func lastSignIns() async throws(AccountsStoreError) -> [String: Date] { throw Self.error }
        func fetchEvents(_ position: AccountEventsPosition, limit: Int) async throws(AccountsStoreError) -> [LoggedAccountEvent] {
            throw Self.error
        }
        func operatorChange(_ change: OperatorAccountChange, username: String, by actor: AccountName, at now: Date)
            async throws(AccountsStoreError) -> Account
        { throw Self.error }
    }

    func testTheLogIsReadAPageAtATimeOlderAndNewerAndABadCursorIsA400() async throws {
        // Given: 52 entries (Amy disabled and enabled in turn), a page holding 50
        let app = try await makeApp()
        let changes = app.environment.signIn.accountChanges
        _ = try await app.environment.signIn.accounts.createAccount(AccountSeeds.sue)
        for number in 0..<52 {
            _ = try await changes.change(
                number % 2 == 0 ? .disable : .enable, username: "amy", by: AccountSeeds.sue.name,
                at: Seeds.june29.addingTimeInterval(Double(number) * 60))
        }
        try await app.test { client in
            let newest = try await client.get("/accounts/log")
            XCTAssertEqual(newest.status, .ok)
            XCTAssertEqual(newest.text.components(separatedBy: "<td data-label=\"What\">").count - 1, 50)
            XCTAssert(newest.text.contains(#"<a rel="next" href="/accounts/log?after=3">Older entries</a>"#), newest.text)
            XCTAssertFalse(newest.text.contains("Newer entries"), "the newest page")

            let older = try await client.get("/accounts/log?after=3")
            Self.assertPage("accounts-log-older", older, status: .ok)
            XCTAssertEqual(older.text.components(separatedBy: "<td data-label=\"What\">").count - 1, 2, "the two oldest")
            XCTAssert(older.text.contains(#"<a rel="prev" href="/accounts/log?before=2">Newer entries</a>"#), older.text)
            XCTAssertFalse(older.text.contains("Older entries"), "the oldest page")

            let back = try await client.get("/accounts/log?before=2")
            XCTAssertEqual(back.status, .ok)
            XCTAssertEqual(back.text, newest.text, "the entries just newer fill the newest page")

            for bad in ["after=x", "after=0", "after=-1", "before=", "after=1e3", "after=99999999999999999999", "after=2&before=3", "before=%00"] {
                let refused = try await client.get("/accounts/log?\(bad)")
                XCTAssertEqual(refused.status, .badRequest, bad)
                XCTAssertEqual(refused.headers[.contentType], "text/html; charset=utf-8", bad)
            }
        }
    }

    func testWhenTheAccountsCannotBeReachedThePagesSaySoAndNothingIsAdded() async throws {
        var app = try await makeApp()
        app.environment.signIn.accountChanges = DownChanges()
        try await app.test { client in
            for path in ["/accounts", "/accounts/log", "/accounts/amy/edit", "/set-password?token=\(Self.token)"] {
                let response = try await client.get(path)
                XCTAssertEqual(response.status, .serviceUnavailable, path)
            }
            let added = try await client.post("/accounts/new", form: "username=newbie&role=clerk")
            XCTAssertEqual(added.status, .serviceUnavailable)
            XCTAssert(added.text.contains(EditAccountPresenter.unavailableMessage))
            let changed = try await client.post("/accounts/amy/disable", form: "")
            XCTAssertEqual(changed.status, .serviceUnavailable)
        }
        let newbie = try await app.environment.signIn.accounts.fetchAccount(username: "newbie")
        XCTAssertNil(newbie)
    }
}
