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
