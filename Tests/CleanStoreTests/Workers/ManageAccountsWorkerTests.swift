import Foundation
import Logging
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The accounts' worker over memory stores: the accounts' rules, links whose token is shown once
/// and stored as a hash, and an account's sessions and other credentials ended when it is disabled
/// or its password reset or set.
final class ManageAccountsWorkerTests: XCTestCase {
    struct Fixture {
        var worker: ManageAccountsWorker
        var database: MemoryAppDatabase
        var accounts: AccountsMemStore
        var sessions: SessionsMemStore
        var revoker: AccountsHTTPTests.RevokerSpy
    }

    func makeFixture() async throws -> Fixture {
        let database = MemoryAppDatabase(accounts: [AccountSeeds.sue, AccountSeeds.amy])
        let accounts = AccountsMemStore(database: database)
        let sessions = SessionsMemStore(database: database)
        _ = try await sessions.createSession(id: AccountSeeds.sessionID(1), username: "amy", now: AccountSeeds.now)
        let revoker = AccountsHTTPTests.RevokerSpy()
        let worker = ManageAccountsWorker(
            changes: AccountChangesMemStore(database: database), accounts: accounts, sessions: sessions,
            passwords: AccountSeeds.fastPasswords, revokers: [revoker], newToken: { "the-token" }, now: { AccountSeeds.now },
            logger: Logger(label: "test"))
        return Fixture(worker: worker, database: database, accounts: accounts, sessions: sessions, revoker: revoker)
    }

    func testTheLogComesInWholePagesEachSayingWhatLiesOnEitherSide() async throws {
        // Given: seven entries, pages of three
        let database = MemoryAppDatabase(accounts: [AccountSeeds.sue, AccountSeeds.amy])
        let changes = AccountChangesMemStore(database: database)
        let worker = ManageAccountsWorker(
            changes: changes, accounts: AccountsMemStore(database: database), sessions: SessionsMemStore(database: database),
            passwords: AccountSeeds.fastPasswords, now: { AccountSeeds.now }, logger: Logger(label: "test"), logPageSize: 3)
        let empty = try await worker.events(.newest)
        XCTAssertEqual(empty, ManageAccountsWorker.LogPage(entries: []))
        for number in 0..<7 {
            _ = try await changes.change(number % 2 == 0 ? .disable : .enable, username: "amy", by: AccountSeeds.sue.name, at: AccountSeeds.now)
        }

        // When, then: ids 7 to 1, newest first
        let newest = try await worker.events(.newest)
        XCTAssertEqual(newest.entries.map(\.id), [7, 6, 5])
        XCTAssertEqual([newest.hasNewer, newest.hasOlder], [false, true])
        let middle = try await worker.events(.olderThan(5))
        XCTAssertEqual(middle.entries.map(\.id), [4, 3, 2])
        XCTAssertEqual([middle.hasNewer, middle.hasOlder], [true, true])
        let oldest = try await worker.events(.olderThan(2))
        XCTAssertEqual(oldest.entries.map(\.id), [1])
        XCTAssertEqual([oldest.hasNewer, oldest.hasOlder], [true, false])
        let back = try await worker.events(.newerThan(4))
        XCTAssertEqual(back, newest, "newer entries than a page that fill no page are the newest page")
        let backFull = try await worker.events(.newerThan(1))
        XCTAssertEqual(backFull, middle)
        let beyond = try await worker.events(.olderThan(1))
        XCTAssertEqual(beyond, ManageAccountsWorker.LogPage(entries: []), "past the oldest: an empty page")
    }

