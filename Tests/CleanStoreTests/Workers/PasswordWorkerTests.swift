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
