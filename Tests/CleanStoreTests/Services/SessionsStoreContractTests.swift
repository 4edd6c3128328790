import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every sessions store (memory, SQLite, PostgreSQL), on an injected clock and ids.
final class SessionsStoreContractTests: TemporaryDirectoryTestCase {
    let timeouts = SessionTimeouts(idle: 30 * 60, absolute: 12 * 60 * 60, refreshInterval: 60)

    /// Stores of every kind, each with Amy's and Sue's accounts.
    func makeStores() async throws -> [AccountStores] {
        let all = try await AccountStores.all(in: directory, for: self)
        for stores in all {
            _ = try await stores.accounts.createAccount(AccountSeeds.amy)
            _ = try await stores.accounts.createAccount(AccountSeeds.sue)
        }
        return all
    }

    func testASessionIsFoundByItsIDAndOnlyItsHashIsKept() async throws {
        for stores in try await makeStores() {
            let id = AccountSeeds.sessionID(1)
            let created = try await stores.sessions.createSession(id: id, username: "AMY", now: AccountSeeds.now)
            XCTAssertEqual(created, Session(idHash: id.hash, accountKey: "amy", createdAt: AccountSeeds.now, lastSeenAt: AccountSeeds.now))
            XCTAssertNotEqual(created.idHash, id.bytes, stores.name)
            let found = try await stores.sessions.session(forID: id, now: AccountSeeds.now.addingTimeInterval(1), timeouts: timeouts)
            XCTAssertEqual(found, created, "\(stores.name): last use not written within a minute")
            let other = try await stores.sessions.session(forID: AccountSeeds.sessionID(2), now: AccountSeeds.now, timeouts: timeouts)
            XCTAssertNil(other, stores.name)
        }
    }

    func testASessionsAccountIsReadWithItAndFollowsTheSameTimeouts() async throws {
        for stores in try await makeStores() {
            let id = AccountSeeds.sessionID(1)
            _ = try await stores.sessions.createSession(id: id, username: "Amy", now: AccountSeeds.now)
            let found = try await stores.sessions.account(forSession: id, now: AccountSeeds.now.addingTimeInterval(1), timeouts: timeouts)
            XCTAssertEqual(found, AccountSeeds.amy, stores.name)
            let unknown = try await stores.sessions.account(forSession: AccountSeeds.sessionID(2), now: AccountSeeds.now, timeouts: timeouts)
            XCTAssertNil(unknown, stores.name)

            // Its last use is written as by session(forID:), and it ends the same way
            let later = AccountSeeds.now.addingTimeInterval(20 * 60)
            _ = try await stores.sessions.account(forSession: id, now: later, timeouts: timeouts)
            let session = try await stores.sessions.session(forID: id, now: later.addingTimeInterval(1), timeouts: timeouts)
            XCTAssertEqual(session?.lastSeenAt, later, "\(stores.name): last use written")
            let idle = try await stores.sessions.account(forSession: id, now: later.addingTimeInterval(30 * 60), timeouts: timeouts)
            XCTAssertNil(idle, "\(stores.name): 30 minutes unused")
            let gone = try await stores.sessions.session(forID: id, now: later, timeouts: timeouts)
            XCTAssertNil(gone, "\(stores.name): and deleted")

            // A disabled account comes back (disabled): the caller refuses it
            let sue = AccountSeeds.sessionID(3)
            _ = try await stores.sessions.createSession(id: sue, username: "sue", now: AccountSeeds.now)
            _ = try await stores.accounts.disableAccount(username: "sue", at: AccountSeeds.now)
            let disabled = try await stores.sessions.account(forSession: sue, now: AccountSeeds.now, timeouts: timeouts)
            XCTAssertEqual(disabled?.isDisabled, true, stores.name)
        }
    }

    func testUseKeepsASessionGoingPastTheIdleTimeoutButNotPastTheAbsoluteOne() async throws {
        for stores in try await makeStores() {
            let id = AccountSeeds.sessionID(1)
            _ = try await stores.sessions.createSession(id: id, username: "amy", now: AccountSeeds.now)
            // Used every 29 minutes: never idle for 30.
            var now = AccountSeeds.now
            for _ in 0..<24 {
                now.addTimeInterval(29 * 60)
                guard now.timeIntervalSince(AccountSeeds.now) < 12 * 3600 else { break }
                let session = try await stores.sessions.session(forID: id, now: now, timeouts: timeouts)
                XCTAssertEqual(session?.lastSeenAt, now, "\(stores.name): last use written at \(now)")
            }
            let atTwelveHours = try await stores.sessions.session(
                forID: id, now: AccountSeeds.now.addingTimeInterval(12 * 3600), timeouts: timeouts)
            XCTAssertNil(atTwelveHours, "\(stores.name): ended 12 hours after sign-in however busy")
        }
    }

    func testAnIdleSessionEndsAndIsDeleted() async throws {
        for stores in try await makeStores() {
            let id = AccountSeeds.sessionID(1)
            _ = try await stores.sessions.createSession(id: id, username: "amy", now: AccountSeeds.now)
            let justBefore = try await stores.sessions.session(
                forID: id, now: AccountSeeds.now.addingTimeInterval(30 * 60 - 1), timeouts: timeouts)
            XCTAssertNotNil(justBefore, stores.name)
            let idle = AccountSeeds.now.addingTimeInterval(30 * 60 - 1 + 30 * 60)
            let ended = try await stores.sessions.session(forID: id, now: idle, timeouts: timeouts)
            XCTAssertNil(ended, "\(stores.name): 30 minutes unused")
            // Deleted: even a clock turned back finds nothing.
            let again = try await stores.sessions.session(forID: id, now: AccountSeeds.now, timeouts: timeouts)
            XCTAssertNil(again, "\(stores.name): an ended session is gone")
        }
    }

