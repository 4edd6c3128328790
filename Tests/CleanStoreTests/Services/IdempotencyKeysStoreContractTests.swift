import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every store of the API's idempotency keys (memory, SQLite, PostgreSQL): a key is
/// claimed once, answers what it made to the same body and refuses another, is the token's own,
/// and is forgotten after 24 hours (`IdempotencyKeyRules`).
final class IdempotencyKeysStoreContractTests: TemporaryDirectoryTestCase {
    static let amysToken = AccountSeeds.token(AccountSeeds.tokenSecret(1), for: AccountSeeds.amy)
    static let suesToken = AccountSeeds.token(AccountSeeds.tokenSecret(2), for: AccountSeeds.sue)
    static let body = Data(repeating: 1, count: 32)
    static let otherBody = Data(repeating: 2, count: 32)

    /// Stores of every kind, each with Amy's and Sue's accounts and a token of each.
    func makeStores() async throws -> [AccountStores] {
        let all = try await AccountStores.all(in: directory, for: self)
        for stores in all {
            _ = try await stores.accounts.createAccount(AccountSeeds.amy)
            _ = try await stores.accounts.createAccount(AccountSeeds.sue)
            _ = try await stores.apiTokens.createToken(Self.amysToken)
            _ = try await stores.apiTokens.createToken(Self.suesToken)
        }
        return all
    }

    static func key(_ key: String = "order-1", token: APIToken = amysToken, body: Data = body, at: Date = AccountSeeds.now) -> IdempotencyKey {
        IdempotencyKey(tokenPrefix: token.prefix, key: key, fingerprint: body, createdAt: at)
    }

    func testAKeyIsClaimedOnceThenAnswersWhatItMadeToTheSameBodyAndRefusesAnother() async throws {
        for stores in try await makeStores() {
            let keys = stores.idempotencyKeys
            let first = try await keys.claim(Self.key(), now: AccountSeeds.now)
            XCTAssertEqual(first, .claimed, stores.name)
            let meanwhile = try await keys.claim(Self.key(), now: AccountSeeds.now.addingTimeInterval(1))
            XCTAssertEqual(meanwhile, .inProgress, "\(stores.name): the first request has not finished")

            try await keys.complete(tokenPrefix: Self.amysToken.prefix, key: "order-1", ref: "D-ABCDEB")
            let again = try await keys.claim(Self.key(), now: AccountSeeds.now.addingTimeInterval(2))
            XCTAssertEqual(again, .replay(ref: "D-ABCDEB"), stores.name)
            let other = try await keys.claim(Self.key(body: Self.otherBody), now: AccountSeeds.now.addingTimeInterval(3))
            XCTAssertEqual(other, .mismatch, stores.name)

            let stored = try await keys.storedKey(tokenPrefix: Self.amysToken.prefix, key: "order-1")
            XCTAssertEqual(stored, IdempotencyKey(
                tokenPrefix: Self.amysToken.prefix, key: "order-1", fingerprint: Self.body, ref: "D-ABCDEB", createdAt: AccountSeeds.now),
                "\(stores.name): kept as first claimed, with what it made")
        }
    }

    func testAKeyIsTheTokensOwn() async throws {
        for stores in try await makeStores() {
            let keys = stores.idempotencyKeys
            _ = try await keys.claim(Self.key(), now: AccountSeeds.now)
            try await keys.complete(tokenPrefix: Self.amysToken.prefix, key: "order-1", ref: "D-ABCDEB")
            let sues = try await keys.claim(Self.key(token: Self.suesToken, body: Self.otherBody), now: AccountSeeds.now)
            XCTAssertEqual(sues, .claimed, "\(stores.name): another token's key of the same name is another key")
        }
    }

    func testAReleasedKeyIsFreeAgainButACompletedOneIsNeverReleased() async throws {
        for stores in try await makeStores() {
            let keys = stores.idempotencyKeys
            _ = try await keys.claim(Self.key(), now: AccountSeeds.now)
            try await keys.release(tokenPrefix: Self.amysToken.prefix, key: "order-1")
            let retried = try await keys.claim(Self.key(body: Self.otherBody), now: AccountSeeds.now.addingTimeInterval(1))
            XCTAssertEqual(retried, .claimed, "\(stores.name): a request that made nothing frees its key")

            try await keys.complete(tokenPrefix: Self.amysToken.prefix, key: "order-1", ref: "D-ABCDEC")
            try await keys.release(tokenPrefix: Self.amysToken.prefix, key: "order-1")
            let after = try await keys.claim(Self.key(body: Self.otherBody), now: AccountSeeds.now.addingTimeInterval(2))
            XCTAssertEqual(after, .replay(ref: "D-ABCDEC"), stores.name)
        }
    }

