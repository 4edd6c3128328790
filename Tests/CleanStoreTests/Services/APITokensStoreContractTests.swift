import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every API tokens store (memory, SQLite, PostgreSQL), on an injected clock and secrets.
final class APITokensStoreContractTests: TemporaryDirectoryTestCase {
    /// Stores of every kind, each with Amy's (a clerk) and Sue's (a supervisor) accounts.
    func makeStores() async throws -> [AccountStores] {
        let all = try await AccountStores.all(in: directory, for: self)
        for stores in all {
            _ = try await stores.accounts.createAccount(AccountSeeds.amy)
            _ = try await stores.accounts.createAccount(AccountSeeds.sue)
        }
        return all
    }

    func testATokenIsFoundByItsHashWithItsAccountAndOnlyItsHashIsKept() async throws {
        for stores in try await makeStores() {
            let secret = AccountSeeds.tokenSecret(1)
            let token = AccountSeeds.token(secret, for: AccountSeeds.amy, expiresAt: AccountSeeds.now.addingTimeInterval(86_400))
            let created = try await stores.apiTokens.createToken(token)
            XCTAssertEqual(created, token, stores.name)

            let found = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now)
            XCTAssertEqual(found?.1, AccountSeeds.amy, stores.name)
            var used = token
            used.lastUsedAt = AccountSeeds.now
            XCTAssertEqual(found?.0, used, "\(stores.name): first use written")
            let listed = try await stores.apiTokens.fetchTokens(accountKey: nil)
            XCTAssertEqual(listed, [used], stores.name)
            XCTAssertFalse(listed.contains { $0.hash == Data(secret.text.utf8) || $0.prefix == secret.text }, stores.name)

            let other = try await stores.apiTokens.token(forHash: AccountSeeds.tokenSecret(2).hash, now: AccountSeeds.now)
            XCTAssertNil(other, stores.name)
        }
    }

    func testLastUseIsWrittenAtMostOnceAMinute() async throws {
        for stores in try await makeStores() {
            let secret = AccountSeeds.tokenSecret(1)
            _ = try await stores.apiTokens.createToken(AccountSeeds.token(secret, for: AccountSeeds.amy))
            _ = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now)
            let soon = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now.addingTimeInterval(59))
            XCTAssertEqual(soon?.0.lastUsedAt, AccountSeeds.now, "\(stores.name): not written again within a minute")
            let later = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now.addingTimeInterval(60))
            XCTAssertEqual(later?.0.lastUsedAt, AccountSeeds.now.addingTimeInterval(60), stores.name)
            let stored = try await stores.apiTokens.fetchTokens(accountKey: "amy")
            XCTAssertEqual(stored.map(\.lastUsedAt), [AccountSeeds.now.addingTimeInterval(60)], stores.name)
        }
    }

    func testATokenNeedsAnAccount() async throws {
        for stores in try await makeStores() {
            let ghost = Account(username: "ghost", displayName: "G", role: .clerk, passwordHash: "x", createdAt: AccountSeeds.now)
            do {
                _ = try await stores.apiTokens.createToken(AccountSeeds.token(AccountSeeds.tokenSecret(1), for: ghost))
                XCTFail("\(stores.name): a token for no account")
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), stores.name)
            }
            let tokens = try await stores.apiTokens.fetchTokens(accountKey: nil)
            XCTAssertEqual(tokens, [], stores.name)
        }
    }

    func testTokensAreListedNewestFirstForOneAccountOrAll() async throws {
        for stores in try await makeStores() {
            let first = AccountSeeds.token(AccountSeeds.tokenSecret(1), for: AccountSeeds.amy, name: "One")
            var second = AccountSeeds.token(AccountSeeds.tokenSecret(2), for: AccountSeeds.sue, name: "Two", role: .viewer)
            second.createdAt = AccountSeeds.now.addingTimeInterval(10)
            var third = AccountSeeds.token(AccountSeeds.tokenSecret(3), for: AccountSeeds.amy, name: "Three")
            third.createdAt = AccountSeeds.now.addingTimeInterval(20)
            for token in [first, second, third] { _ = try await stores.apiTokens.createToken(token) }

            let amys = try await stores.apiTokens.fetchTokens(accountKey: "amy")
            XCTAssertEqual(amys.map(\.name), ["Three", "One"], stores.name)
            let all = try await stores.apiTokens.fetchTokens(accountKey: nil)
            XCTAssertEqual(all.map(\.name), ["Three", "Two", "One"], stores.name)
            XCTAssertEqual(all[1].role, .viewer, stores.name)
        }
    }

    func testARevokedTokenKeepsItsFirstRevocationAndIsStillFoundForTheRulesToRefuse() async throws {
        for stores in try await makeStores() {
            let secret = AccountSeeds.tokenSecret(1)
            _ = try await stores.apiTokens.createToken(AccountSeeds.token(secret, for: AccountSeeds.amy))
            let revoked = try await stores.apiTokens.revokeToken(prefix: secret.prefix, at: AccountSeeds.now.addingTimeInterval(5))
            XCTAssertEqual(revoked?.revokedAt, AccountSeeds.now.addingTimeInterval(5), stores.name)
            let again = try await stores.apiTokens.revokeToken(prefix: secret.prefix, at: AccountSeeds.now.addingTimeInterval(9))
            XCTAssertEqual(again?.revokedAt, AccountSeeds.now.addingTimeInterval(5), "\(stores.name): the first time kept")
            let unknown = try await stores.apiTokens.revokeToken(prefix: "csk_00000000", at: AccountSeeds.now)
            XCTAssertNil(unknown, stores.name)

            let found = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now.addingTimeInterval(10))
            let (token, account) = try XCTUnwrap(found, stores.name)
            XCTAssertNil(APITokenRules.signedIn(token, account: account, at: AccountSeeds.now.addingTimeInterval(10)), stores.name)
        }
    }

    func testMakingAndRevokingBySomeoneWriteTheirAccountsLogEntriesInTheSameTransaction() async throws {
        let sue = AccountSeeds.sue.name
        let later = AccountSeeds.now.addingTimeInterval(60)
        for stores in try await makeStores() {
            let name = stores.name
            let token = AccountSeeds.token(AccountSeeds.tokenSecret(1), for: AccountSeeds.amy, expiresAt: nil)
            _ = try await stores.apiTokens.createToken(token, recordedBy: sue)
            let quiet = AccountSeeds.token(AccountSeeds.tokenSecret(2), for: AccountSeeds.amy, expiresAt: nil)
            _ = try await stores.apiTokens.createToken(quiet)
            let revoked = try await stores.apiTokens.revokeToken(prefix: token.prefix, at: later, recordedBy: sue)
            XCTAssertEqual(revoked?.revokedAt, later, name)
            let again = try await stores.apiTokens.revokeToken(prefix: token.prefix, at: later.addingTimeInterval(60), recordedBy: sue)
            XCTAssertEqual(again?.revokedAt, later, "\(name): the first revocation kept")
            let none = try await stores.apiTokens.revokeToken(prefix: "csk_nothing", at: later, recordedBy: sue)
            XCTAssertNil(none, name)
            do {
                _ = try await stores.apiTokens.createToken(AccountSeeds.token(AccountSeeds.tokenSecret(3), for: AccountSeeds.amy, expiresAt: nil).with(account: "ghost"), recordedBy: sue)
                XCTFail(name)
            } catch {
                XCTAssertEqual(error, .unknownUsername("ghost"), name)
            }
            let events = try await stores.changes.fetchEvents(limit: 10)
            XCTAssertEqual(
                events,
                [
                    AccountEvent(at: later, actor: sue, username: "Amy", action: .tokenRevoked, role: token.role),
                    AccountEvent(at: token.createdAt, actor: sue, username: "Amy", action: .tokenMade, role: token.role),
                ], "\(name): one entry each, by whom, to the account as named; none without an actor, a second revoke or a refusal")
        }
    }

    func testADisabledAccountsTokenIsFoundWithTheAccountDisabled() async throws {
        for stores in try await makeStores() {
            let secret = AccountSeeds.tokenSecret(1)
            _ = try await stores.apiTokens.createToken(AccountSeeds.token(secret, for: AccountSeeds.amy))
            _ = try await stores.accounts.disableAccount(username: "amy", at: AccountSeeds.now)
            let found = try await stores.apiTokens.token(forHash: secret.hash, now: AccountSeeds.now)
            XCTAssertEqual(found?.1.isDisabled, true, stores.name)
        }
    }
}

extension APIToken {
    /// The same token for the account `key`.
    func with(account key: String) -> APIToken {
        var token = self
        token.accountKey = key
        return token
    }
}