    func testLastUseIsWrittenAtMostOncePerRefreshInterval() async throws {
        for stores in try await makeStores() {
            let id = AccountSeeds.sessionID(1)
            _ = try await stores.sessions.createSession(id: id, username: "amy", now: AccountSeeds.now)
            let soon = try await stores.sessions.session(forID: id, now: AccountSeeds.now.addingTimeInterval(59), timeouts: timeouts)
            XCTAssertEqual(soon?.lastSeenAt, AccountSeeds.now, stores.name)
            let minute = AccountSeeds.now.addingTimeInterval(60)
            let later = try await stores.sessions.session(forID: id, now: minute, timeouts: timeouts)
            XCTAssertEqual(later?.lastSeenAt, minute, stores.name)
            let stored = try await stores.sessions.session(forID: id, now: minute.addingTimeInterval(1), timeouts: timeouts)
            XCTAssertEqual(stored?.lastSeenAt, minute, "\(stores.name): kept")
        }
    }

    func testSigningOutEndsOneSessionAndDisablingEndsEveryOneOfTheAccount() async throws {
        for stores in try await makeStores() {
            let (amyPhone, amyDesk, sueDesk) = (AccountSeeds.sessionID(1), AccountSeeds.sessionID(2), AccountSeeds.sessionID(3))
            _ = try await stores.sessions.createSession(id: amyPhone, username: "amy", now: AccountSeeds.now)
            _ = try await stores.sessions.createSession(id: amyDesk, username: "amy", now: AccountSeeds.now)
            _ = try await stores.sessions.createSession(id: sueDesk, username: "sue", now: AccountSeeds.now)
            let now = AccountSeeds.now.addingTimeInterval(1)

            try await stores.sessions.deleteSession(id: amyPhone)
            let phone = try await stores.sessions.session(forID: amyPhone, now: now, timeouts: timeouts)
            XCTAssertNil(phone, stores.name)
            let desk = try await stores.sessions.session(forID: amyDesk, now: now, timeouts: timeouts)
            XCTAssertNotNil(desk, "\(stores.name): another of Amy's sessions goes on")

            let ended = try await stores.sessions.deleteSessions(ofAccount: "Amy")
            XCTAssertEqual(ended, 1, stores.name)
            let deskAfter = try await stores.sessions.session(forID: amyDesk, now: now, timeouts: timeouts)
            XCTAssertNil(deskAfter, stores.name)
            let sue = try await stores.sessions.session(forID: sueDesk, now: now, timeouts: timeouts)
            XCTAssertNotNil(sue, "\(stores.name): Sue's session goes on")
        }
    }

    func testNoSessionForAnUnknownAccount() async throws {
        for stores in try await makeStores() {
            do {
                _ = try await stores.sessions.createSession(id: AccountSeeds.sessionID(1), username: "ghost", now: AccountSeeds.now)
                XCTFail(stores.name)
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), stores.name)
            }
            let none = try await stores.sessions.session(forID: AccountSeeds.sessionID(1), now: AccountSeeds.now, timeouts: timeouts)
            XCTAssertNil(none, stores.name)
        }
    }
}

/// One contract, every sign-in attempts store (memory, SQLite, PostgreSQL).
final class SignInAttemptsStoreContractTests: TemporaryDirectoryTestCase {
    func makeStores() async throws -> [(String, any SignInAttemptsStoreProtocol)] {
        try await AccountStores.all(in: directory, for: self).map { ($0.name, $0.attempts) }
    }

    func testFailuresCountByUsernameIgnoringCaseAndByAddressWithinTheWindow() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start)
            try await store.recordFailure(username: "AMY", address: "192.0.2.2", at: start.addingTimeInterval(60))
            try await store.recordFailure(username: "nobody", address: "192.0.2.1", at: start.addingTimeInterval(120))

            let amy = try await store.countFailures(username: "Amy", since: start)
            XCTAssertEqual(amy, 2, name)
            let amyLately = try await store.countFailures(username: "amy", since: start.addingTimeInterval(1))
            XCTAssertEqual(amyLately, 1, "\(name): the window starts at since")
            let unknown = try await store.countFailures(username: "nobody", since: start)
            XCTAssertEqual(unknown, 1, "\(name): unknown usernames count the same")
            let address = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(address, 2, name)
            let elsewhere = try await store.countFailures(address: "198.51.100.7", since: start)
            XCTAssertEqual(elsewhere, 0, name)
        }
    }

    func testSuccessClearsTheUsernamesFailuresOnly() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            for second in 0..<4 {
                try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start.addingTimeInterval(Double(second)))
            }
            try await store.recordFailure(username: "sue", address: "192.0.2.1", at: start)
            try await store.clearFailures(username: "AMY")
            let amy = try await store.countFailures(username: "amy", since: start)
            XCTAssertEqual(amy, 0, name)
            let sue = try await store.countFailures(username: "sue", since: start)
            XCTAssertEqual(sue, 1, name)
            // Sue's failure from the same address still counts for it.
            let address = try await store.countFailures(address: "192.0.2.1", since: start)
            XCTAssertEqual(address, 1, name)
        }
    }

    func testOldFailuresAreDeleted() async throws {
        for (name, store) in try await makeStores() {
            let start = AccountSeeds.now
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start)
            try await store.recordFailure(username: "amy", address: "192.0.2.1", at: start.addingTimeInterval(3600))
            try await store.deleteFailures(before: start.addingTimeInterval(3600))
            let left = try await store.countFailures(username: "amy", since: .distantPast)
            XCTAssertEqual(left, 1, name)
        }
    }
}
