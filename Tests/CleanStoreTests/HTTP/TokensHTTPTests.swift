import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// API tokens in the browser (issue 30) through the real router and templates: an account's own
/// page (`/account`) and a supervisor's page of any account's (`/accounts/{id}/tokens`), every page
/// state compared with its reference in `__Snapshots__/TokensHTTPTests/` (read by the browser
/// tests' axe and Nu checks) and checked by libxml2. Who may is walked in `AccessControlTests`.
final class TokensHTTPTests: XCTestCase {
    /// The secret every token made here gets.
    static let secret = AccountSeeds.tokenSecret(5)

    /// Sam signed in with `role`, beside Amy (a clerk); tokens made with `secret`.
    func makeApp(role: AccountRole = .clerk) async throws -> TestApp {
        var app = try await TestApp(role: role)
        _ = try await app.environment.signIn.accounts.createAccount(AccountSeeds.amy)
        app.environment.newAPITokenSecret = { Self.secret }
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

    func testAnAccountMakesItsOwnTokenSeesItOnceThenRevokesIt() async throws {
        let app = try await makeApp()
        let prefix = Self.secret.prefix
        try await app.test { client in
            Self.assertPage("account-no-tokens", try await client.get("/account"), status: .ok)

            let made = try await client.post("/account/tokens", form: "name=Warehouse+scanner&role=clerk&expiresDays=90")
            Self.assertPage("token-made", made, status: .ok)
            XCTAssertEqual(made.text.components(separatedBy: Self.secret.text).count - 1, 1, "the secret, once, on the page answering the POST")
            XCTAssertEqual(made.headers[.cacheControl], "no-store")
            XCTAssertNil(made.headers[.location])
            XCTAssertFalse(made.headers[values: .setCookie].contains { $0.contains(Self.secret.text) }, "no cookie carries it")

            let listed = try await client.get("/account")
            Self.assertPage("account-tokens", listed, status: .ok)
            XCTAssertFalse(listed.text.contains(Self.secret.text), "afterwards: its prefix only")
            XCTAssert(listed.text.contains("<code>\(prefix)</code>"))

            let confirm = try await client.get("/account/tokens/\(prefix)/revoke")
            Self.assertPage("token-revoke", confirm, status: .ok)
            let revoked = try await client.post("/account/tokens/\(prefix)/revoke", form: "")
            XCTAssertEqual(revoked.status, .seeOther)
            XCTAssertEqual(revoked.headers[.location], "/account")
            let after = try await client.get("/account", cookie: revoked.cookieToSendBack)
            Self.assertPage("account-token-revoked", after, status: .ok)
            XCTAssert(after.text.contains("Token \(prefix) (Warehouse scanner) revoked: it no longer works."))
            XCTAssert(after.text.contains("Revoked on 29 June 2007"))
            let spent = try await client.get("/account/tokens/\(prefix)/revoke")
            XCTAssertEqual(spent.status, .notFound, "nothing left to revoke")
        }
        let tokens = try await app.environment.apiTokens.fetchTokens(accountKey: "sam")
        XCTAssertEqual(tokens.map(\.prefix), [prefix])
        XCTAssertEqual(tokens.first?.role, .clerk)
        XCTAssertEqual(tokens.first?.expiresAt, Seeds.june29.addingTimeInterval(90 * 86_400))
        XCTAssertEqual(tokens.first?.hash, Self.secret.hash, "only its hash is kept")
        let events = try await app.environment.signIn.accountChanges.fetchEvents(limit: 10)
        XCTAssertEqual(
            events,
            [
                AccountEvent(at: Seeds.june29, actor: testAccount.name, username: "sam", action: .tokenRevoked, role: .clerk),
                AccountEvent(at: Seeds.june29, actor: testAccount.name, username: "sam", action: .tokenMade, role: .clerk),
            ], "each make and revoke in the accounts log")
    }

    func testARefusedTokenComesBackOnTheFormAndBadInputIsNoServerError() async throws {
        let app = try await makeApp(role: .viewer)
        try await app.test { client in
            let refused = try await client.post("/account/tokens", form: "name=&role=clerk&expiresDays=0")
            Self.assertPage("token-form-invalid", refused, status: .unprocessableContent)
            XCTAssert(refused.text.contains("role cannot be above its account"), refused.text)
            for form in [
                "name=Cards+4111+1111+1111+1111&role=viewer&expiresDays=30", "name=A&role=supervisor&expiresDays=30",
                "name=A&role=viewer&expiresDays=3651", "name=A&role=viewer&expiresDays=1.5", "name=A&expiresDays=30",
            ] {
                let response = try await client.post("/account/tokens", form: form)
                XCTAssertEqual(response.status, .unprocessableContent, form)
                XCTAssert(response.text.contains("There is a problem"), form)
            }
            for form in ["name=A%0Ab&role=viewer", "name=a&name=b&role=viewer", "name=%zz"] {
                let response = try await client.post("/account/tokens", form: form)
                XCTAssertEqual(response.status, .badRequest, form)
            }
            let made = try await client.post("/account/tokens", form: "name=Reports&role=viewer&expiresDays=")
            XCTAssertEqual(made.status, .ok, "a viewer makes a viewer's token, one that does not expire")
            let others = try await client.get("/accounts/amy/tokens")
            XCTAssertEqual(others.status, .forbidden, "another account's are a supervisor's")
        }
        let tokens = try await app.environment.apiTokens.fetchTokens(accountKey: nil)
        XCTAssertEqual(tokens.map(\.name), ["Reports"], "nothing refused was made")
        XCTAssertNil(tokens.first?.expiresAt)
    }

    func testASupervisorMakesAndRevokesAnotherAccountsTokenButNotThroughTheirOwnPage() async throws {
        let app = try await makeApp(role: .supervisor)
        let prefix = Self.secret.prefix
        try await app.test { client in
            Self.assertPage("account-tokens-supervisor", try await client.get("/accounts/amy/tokens"), status: .ok)
            let made = try await client.post("/accounts/AMY/tokens", form: "name=Accounting&role=viewer&expiresDays=30")
            XCTAssertEqual(made.status, .ok)
            XCTAssert(made.text.contains(#"<a href="/accounts/AMY/tokens">Back to the tokens</a>"#), made.text)
            let notMine = try await client.get("/account/tokens/\(prefix)/revoke")
            XCTAssertEqual(notMine.status, .notFound, "Amy's token is not Sam's own")
            let notMineRevoked = try await client.post("/account/tokens/\(prefix)/revoke", form: "")
            XCTAssertEqual(notMineRevoked.status, .notFound)
            let ghost = try await client.get("/accounts/ghost/tokens")
            XCTAssertEqual(ghost.status, .notFound)
            let ghostMade = try await client.post("/accounts/ghost/tokens", form: "name=A&role=viewer&expiresDays=3")
            XCTAssertEqual(ghostMade.status, .notFound)
            let revoked = try await client.post("/accounts/amy/tokens/\(prefix)/revoke", form: "")
            XCTAssertEqual(revoked.status, .seeOther)
            XCTAssertEqual(revoked.headers[.location], "/accounts/amy/tokens")
            let account = try await client.get("/accounts/amy/edit")
            XCTAssert(account.text.contains(#"/tokens">API tokens</a>"#), "the account's page leads there")
        }
        let events = try await app.environment.signIn.accountChanges.fetchEvents(limit: 10)
        XCTAssertEqual(events.map(\.action), [.tokenRevoked, .tokenMade])
        XCTAssertEqual(Set(events.map(\.username)), ["Amy"])
        XCTAssertEqual(Set(events.map(\.actor)), [testAccount.name])
    }
}
