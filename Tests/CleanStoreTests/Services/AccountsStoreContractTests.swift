import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every accounts store (memory, SQLite, PostgreSQL).
final class AccountsStoreContractTests: TemporaryDirectoryTestCase {
    func makeStores() async throws -> [(String, any AccountsStoreProtocol)] {
        try await AccountStores.all(in: directory, for: self).map { ($0.name, $0.accounts) }
    }

    func testCreateKeepsEveryFieldAndFetchIgnoresCase() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createAccount(AccountSeeds.amy)
            XCTAssertEqual(created, AccountSeeds.amy, name)
            let fetched = try await store.fetchAccount(username: "AMY")
            XCTAssertEqual(fetched, AccountSeeds.amy, "\(name): found in any case, kept as typed")
            let unknown = try await store.fetchAccount(username: "bob")
            XCTAssertNil(unknown, name)
        }
    }

    /// Issue 25, bug 4: six set-up forms posted at once made six supervisors. The check and the
    /// insert are one transaction under a unique guard: of six at once, one supervisor.
    func testTheFirstSupervisorIsMadeOnceEvenBySixAtOnce() async throws {
        for (name, store) in try await makeStores() {
            let candidates = (1...6).map { number in
                Account(
                    username: "boss\(number)", displayName: "Boss \(number)", role: .supervisor, passwordHash: "$2b$04$boss\(number)",
                    createdAt: AccountSeeds.now)
            }
            let outcomes = await withTaskGroup(of: Result<Account, AccountsStoreError>.self) { group in
                for candidate in candidates {
                    group.addTask {
                        do throws(AccountsStoreError) {
                            return .success(try await store.createFirstSupervisor(candidate))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let made = outcomes.compactMap { try? $0.get() }
            XCTAssertEqual(made.count, 1, "\(name): \(outcomes)")
            let refusals: [AccountsStoreError] = outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
            XCTAssertEqual(refusals, Array(repeating: AccountsStoreError.supervisorExists, count: 5), name)
            let supervisors = try await store.fetchAccounts()
            XCTAssertEqual(supervisors, made, "\(name): one account, the one made")
        }
    }

    func testTheFirstSupervisorIsRefusedOnceAnySupervisorExistsAndADuplicateUsernameTakesNoGuard() async throws {
        for (name, store) in try await makeStores() {
            // A clerk by the name wanted: refused as a duplicate, and the guard is not taken
            _ = try await store.createAccount(AccountSeeds.amy)
            var amy = AccountSeeds.sue
            amy.username = "AMY"
            do {
                _ = try await store.createFirstSupervisor(amy)
                XCTFail("\(name): a second amy")
            } catch {
                XCTAssertEqual(error, .duplicateUsername("AMY"), name)
            }
            let sue = try await store.createFirstSupervisor(AccountSeeds.sue)
            XCTAssertEqual(sue, AccountSeeds.sue, name)
            var bob = AccountSeeds.sue
            bob.username = "bob"
            do {
                _ = try await store.createFirstSupervisor(bob)
                XCTFail("\(name): a second first supervisor")
            } catch {
                XCTAssertEqual(error, .supervisorExists, name)
            }
        }
        // A supervisor made otherwise (the command line), even disabled, closes it too
        for (name, store) in try await makeStores() {
            _ = try await store.createAccount(AccountSeeds.sue)
            _ = try await store.disableAccount(username: "sue", at: AccountSeeds.now)
            var bob = AccountSeeds.sue
            bob.username = "bob"
            do {
                _ = try await store.createFirstSupervisor(bob)
                XCTFail("\(name): a supervisor existed")
            } catch {
                XCTAssertEqual(error, .supervisorExists, name)
            }
            let count = try await store.countAccounts()
            XCTAssertEqual(count, 1, name)
        }
    }

    func testUsernamesAreUniqueRegardlessOfCase() async throws {
        for (name, store) in try await makeStores() {
            _ = try await store.createAccount(AccountSeeds.amy)
            var twin = AccountSeeds.sue
            twin.username = "aMy"
            do {
                _ = try await store.createAccount(twin)
                XCTFail("\(name): a second amy was created")
            } catch {
                XCTAssertEqual(error, .duplicateUsername("aMy"), name)
            }
            let stored = try await store.fetchAccount(username: "amy")
            XCTAssertEqual(stored, AccountSeeds.amy, "\(name): the first one is untouched")
            let count = try await store.countAccounts()
            XCTAssertEqual(count, 1, name)
        }
    }

    func testListHoldsEveryAccountByUsernameIgnoringCase() async throws {
        for (name, store) in try await makeStores() {
            let empty = try await store.fetchAccounts()
            XCTAssertEqual(empty, [], name)
            var bob = AccountSeeds.amy
            bob.username = "bob"
            for account in [AccountSeeds.sue, bob, AccountSeeds.amy] { _ = try await store.createAccount(account) }
            _ = try await store.disableAccount(username: "bob", at: AccountSeeds.now)
            let listed = try await store.fetchAccounts()
            XCTAssertEqual(listed.map(\.username), ["Amy", "bob", "sue"], name)
            XCTAssertEqual(listed.map(\.isDisabled), [false, true, false], "\(name): disabled accounts are listed too")
        }
    }

    func testDisableAndSetPasswordHashChangeOnlyTheirFieldAndTheUpdateTime() async throws {
        for (name, store) in try await makeStores() {
            _ = try await store.createAccount(AccountSeeds.amy)
            let later = AccountSeeds.now.addingTimeInterval(3600)
            let rehashed = try await store.setPasswordHash("$2b$04$another", username: "amy", at: later)
            var expected = AccountSeeds.amy
            expected.passwordHash = "$2b$04$another"
            expected.updatedAt = later
            XCTAssertEqual(rehashed, expected, name)

            let evenLater = later.addingTimeInterval(60)
            let disabled = try await store.disableAccount(username: "AMY", at: evenLater)
            expected.isDisabled = true
            expected.updatedAt = evenLater
            XCTAssertEqual(disabled, expected, name)
            let stored = try await store.fetchAccount(username: "amy")
            XCTAssertEqual(stored, expected, "\(name): stored as returned")
        }
    }

    func testChangingAnUnknownAccountSaysSo() async throws {
        for (name, store) in try await makeStores() {
            do {
                _ = try await store.disableAccount(username: "ghost", at: AccountSeeds.now)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), name)
            }
            do {
                _ = try await store.setPasswordHash("$2b$04$x", username: "ghost", at: AccountSeeds.now)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), name)
            }
            let count = try await store.countAccounts()
            XCTAssertEqual(count, 0, "\(name): nothing was made")
        }
    }

    func testSupervisorsCountedAreThoseNotDisabled() async throws {
        for (name, store) in try await makeStores() {
            let none = try await store.countSupervisors()
            XCTAssertEqual(none, 0, name)
            _ = try await store.createAccount(AccountSeeds.amy)
            _ = try await store.createAccount(AccountSeeds.sue)
            var tom = AccountSeeds.sue
            tom.username = "tom"
            _ = try await store.createAccount(tom)
            let two = try await store.countSupervisors()
            XCTAssertEqual(two, 2, name)
            _ = try await store.disableAccount(username: "tom", at: AccountSeeds.now)
            let one = try await store.countSupervisors()
            XCTAssertEqual(one, 1, name)
            let all = try await store.countAccounts()
            XCTAssertEqual(all, 3, name)
        }
    }
}
