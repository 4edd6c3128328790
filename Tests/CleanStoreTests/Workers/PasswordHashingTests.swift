import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// bcrypt's threads and their bounded queue (issue 25, bug 2).
final class PasswordHashingTests: XCTestCase {
    func testRunsOnItsThreadsAndRefusesBeyondTheQueueUntilThereIsRoomAgain() async throws {
        let hashing = PasswordHashing(threads: 2, queueLimit: 1, retryAfterSeconds: 3)
        let release = DispatchSemaphore(value: 0)
        // Two running, one waiting: full
        let held = (1...3).map { number in Task { try await hashing.run { release.wait(); return number } } }
        await hashing.waitUntilAdmitted(3)
        do {
            _ = try await hashing.run { 4 }
            XCTFail("a fourth was queued")
        } catch {
            XCTAssertEqual(error, .busy(retryAfterSeconds: 3))
            XCTAssertEqual(error.retryAfterSeconds, 3)
        }
        XCTAssertEqual(hashing.admitted, 3)
        for _ in 1...3 { release.signal() }
        var finished: [Int] = []
        for task in held { finished.append(try await task.value) }
        XCTAssertEqual(finished, [1, 2, 3])
        XCTAssertEqual(hashing.admitted, 0)
        let again = try await hashing.run { 5 }
        XCTAssertEqual(again, 5, "room again")

        try await hashing.shutDown()
        do {
            _ = try await hashing.run { 6 }
            XCTFail("ran after shutting down")
        } catch {
            XCTAssertEqual(error, .shutDown)
            XCTAssertNil(error.retryAfterSeconds)
        }
    }

    func testThePasswordWorkerHashesAndVerifiesThroughItsHashing() async throws {
        let hashing = PasswordHashing(threads: 1, queueLimit: 0)
        let worker = PasswordWorker(cost: 4, hashing: hashing)
        let release = DispatchSemaphore(value: 0)
        let holder = Task { try await hashing.run { release.wait() } }
        await hashing.waitUntilAdmitted(1)
        do {
            _ = try await worker.verify("correct horse battery", hash: worker.dummyHash)
            XCTFail("verified beyond the queue")
        } catch {
            XCTAssertEqual(error, .busy(retryAfterSeconds: 5))
        }
        release.signal()
        try await holder.value
        let hash = try await worker.hash("correct horse battery")
        let verified = try await worker.verify("correct horse battery", hash: hash)
        XCTAssertTrue(verified)
        try await hashing.shutDown()
    }
}