    func testAKeyIsForgottenAfter24Hours() async throws {
        for stores in try await makeStores() {
            let keys = stores.idempotencyKeys
            _ = try await keys.claim(Self.key(), now: AccountSeeds.now)
            try await keys.complete(tokenPrefix: Self.amysToken.prefix, key: "order-1", ref: "D-ABCDEB")
            let almost = AccountSeeds.now.addingTimeInterval(IdempotencyKeyRules.lifetime - 1)
            let withinADay = try await keys.claim(Self.key(body: Self.otherBody, at: almost), now: almost)
            XCTAssertEqual(withinADay, .mismatch, stores.name)

            let dayLater = AccountSeeds.now.addingTimeInterval(IdempotencyKeyRules.lifetime)
            let reused = try await keys.claim(Self.key(body: Self.otherBody, at: dayLater), now: dayLater)
            XCTAssertEqual(reused, .claimed, "\(stores.name): a day on, the key is a new one")
            let stored = try await keys.storedKey(tokenPrefix: Self.amysToken.prefix, key: "order-1")
            XCTAssertEqual(stored?.createdAt, dayLater, stores.name)
            XCTAssertNil(stored?.ref, stores.name)
        }
    }

    func testTwoClaimsOfOneKeyAtOnceGiveOneClaimed() async throws {
        for stores in try await makeStores() {
            let keys = stores.idempotencyKeys
            let answers = try await withThrowingTaskGroup(of: IdempotencyClaim.self) { group in
                for _ in 0..<8 { group.addTask { try await keys.claim(Self.key(), now: AccountSeeds.now) } }
                var answers: [IdempotencyClaim] = []
                for try await answer in group { answers.append(answer) }
                return answers
            }
            XCTAssertEqual(answers.filter { $0 == .claimed }.count, 1, "\(stores.name): \(answers)")
            XCTAssertEqual(answers.filter { $0 == .inProgress }.count, 7, stores.name)
        }
    }

    func testAKeyNeedsAToken() async throws {
        for stores in try await makeStores() {
            let ghost = AccountSeeds.token(AccountSeeds.tokenSecret(7), for: AccountSeeds.amy)
            do {
                _ = try await stores.idempotencyKeys.claim(Self.key(token: ghost), now: AccountSeeds.now)
                XCTFail("\(stores.name): a key of no token")
            } catch {
                XCTAssertNotNil(error as AccountsStoreError?, stores.name)
            }
        }
    }

    func testTheRulesAnswerFromTheStoredKey() {
        let stored = Self.key()
        XCTAssertEqual(IdempotencyKeyRules.answer(to: stored, fingerprint: Self.body), .inProgress)
        XCTAssertEqual(IdempotencyKeyRules.answer(to: stored, fingerprint: Self.otherBody), .mismatch)
        var made = stored
        made.ref = "D-ABCDEB"
        XCTAssertEqual(IdempotencyKeyRules.answer(to: made, fingerprint: Self.body), .replay(ref: "D-ABCDEB"))
        XCTAssertFalse(IdempotencyKeyRules.isExpired(stored, at: AccountSeeds.now.addingTimeInterval(86_399)))
        XCTAssertTrue(IdempotencyKeyRules.isExpired(stored, at: AccountSeeds.now.addingTimeInterval(86_400)))
        XCTAssertTrue(IdempotencyKeyRules.isWellFormed("a"))
        XCTAssertTrue(IdempotencyKeyRules.isWellFormed(String(repeating: "k", count: 255)))
        XCTAssertFalse(IdempotencyKeyRules.isWellFormed(""))
        XCTAssertFalse(IdempotencyKeyRules.isWellFormed(String(repeating: "k", count: 256)))
        XCTAssertFalse(IdempotencyKeyRules.isWellFormed("two words"))
        XCTAssertFalse(IdempotencyKeyRules.isWellFormed("é"))
    }
}
