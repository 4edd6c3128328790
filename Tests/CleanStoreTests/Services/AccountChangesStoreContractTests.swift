import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every store of a supervisor's changes to accounts (memory, SQLite, PostgreSQL).
final class AccountChangesStoreContractTests: TemporaryDirectoryTestCase {
    func makeStores() async throws -> [AccountStores] {
        try await AccountStores.all(in: directory, for: self)
    }

    static let sue = AccountSeeds.sue
    static let tom = Account(
        username: "tom", displayName: "Tom Top", role: .supervisor, passwordHash: "$2b$04$not-a-real-hash-for-tom",
        createdAt: AccountSeeds.now)
    static let later = AccountSeeds.now.addingTimeInterval(600)
    static func link(_ token: String, at time: Date = AccountSeeds.now) -> PasswordLink { PasswordLink(token: token, madeAt: time) }

    func testAddingAnAccountStoresItItsLinkAndAnEventAndRefusesATakenName() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            _ = try await stores.accounts.createAccount(Self.sue)
            var amy = AccountSeeds.amy
            amy.passwordHash = "$2b$04$unusable"
            let added = try await stores.changes.addAccount(amy, link: Self.link("amy-token"), by: Self.sue.name, at: Self.later)
            XCTAssertEqual(added, amy, name)
            let stored = try await stores.accounts.fetchAccount(username: "amy")
            XCTAssertEqual(stored, amy, name)
            let linked = try await stores.changes.passwordLink(tokenHash: PasswordLink.hash("amy-token"), now: Self.later)
            XCTAssertEqual(linked, amy, "\(name): the link finds its account")
            var twin = amy
            twin.username = "AMY"
            do {
                _ = try await stores.changes.addAccount(twin, link: Self.link("other"), by: Self.sue.name, at: Self.later)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .duplicateUsername("AMY"), name)
            }
            let events = try await stores.changes.fetchEvents(limit: 10)
            XCTAssertEqual(
                events, [AccountEvent(at: Self.later, actor: Self.sue.name, username: "Amy", action: .added, role: .clerk)],
                "\(name): one event, the refused add wrote none")
            let other = try await stores.changes.passwordLink(tokenHash: PasswordLink.hash("other"), now: Self.later)
            XCTAssertNil(other, "\(name): the refused add's link was not kept")
        }
    }

    func testRoleDisableEnableAndResetAreWrittenWithTheirEventsAndAChangeOfNothingWritesNothing() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            for account in [Self.sue, AccountSeeds.amy] { _ = try await stores.accounts.createAccount(account) }
            let sue = Self.sue.name
            let promoted = try await stores.changes.change(.role(.viewer), username: "AMY", by: sue, at: Self.later)
            XCTAssertEqual(promoted.role, .viewer, name)
            XCTAssertEqual(promoted.updatedAt, Self.later, name)
            let same = try await stores.changes.change(.role(.viewer), username: "amy", by: sue, at: Self.later)
            XCTAssertEqual(same, promoted, name)
            let disabled = try await stores.changes.change(.disable, username: "amy", by: sue, at: Self.later)
            XCTAssertTrue(disabled.isDisabled, name)
            _ = try await stores.changes.change(.disable, username: "amy", by: sue, at: Self.later)
            let enabled = try await stores.changes.change(.enable, username: "amy", by: sue, at: Self.later)
            XCTAssertFalse(enabled.isDisabled, name)
            let reset = try await stores.changes.change(
                .resetPassword(unusableHash: "$2b$04$reset", link: Self.link("reset-token", at: Self.later)), username: "amy", by: sue,
                at: Self.later)
            XCTAssertEqual(reset.passwordHash, "$2b$04$reset", name)
            let stored = try await stores.accounts.fetchAccount(username: "amy")
            XCTAssertEqual(stored, reset, "\(name): stored as returned")
            let events = try await stores.changes.fetchEvents(limit: 10)
            XCTAssertEqual(
                events.map(\.action), [.passwordReset, .enabled, .disabled, .roleChanged],
                "\(name): newest first; no event for a change of nothing")
            XCTAssertEqual(events.last?.role, .viewer, name)
            XCTAssertEqual(events.last?.previousRole, .clerk, name)
            XCTAssertEqual(Set(events.map(\.actor)), [sue], name)
            let two = try await stores.changes.fetchEvents(limit: 2)
            XCTAssertEqual(two.count, 2, "\(name): at most the limit")
        }
    }

    func testASupervisorCannotDemoteOrDisableThemselvesOrTheLastSupervisorNorActOnceNotOne() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            for account in [Self.sue, AccountSeeds.amy] { _ = try await stores.accounts.createAccount(account) }
            func refusal(_ change: AccountChange, _ username: String, by actor: AccountName = Self.sue.name) async -> AccountsStoreError? {
                do {
                    _ = try await stores.changes.change(change, username: username, by: actor, at: Self.later)
                    return nil
                } catch {
                    return error
                }
            }
            let demoteSelf = await refusal(.role(.clerk), "sue")
            XCTAssertEqual(demoteSelf, .refused(.demoteSelf), name)
            let disableSelf = await refusal(.disable, "SUE")
            XCTAssertEqual(disableSelf, .refused(.disableSelf), name)
            // Tom, disabled, is no supervisor in use: Sue is the last one
            _ = try await stores.accounts.createAccount(Self.tom)
            _ = try await stores.accounts.disableAccount(username: "tom", at: AccountSeeds.now)
            let byTom = await refusal(.role(.clerk), "sue", by: Self.tom.name)
            XCTAssertEqual(byTom, .refused(.notSupervisor), "\(name): a disabled supervisor changes nothing")
            let byAmy = await refusal(.enable, "tom", by: AccountSeeds.amy.name)
            XCTAssertEqual(byAmy, .refused(.notSupervisor), "\(name): a clerk changes nothing")
            let ghost = await refusal(.disable, "ghost")
            XCTAssertEqual(ghost, .unknownUsername("ghost"), name)
            let sue = try await stores.accounts.fetchAccount(username: "sue")
            XCTAssertEqual(sue, Self.sue, "\(name): unchanged")
            let events = try await stores.changes.fetchEvents(limit: 10)
            XCTAssertEqual(events, [], "\(name): nothing recorded")
        }
    }

    /// Two supervisors demoting (or disabling) each other at the same moment: each change is
    /// decided in its transaction against the other's, so one supervisor is left.
    func testTwoSupervisorsDemotingOrDisablingEachOtherAtOnceLeaveOne() async throws {
        for change in [AccountChange.role(.clerk), .disable] {
            for stores in try await makeStores() {
                let name = "\(stores.name), \(change)"
                for account in [Self.sue, Self.tom] { _ = try await stores.accounts.createAccount(account) }
                let changes = stores.changes
                async let sueOnTom = Self.outcome { try await changes.change(change, username: "tom", by: Self.sue.name, at: Self.later) }
                async let tomOnSue = Self.outcome { try await changes.change(change, username: "sue", by: Self.tom.name, at: Self.later) }
                let outcomes = await [sueOnTom, tomOnSue]
                XCTAssertEqual(outcomes.filter { $0 == nil }.count, 1, "\(name): one change made, \(outcomes)")
                XCTAssertTrue(
                    outcomes.contains(AccountsStoreError.refused(.lastSupervisor))
                        || outcomes.contains(AccountsStoreError.refused(.notSupervisor)), "\(name): \(outcomes)")
                let supervisors = try await stores.accounts.countSupervisors()
                XCTAssertEqual(supervisors, 1, name)
                let events = try await stores.changes.fetchEvents(limit: 10)
                XCTAssertEqual(events.count, 1, name)
            }
        }
    }

    static func outcome(_ body: @Sendable () async throws -> Account) async -> AccountsStoreError? {
        do {
            _ = try await body()
            return nil
        } catch {
            return error as? AccountsStoreError ?? .unavailable("\(error)")
        }
    }

    func testALinkSetsThePasswordOnceUntilItExpiresAndAResetReplacesIt() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            _ = try await stores.accounts.createAccount(Self.sue)
            _ = try await stores.changes.addAccount(AccountSeeds.amy, link: Self.link("first"), by: Self.sue.name, at: AccountSeeds.now)
            // A reset makes a new link: the first stops working
            _ = try await stores.changes.change(
                .resetPassword(unusableHash: "$2b$04$reset", link: Self.link("second")), username: "amy", by: Self.sue.name,
                at: AccountSeeds.now)
            let first = try await stores.changes.passwordLink(tokenHash: PasswordLink.hash("first"), now: Self.later)
            XCTAssertNil(first, name)
            let expiry = AccountSeeds.now.addingTimeInterval(PasswordLink.lifetime)
            let expired = try await stores.changes.passwordLink(tokenHash: PasswordLink.hash("second"), now: expiry)
            XCTAssertNil(expired, "\(name): 24 hours on, the link has expired")
            do {
                _ = try await stores.changes.setPassword(tokenHash: PasswordLink.hash("second"), passwordHash: "$2b$04$late", at: expiry)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .refused(.linkExpired), name)
            }
            let set = try await stores.changes.setPassword(
                tokenHash: PasswordLink.hash("second"), passwordHash: "$2b$04$chosen", at: Self.later)
            XCTAssertEqual(set.passwordHash, "$2b$04$chosen", name)
            XCTAssertEqual(set.updatedAt, Self.later, name)
            do {
                _ = try await stores.changes.setPassword(tokenHash: PasswordLink.hash("second"), passwordHash: "$2b$04$again", at: Self.later)
                XCTFail("\(name): a link works once")
            } catch {
                XCTAssertEqual(error, .refused(.linkExpired), name)
            }
            let stored = try await stores.accounts.fetchAccount(username: "amy")
            XCTAssertEqual(stored?.passwordHash, "$2b$04$chosen", name)
            let events = try await stores.changes.fetchEvents(limit: 1)
            XCTAssertEqual(events, [AccountEvent(at: Self.later, actor: AccountSeeds.amy.name, username: "Amy", action: .passwordSet)], name)
        }
    }

    func testTheLogIsPagedByItsEntriesIdsNewestFirstFromEitherSide() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            for account in [Self.sue, AccountSeeds.amy] { _ = try await stores.accounts.createAccount(account) }
            // Seven entries: disable and enable Amy, in turn.
            for number in 0..<7 {
                _ = try await stores.changes.change(
                    number % 2 == 0 ? .disable : .enable, username: "amy", by: Self.sue.name, at: Self.later.addingTimeInterval(Double(number)))
            }
            let all = try await stores.changes.fetchEvents(.newest, limit: 100)
            XCTAssertEqual(all.count, 7, name)
            XCTAssertEqual(all.map(\.id), all.map(\.id).sorted(by: >), "\(name): newest first, by id")
            XCTAssertEqual(all.first?.event.at, Self.later.addingTimeInterval(6), name)
            let unpaged = try await stores.changes.fetchEvents(limit: 100)
            XCTAssertEqual(all.map(\.event), unpaged, "\(name): the unpaged log is the same")
            let ids = all.map(\.id)

            let first = try await stores.changes.fetchEvents(.newest, limit: 3)
            XCTAssertEqual(first.map(\.id), Array(ids[0..<3]), name)
            let second = try await stores.changes.fetchEvents(.olderThan(ids[2]), limit: 3)
            XCTAssertEqual(second.map(\.id), Array(ids[3..<6]), "\(name): older than the page's last")
            let last = try await stores.changes.fetchEvents(.olderThan(ids[5]), limit: 3)
            XCTAssertEqual(last.map(\.id), [ids[6]], "\(name): what is left")
            let back = try await stores.changes.fetchEvents(.newerThan(ids[6]), limit: 3)
            XCTAssertEqual(back.map(\.id), Array(ids[3..<6]), "\(name): the entries just newer, newest first")
            let none = try await stores.changes.fetchEvents(.newerThan(ids[0]), limit: 3)
            XCTAssertEqual(none, [], "\(name): nothing newer than the newest")
            let gone = try await stores.changes.fetchEvents(.olderThan(ids[0] + 1_000), limit: 2)
            XCTAssertEqual(gone.map(\.id), Array(ids[0..<2]), "\(name): an id no entry has is a place all the same")
            let beyond = try await stores.changes.fetchEvents(.olderThan(Int64.max), limit: 1)
            XCTAssertEqual(beyond.map(\.id), [ids[0]], name)
        }
    }

    func testTheCommandLinesChangesAreWrittenWithTheirEntriesInOneTransaction() async throws {
        let operatorName = AccountName(username: "root", displayName: "Command line")
        for stores in try await makeStores() {
            let name = stores.name
            var amy = AccountSeeds.amy
            amy.passwordHash = "$2b$04$typed"
            let added = try await stores.changes.operatorChange(.add(amy), username: "Amy", by: operatorName, at: AccountSeeds.now)
            XCTAssertEqual(added, amy, name)
            let stored = try await stores.accounts.fetchAccount(username: "amy")
            XCTAssertEqual(stored, amy, "\(name): stored as returned")
            var twin = amy
            twin.username = "AMY"
            do {
                _ = try await stores.changes.operatorChange(.add(twin), username: "AMY", by: operatorName, at: Self.later)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .duplicateUsername("AMY"), name)
            }
            do {
                _ = try await stores.changes.operatorChange(.disable, username: "ghost", by: operatorName, at: Self.later)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), name)
            }
            let disabled = try await stores.changes.operatorChange(.disable, username: "AMY", by: operatorName, at: Self.later)
            XCTAssertTrue(disabled.isDisabled, name)
            XCTAssertEqual(disabled.updatedAt, Self.later, name)
            _ = try await stores.changes.operatorChange(.disable, username: "amy", by: operatorName, at: Self.later)
            let changed = try await stores.changes.operatorChange(.setPasswordHash("$2b$04$new"), username: "amy", by: operatorName, at: Self.later)
            XCTAssertEqual(changed.passwordHash, "$2b$04$new", name)
            let storedNow = try await stores.accounts.fetchAccount(username: "amy")
            XCTAssertEqual(storedNow, changed, "\(name): stored as returned")
            let events = try await stores.changes.fetchEvents(limit: 10)
            XCTAssertEqual(
                events,
                [
                    AccountEvent(at: Self.later, actor: operatorName, username: "Amy", action: .passwordChanged),
                    AccountEvent(at: Self.later, actor: operatorName, username: "Amy", action: .disabled),
                    AccountEvent(at: AccountSeeds.now, actor: operatorName, username: "Amy", action: .added, role: .clerk),
                ], "\(name): an entry per change; none for a refusal or for disabling a disabled account")
        }
    }

    func testTheLastSignInOfEachAccountIsKept() async throws {
        for stores in try await makeStores() {
            let name = stores.name
            for account in [Self.sue, AccountSeeds.amy] { _ = try await stores.accounts.createAccount(account) }
            let none = try await stores.changes.lastSignIns()
            XCTAssertEqual(none, [:], name)
            try await stores.changes.recordSignIn(username: "AMY", at: AccountSeeds.now)
            try await stores.changes.recordSignIn(username: "amy", at: Self.later)
            try await stores.changes.recordSignIn(username: "ghost", at: Self.later)
            let signIns = try await stores.changes.lastSignIns()
            XCTAssertEqual(signIns, ["amy": Self.later], name)
        }
    }
}
