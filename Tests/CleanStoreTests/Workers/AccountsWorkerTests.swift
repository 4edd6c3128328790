import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class AccountsWorkerTests: XCTestCase {
    var accounts: AccountsMemStore!
    var sessions: SessionsMemStore!
    var worker: AccountsWorker!

    override func setUp() {
        accounts = AccountsMemStore()
        sessions = SessionsMemStore(accounts: accounts)
        worker = AccountsWorker(accounts: accounts, sessions: sessions, passwords: AccountSeeds.fastPasswords, now: { AccountSeeds.now })
    }

    func testAddsAnAccountWithABcryptHashAndTheUsernameAsDefaultDisplayName() async throws {
        let account = try await worker.addAccount(username: "amy", displayName: nil, role: .clerk, password: "correct horse battery")
        XCTAssertEqual(account.displayName, "amy")
        XCTAssertEqual(account.role, .clerk)
        XCTAssertEqual(account.createdAt, AccountSeeds.now)
        XCTAssertFalse(account.isDisabled)
        let stored = try await accounts.fetchAccount(username: "amy")
        XCTAssertEqual(stored, account)
        let verified = try await AccountSeeds.fastPasswords.verify("correct horse battery", hash: account.passwordHash)
        XCTAssertTrue(verified)
        XCTAssertFalse(account.description.contains(account.passwordHash), "no hash in a description")
    }

    func testRefusesBadUsernamesDisplayNamesWeakPasswordsAndDuplicatesChangingNothing() async throws {
        let cases: [(String, String?, String, AccountsWorkerError)] = [
            ("", nil, "correct horse battery", .invalidUsername("A username is needed")),
            ("amy apple", nil, "correct horse battery", .invalidUsername("A username holds only letters a–z, digits and . _ - @ (not \" \")")),
            ("amy", "   ", "correct horse battery", .invalidDisplayName("A display name cannot be blank")),
            ("amy", "Amy\u{7}", "correct horse battery", .invalidDisplayName("A display name cannot hold control characters")),
            ("amy", nil, "short", .weakPassword(.tooShort(minimum: 12))),
            ("amy.apple.2024", nil, "AMY.APPLE.2024", .weakPassword(.sameAsUsername)),
            // Issue 25, bug 6: bcrypt stops at the first NUL, so this would be the password "nul".
            ("amy", nil, "nul" + String(repeating: "\u{0}", count: 12), .weakPassword(.controlCharacter)),
            ("amy", nil, "correct horse\tbattery", .weakPassword(.controlCharacter)),
        ]
        for (username, displayName, password, expected) in cases {
            do {
                _ = try await worker.addAccount(username: username, displayName: displayName, role: .clerk, password: password)
                XCTFail("\(username) was added")
            } catch {
                XCTAssertEqual(error, expected)
            }
        }
        let none = try await accounts.countAccounts()
        XCTAssertEqual(none, 0)

        _ = try await worker.addAccount(username: "amy", displayName: nil, role: .clerk, password: "correct horse battery")
        do {
            _ = try await worker.addAccount(username: "AMY", displayName: nil, role: .viewer, password: "correct horse battery")
            XCTFail("a second amy")
        } catch {
            XCTAssertEqual(error, .store(.duplicateUsername("AMY")))
            XCTAssertEqual(error.description, "An account named AMY exists already (usernames ignore case)")
        }
    }

    func testAUsernameIsNoCardNumberAndADisplayNameIsBoundedInBytesToo() {
        XCTAssertEqual(AccountsWorker.usernameProblem("4111111111111111"), "A username cannot be a card number")
        XCTAssertNil(AccountsWorker.usernameProblem("clerk2026"))
        // One letter with hundreds of combining marks: few characters, many bytes.
        let heavy = "a" + String(repeating: "\u{301}", count: 400)
        XCTAssertEqual(heavy.count, 1)
        XCTAssertNotNil(AccountsWorker.displayNameProblem(heavy))
        XCTAssertNil(AccountsWorker.displayNameProblem("Ann Núñez"))
    }

    func testDisablingAndSettingAPasswordEndTheAccountsSessions() async throws {
        _ = try await worker.addAccount(username: "amy", displayName: "Amy Apple", role: .clerk, password: "correct horse battery")
        _ = try await sessions.createSession(id: AccountSeeds.sessionID(1), username: "amy", now: AccountSeeds.now)
        _ = try await sessions.createSession(id: AccountSeeds.sessionID(2), username: "amy", now: AccountSeeds.now)

        let changed = try await worker.setPassword(username: "AMY", password: "a new long passphrase")
        XCTAssertEqual(changed.endedSessions, 2)
        let verified = try await AccountSeeds.fastPasswords.verify("a new long passphrase", hash: changed.account.passwordHash)
        XCTAssertTrue(verified)

        _ = try await sessions.createSession(id: AccountSeeds.sessionID(3), username: "amy", now: AccountSeeds.now)
        let disabled = try await worker.disableAccount(username: "amy")
        XCTAssertTrue(disabled.account.isDisabled)
        XCTAssertEqual(disabled.endedSessions, 1)
        let session = try await sessions.session(forID: AccountSeeds.sessionID(3), now: AccountSeeds.now, timeouts: .standard)
        XCTAssertNil(session)
    }

    func testAnOperatorsChangesAreRecordedInTheAuditLogAndEndTheSessionsAsBefore() async throws {
        // Given: the command line's worker, its changes recorded as "root"'s
        let changes = AccountChangesMemStore(database: accounts.database)
        let root = AccountName.commandLine(environment: ["USER": "root"])
        XCTAssertEqual(root, AccountName(username: "root", displayName: "Command line"))
        XCTAssertEqual(AccountName.commandLine(environment: ["LOGNAME": "ops"]).username, "ops")
        XCTAssertEqual(AccountName.commandLine(environment: ["USER": ""]).username, "command-line", "no user: the command line")
        let sut = AccountsWorker(
            accounts: accounts, sessions: sessions, passwords: AccountSeeds.fastPasswords, now: { AccountSeeds.now },
            operatorLog: AccountsWorker.OperatorLog(changes: changes, actor: root))

        // When
        let added = try await sut.addAccount(username: "amy", displayName: "Amy Apple", role: .clerk, password: "correct horse battery")
        _ = try await sessions.createSession(id: AccountSeeds.sessionID(1), username: "amy", now: AccountSeeds.now)
        let changed = try await sut.setPassword(username: "AMY", password: "a new long passphrase")
        let disabled = try await sut.disableAccount(username: "amy")
        do {
            _ = try await sut.addAccount(username: "AMY", displayName: nil, role: .viewer, password: "correct horse battery")
            XCTFail("duplicate added")
        } catch {
            XCTAssertEqual(error, .store(.duplicateUsername("AMY")))
        }

        // Then
        XCTAssertEqual(changed.endedSessions, 1)
        XCTAssertTrue(disabled.account.isDisabled)
        let stored = try await accounts.fetchAccount(username: "amy")
        XCTAssertEqual(stored, disabled.account)
        XCTAssertEqual(stored?.createdAt, added.createdAt)
        let events = try await changes.fetchEvents(limit: 10)
        XCTAssertEqual(
            events,
            [
                AccountEvent(at: AccountSeeds.now, actor: root, username: "amy", action: .disabled),
                AccountEvent(at: AccountSeeds.now, actor: root, username: "amy", action: .passwordChanged),
                AccountEvent(at: AccountSeeds.now, actor: root, username: "amy", action: .added, role: .clerk),
            ])
    }

    func testAWeakNewPasswordOrAnUnknownNameChangesNothing() async throws {
        let added = try await worker.addAccount(username: "amy", displayName: nil, role: .clerk, password: "correct horse battery")
        do {
            _ = try await worker.setPassword(username: "amy", password: "AMY")
            XCTFail("weak password set")
        } catch {
            XCTAssertEqual(error, .weakPassword(.tooShort(minimum: 12)))
        }
        do {
            _ = try await worker.setPassword(username: "ghost", password: "correct horse battery")
            XCTFail("ghost")
        } catch {
            XCTAssertEqual(error, .store(.unknownUsername("ghost")))
        }
        let stored = try await accounts.fetchAccount(username: "amy")
        XCTAssertEqual(stored, added)
    }
}
