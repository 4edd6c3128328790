import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The shape of a token's secret and the rules every store and the API's door ask.
final class APITokenTests: XCTestCase {
    func testASecretIsCskAnd43Base62CharactersAndAChecksum() {
        let secret = AccountSeeds.tokenSecret(7)
        XCTAssertEqual(secret.text.count, 53)
        XCTAssertTrue(secret.text.hasPrefix("csk_"))
        XCTAssertTrue(secret.text.dropFirst(4).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
        XCTAssertEqual(secret.prefix, String(secret.text.prefix(12)))
        XCTAssertEqual(APITokenSecret(text: secret.text), secret)
        XCTAssertEqual(secret.hash.count, 32)
        XCTAssertFalse("\(secret)".contains(secret.text), "never the secret in a description")
    }

    func testTheChecksumCatchesATypoOrATruncatedCopy() {
        let text = AccountSeeds.tokenSecret(7).text
        var typo = Array(text)
        typo[20] = typo[20] == "A" ? "B" : "A"
        XCTAssertNil(APITokenSecret(text: String(typo)))
        XCTAssertNil(APITokenSecret(text: String(text.dropLast())))
        XCTAssertNil(APITokenSecret(text: "xsk_" + text.dropFirst(4)))
        XCTAssertNil(APITokenSecret(text: String(text.dropLast()) + "!"))
        XCTAssertNil(APITokenSecret(text: ""))
    }

    func testTwoSecretsDiffer() {
        XCTAssertNotEqual(APITokenSecret.random(), APITokenSecret.random())
        XCTAssertNotEqual(AccountSeeds.tokenSecret(1).prefix, AccountSeeds.tokenSecret(2).prefix)
    }

    func testBase62IsTheNumberInFixedWidth() {
        XCTAssertEqual(Base62.encode([0], width: 3), "000")
        XCTAssertEqual(Base62.encode([61], width: 1), "z")
        XCTAssertEqual(Base62.encode([62], width: 2), "10")
        XCTAssertEqual(Base62.encode([1, 0], width: 2), "48")  // 256 = 4 × 62 + 8
        XCTAssertEqual(Base62.encode([UInt8](repeating: 255, count: 32), width: 43).count, 43)
    }

    func testARoleNoHigherThanTheAccountsAndNeverSupervisor() {
        let amy = AccountSeeds.amy, sue = AccountSeeds.sue
        var viewer = amy
        viewer.role = .viewer
        XCTAssertEqual(APITokenRules.check(name: " Warehouse ", role: .clerk, expiresInDays: nil, account: amy), .success("Warehouse"))
        XCTAssertEqual(APITokenRules.check(name: "W", role: .supervisor, expiresInDays: nil, account: sue), .failure(.supervisorRole))
        XCTAssertEqual(
            APITokenRules.check(name: "W", role: .clerk, expiresInDays: nil, account: viewer), .failure(.roleAboveAccount(account: .viewer)))
        XCTAssertEqual(APITokenRules.check(name: "W", role: .viewer, expiresInDays: 30, account: viewer), .success("W"))
        XCTAssertEqual(APITokenRules.check(name: "W", role: .viewer, expiresInDays: 0, account: viewer), .failure(.expiry))
        XCTAssertEqual(APITokenRules.check(name: "  ", role: .viewer, expiresInDays: nil, account: viewer), .failure(.name("Enter a name for the token")))
        XCTAssertEqual(
            APITokenRules.check(name: "a\nb", role: .viewer, expiresInDays: nil, account: viewer),
            .failure(.name("Enter the token's name on one line")))
        var disabled = amy
        disabled.isDisabled = true
        XCTAssertEqual(APITokenRules.check(name: "W", role: .viewer, expiresInDays: nil, account: disabled), .failure(.accountDisabled))
    }

    func testATokenLetsInUntilRevokedExpiredOrItsAccountDisabledWithTheLowerRole() {
        let now = AccountSeeds.now
        let token = AccountSeeds.token(AccountSeeds.tokenSecret(1), for: AccountSeeds.amy, expiresAt: now.addingTimeInterval(60))
        XCTAssertEqual(APITokenRules.signedIn(token, account: AccountSeeds.amy, at: now), SignedIn(name: AccountSeeds.amy.name, role: .clerk))
        XCTAssertNil(APITokenRules.signedIn(token, account: AccountSeeds.amy, at: now.addingTimeInterval(60)), "expired at its instant")
        var revoked = token
        revoked.revokedAt = now
        XCTAssertNil(APITokenRules.signedIn(revoked, account: AccountSeeds.amy, at: now))
        var disabled = AccountSeeds.amy
        disabled.isDisabled = true
        XCTAssertNil(APITokenRules.signedIn(token, account: disabled, at: now))
        var demoted = AccountSeeds.amy
        demoted.role = .viewer
        XCTAssertEqual(APITokenRules.signedIn(token, account: demoted, at: now)?.role, .viewer, "never above the account today")
    }
}
