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

    func testHousekeepingDeletesEveryEndedSessionAndOnlyThem() async throws {
        for stores in try await makeStores() {
            let start = AccountSeeds.now
            let (old, idle, busy, fresh) = (AccountSeeds.sessionID(1), AccountSeeds.sessionID(2), AccountSeeds.sessionID(3), AccountSeeds.sessionID(4))
            // At 12 hours: sue's first session began 12 hours ago (used 15 minutes ago), Amy's idle
            // one was last used 11 hours ago, her busy one 15 minutes ago, sue's new one began a minute ago.
            let now = start.addingTimeInterval(12 * 3600)
            _ = try await stores.sessions.createSession(id: old, username: "sue", now: start)
            _ = try await stores.sessions.createSession(id: idle, username: "amy", now: start.addingTimeInterval(3600))
            _ = try await stores.sessions.createSession(id: busy, username: "amy", now: start.addingTimeInterval(3600))
            for (id, first) in [(old, 15), (busy, 75)] {
                for minutes in stride(from: first, through: 705, by: 15) {
                    _ = try await stores.sessions.session(forID: id, now: start.addingTimeInterval(Double(minutes) * 60), timeouts: timeouts)
                }
            }
            _ = try await stores.sessions.createSession(id: fresh, username: "sue", now: now.addingTimeInterval(-60))

            let ended = try await stores.sessions.deleteEndedSessions(at: now, timeouts: timeouts)
            XCTAssertEqual(ended, 2, "\(stores.name): the one 12 hours old and the idle one")
            // Deleted: a clock turned back finds neither.
            for id in [old, idle] {
                let found = try await stores.sessions.session(forID: id, now: start.addingTimeInterval(3600), timeouts: timeouts)
                XCTAssertNil(found, stores.name)
            }
            for id in [busy, fresh] {
                let kept = try await stores.sessions.session(forID: id, now: now, timeouts: timeouts)
                XCTAssertNotNil(kept, "\(stores.name): a session in use goes on")
            }
            let again = try await stores.sessions.deleteEndedSessions(at: now, timeouts: timeouts)
            XCTAssertEqual(again, 0, stores.name)
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
