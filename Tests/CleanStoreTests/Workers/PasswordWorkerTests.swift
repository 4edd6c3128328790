import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class PasswordWorkerTests: XCTestCase {
    func testRefusesShortPasswordsLongOnesAndTheUsernameSayingWhy() {
        let worker = AccountSeeds.fastPasswords
        XCTAssertEqual(worker.refusal(of: "elevenchars", username: "amy"), .tooShort(minimum: 12))
        XCTAssertEqual(worker.refusal(of: String(repeating: "x", count: 73), username: "amy"), .tooLong(maximumBytes: 72))
        XCTAssertEqual(worker.refusal(of: "Amy.Apple.2024", username: "amy.apple.2024"), .sameAsUsername)
        XCTAssertNil(worker.refusal(of: "correct horse battery", username: "amy"))
        XCTAssertNil(worker.refusal(of: "twelve chars", username: "amy"), "12 is enough")
        XCTAssertEqual(PasswordRefusal.tooShort(minimum: 12).description, "The password must be at least 12 characters long")
        XCTAssertEqual(PasswordRefusal.sameAsUsername.description, "The password must not be the username")
        XCTAssertEqual(PasswordRefusal.mismatch.description, "The two passwords typed are not the same")
    }

    /// Issue 25, bug 6: "nul" and twelve NULs passed the 12-character rule, and bcrypt reads a
    /// password up to its first NUL, so "nul" signed in; a control character is refused in a new
    /// password, and at signing in a password with one, or over 72 bytes, is no account's.
    func testControlCharactersAreRefusedInANewPasswordAndNoAccountsPasswordHoldsOneOrIsOver72Bytes() async throws {
        let worker = AccountSeeds.fastPasswords
        let nul = "nul" + String(repeating: "\u{0}", count: 12)
        XCTAssertEqual(nul.count, 15, "long enough by count")
        let nulVerifiesNul = try await worker.verify("nul", hash: worker.hash(nul))
        XCTAssertTrue(nulVerifiesNul, "what bcrypt does with a NUL: why it is refused")
        for control in ["\u{0}", "\u{1}", "\t", "\n", "\r", "\u{1B}", "\u{7F}", "\u{85}", "\u{9F}"] {
            let password = "correct horse" + control + "battery"
            XCTAssertEqual(worker.refusal(of: password, username: "amy"), .controlCharacter, control.debugDescription)
            XCTAssertFalse(PasswordWorker.couldBeAnAccountsPassword(password), control.debugDescription)
        }
        XCTAssertEqual(worker.refusal(of: nul, username: "amy"), .controlCharacter)
        XCTAssertEqual(
            PasswordRefusal.controlCharacter.description, "The password must not hold control characters (such as a NUL or a line break)")
        XCTAssertNil(worker.refusal(of: "correct horse battery \u{2028} ünïcödé", username: "amy"), "only control characters")

        let longest = String(repeating: "é", count: 36)
        XCTAssertEqual(longest.utf8.count, 72)
        XCTAssertTrue(PasswordWorker.couldBeAnAccountsPassword(longest))
        XCTAssertTrue(PasswordWorker.couldBeAnAccountsPassword("correct horse battery"))
        XCTAssertFalse(PasswordWorker.couldBeAnAccountsPassword(longest + "x"), "73 bytes: bcrypt would read its first 72 only")
        let longerVerifies = try await worker.verify(longest + "x", hash: worker.hash(longest))
        XCTAssertTrue(longerVerifies, "what bcrypt does past 72 bytes: why it is refused")
    }

    func testHashesAreSaltedBcryptThatVerifyOnlyTheirPassword() async throws {
        let worker = AccountSeeds.fastPasswords
        let first = try await worker.hash("correct horse battery")
        let second = try await worker.hash("correct horse battery")
        XCTAssert(first.hasPrefix("$2b$04$"), first)
        XCTAssertNotEqual(first, second, "a salt of its own")
        let right = try await worker.verify("correct horse battery", hash: first)
        XCTAssertTrue(right)
        let wrong = try await worker.verify("correct horse battery!", hash: first)
        XCTAssertFalse(wrong)
    }

    func testProductionCostIsTwelve() async throws {
        XCTAssertEqual(PasswordWorker().cost, 12)
        let hash = try await PasswordWorker().hash("correct horse battery")
        XCTAssert(hash.hasPrefix("$2b$12$"), hash)
    }
}