    func testAnAddedAccountHasNoUsablePasswordUntilItsLinkSetsOne() async throws {
        let fixture = try await makeFixture()
        let (account, token) = try await fixture.worker.addAccount(username: "newbie", displayName: nil, role: .clerk, by: AccountSeeds.sue.name)
        XCTAssertEqual(token, "the-token")
        XCTAssertEqual(account.displayName, "newbie", "The username when no display name is given")
        XCTAssertTrue(account.passwordHash.hasPrefix("$2b$04$"), "A bcrypt hash, of a secret no one is told")
        let stored = await fixture.database.read { $0.passwordLinks["newbie"] }
        XCTAssertEqual(stored?.tokenHash, PasswordLink.hash("the-token"), "Only the token's hash is kept")
        XCTAssertEqual(stored?.expiresAt, AccountSeeds.now.addingTimeInterval(24 * 60 * 60))

        let linked = try await fixture.worker.linkAccount(token: "the-token")
        XCTAssertEqual(linked, account)
        do {
            _ = try await fixture.worker.setPassword(token: "the-token", password: "newbie", username: "newbie")
            XCTFail("The username as password")
        } catch {
            XCTAssertEqual(error, .weakPassword(.tooShort(minimum: 12)))
        }
        let set = try await fixture.worker.setPassword(token: "the-token", password: "a long new password", username: "newbie")
        let verified = try await AccountSeeds.fastPasswords.verify("a long new password", hash: set.passwordHash)
        XCTAssertTrue(verified)
        let used = try await fixture.worker.linkAccount(token: "the-token")
        XCTAssertNil(used, "Once")
        XCTAssertEqual(fixture.revoker.revoked, ["newbie"], "Setting a password ends what else signed the account in")
    }

    func testTheAccountsRulesAreCheckedBeforeTheStore() async throws {
        let fixture = try await makeFixture()
        for (username, displayName, expected) in [
            ("bad name", "x", AccountsWorkerError.invalidUsername(AccountsWorker.usernameProblem("bad name")!)),
            ("fine", " ", .invalidDisplayName(AccountsWorker.displayNameProblem(" ")!)),
            ("AMY", "Another Amy", .store(.duplicateUsername("AMY"))),
        ] {
            do {
                _ = try await fixture.worker.addAccount(username: username, displayName: displayName, role: .viewer, by: AccountSeeds.sue.name)
                XCTFail(username)
            } catch {
                XCTAssertEqual(error, expected, username)
            }
        }
        let count = await fixture.accounts.countAccounts()
        XCTAssertEqual(count, 2)
    }

    func testDisablingOrResettingEndsTheSessionsAndOtherCredentialsAndARoleChangeDoesNot() async throws {
        let fixture = try await makeFixture()
        let timeouts = SessionTimeouts.standard
        _ = try await fixture.worker.change(.role(.viewer), username: "amy", by: AccountSeeds.sue.name)
        let kept = await fixture.sessions.session(forID: AccountSeeds.sessionID(1), now: AccountSeeds.now, timeouts: timeouts)
        XCTAssertNotNil(kept, "A role change keeps the session (the next page reads the new role)")
        XCTAssertEqual(fixture.revoker.revoked, [])

        let (reset, token) = try await fixture.worker.change(.resetPassword, username: "amy", by: AccountSeeds.sue.name)
        XCTAssertEqual(token, "the-token")
        XCTAssertNotEqual(reset.passwordHash, AccountSeeds.amy.passwordHash, "The old password stops working")
        let ended = await fixture.sessions.session(forID: AccountSeeds.sessionID(1), now: AccountSeeds.now, timeouts: timeouts)
        XCTAssertNil(ended)
        _ = try await fixture.worker.change(.disable, username: "amy", by: AccountSeeds.sue.name)
        XCTAssertEqual(fixture.revoker.revoked, ["Amy", "Amy"])
        let listed = try await fixture.worker.listAccounts()
        XCTAssertEqual(listed.map(\.account.username), ["Amy", "sue"])
        let events = try await fixture.worker.events(.newest)
        XCTAssertEqual(events.entries.map(\.event.action), [.disabled, .passwordReset, .roleChanged])
    }

    func testARefusalComesBackAsTheStoresAndEndsNothing() async throws {
        let fixture = try await makeFixture()
        do {
            _ = try await fixture.worker.change(.disable, username: "sue", by: AccountSeeds.sue.name)
            XCTFail()
        } catch {
            XCTAssertEqual(error, .store(.refused(.disableSelf)))
        }
        XCTAssertEqual(fixture.revoker.revoked, [])
    }
}
