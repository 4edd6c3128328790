import Foundation
import Logging
import ServiceLifecycle
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `SignInHousekeeping` over the memory stores of `makeTestSignIn` (`testSessionID` signed in at
/// `Seeds.june29`), its rounds driven by the test: each wait moves the clock instead of sleeping.
final class SignInHousekeepingTests: XCTestCase {
    /// What the stores hold after each round.
    struct Left: Equatable {
        var failures: Int
        var session: Bool
    }

    func testEachRoundDeletesTheFailuresOlderThanTheWindowAndTheEndedSessions() async throws {
        // Given: failures at 0 and 12 minutes; the session last used at 0 (30 minutes idle end it)
        let signIn = try await makeTestSignIn()
        let start = Seeds.june29
        try await signIn.attempts.recordFailure(username: "sam", address: "192.0.2.1", at: start)
        try await signIn.attempts.recordFailure(username: "ann", address: "192.0.2.1", at: start.addingTimeInterval(12 * 60))
        let clock = TestClock(start)
        let rounds = Rounds()
        @Sendable func left() async throws -> Left {
            // Looked up as at the start: neither ended nor refreshed by the look.
            let session = try await signIn.sessions.session(forID: testSessionID, now: start, timeouts: signIn.timeouts)
            return Left(failures: try await signIn.attempts.countFailures(address: "192.0.2.1", since: .distantPast), session: session != nil)
        }
        let logs = LogCapture()
        let housekeeping = SignInHousekeeping(
            signIn: signIn, now: { clock.now }, interval: .seconds(600), logger: logs.logger(),
            sleep: { interval in
                // After each round, what is left; three rounds, 10 minutes apart.
                if rounds.next() > 1 { rounds.note(try await left()) }
                guard rounds.count <= 3 else { throw CancellationError() }
                clock.advance(by: Double(interval.components.seconds))
            })

        // When
        try await housekeeping.run()

        // Then: at 10 minutes nothing is old; at 20 the failure of 0; at 30 the one of 12 and the session
        XCTAssertEqual(
            rounds.left,
            [Left(failures: 2, session: true), Left(failures: 1, session: true), Left(failures: 0, session: false)])
        XCTAssert(logs.text.contains("Deleted ended sessions"), logs.text)
    }

    func testAStoreThatFailsIsLoggedAndTheRoundsGoOn() async throws {
        let logs = LogCapture()
        let rounds = Rounds()
        let housekeeping = SignInHousekeeping(
            signIn: .down(), now: { Seeds.june29 }, interval: .seconds(600), logger: logs.logger(),
            sleep: { _ in if rounds.next() > 2 { throw CancellationError() } })

        try await housekeeping.run()

        // Two rounds, each table logged on its own (one that fails leaves the other purged).
        XCTAssertEqual(logs.text.components(separatedBy: "Sign-in housekeeping failed").count - 1, 4, logs.text)
        XCTAssertEqual(logs.text.components(separatedBy: "table=sign_in_failures").count - 1, 2, logs.text)
        XCTAssertEqual(logs.text.components(separatedBy: "table=sessions").count - 1, 2, logs.text)
    }

    func testItStopsAtOnceWhenTheServerShutsDownGracefully() async throws {
        // Given: a round every hour, in a service group as the server runs it
        let housekeeping = SignInHousekeeping(signIn: try await makeTestSignIn(), interval: .seconds(3600), logger: LogCapture().logger())
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(services: [housekeeping], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }))

        // When: the group is asked to shut down (as by SIGTERM)
        async let running: Void = group.run()
        await group.triggerGracefulShutdown()

        // Then: it returns without waiting for the hour
        try await running
    }
}

/// Counts the housekeeping's waits and keeps what each round left.
private final class Rounds: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    private var kept: [SignInHousekeepingTests.Left] = []

    var count: Int { lock.withLock { calls } }
    var left: [SignInHousekeepingTests.Left] { lock.withLock { kept } }

    func next() -> Int { lock.withLock { calls += 1; return calls } }
    func note(_ left: SignInHousekeepingTests.Left) { lock.withLock { kept.append(left) } }
}
