import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An account's API tokens end with its password or its access (issue 29 beside issue 30).
final class APITokensRevokerTests: XCTestCase {
    func testRevokesEveryLiveTokenOfTheAccountAndNoOneElses() async throws {
        // Given: Amy's two tokens (one already revoked) and Sue's one, on one database
        let database = MemoryAppDatabase(accounts: [AccountSeeds.amy, AccountSeeds.sue])
        let tokens = APITokensMemStore(database: database)
        let early = AccountSeeds.now
        let later = early.addingTimeInterval(3600)
        let amyLive = AccountSeeds.token(AccountSeeds.tokenSecret(1), for: AccountSeeds.amy)
        var amyRevoked = AccountSeeds.token(AccountSeeds.tokenSecret(2), for: AccountSeeds.amy)
        amyRevoked.revokedAt = early
        let sues = AccountSeeds.token(AccountSeeds.tokenSecret(3), for: AccountSeeds.sue, role: .viewer)
        for token in [amyLive, amyRevoked, sues] { _ = try await tokens.createToken(token) }

        // When: Amy's credentials are revoked (with her name in another case)
        try await APITokensRevoker(tokens: tokens, now: { later }).revokeCredentials(ofAccount: "AMY")

        // Then: both of Amy's are revoked (the earlier time kept), Sue's is not
        let byPrefix = Dictionary(uniqueKeysWithValues: try await tokens.fetchTokens(accountKey: nil).map { ($0.prefix, $0.revokedAt) })
        XCTAssertEqual(byPrefix[amyLive.prefix], .some(later))
        XCTAssertEqual(byPrefix[amyRevoked.prefix], .some(early))
        XCTAssertEqual(byPrefix[sues.prefix], .some(nil))
    }
}
