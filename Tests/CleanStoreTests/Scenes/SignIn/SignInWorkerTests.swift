import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `SignInWorker` over the memory stores of `makeTestSignIn` (`testAccount`, "sam", signed in with
/// `testSessionID`), on a clock the tests move.
final class SignInWorkerTests: XCTestCase {
    // MARK: Subject under test

    var sut: SignInWorker!
    var services: SignInServices!
    var clock: TestClock!
    var logs: LogCapture!

    // MARK: Test lifecycle

    override func setUp() async throws {
        try await super.setUp()
        clock = TestClock(Seeds.june29)
        logs = LogCapture()
        services = try await makeTestSignIn()
        makeWorker()
    }

    func makeWorker() {
        let clock = clock!
        sut = SignInWorker(services: services, now: { clock.now }, logger: logs.logger())
    }

    // MARK: Helpers

    static let client = "192.0.2.1"
    static let sam = SignedIn(name: testAccount.name, role: .supervisor)

    func signIn(
        _ username: String = "sam", _ password: String = testPassword, client: String = client, previousSession: SessionID? = nil
    ) async throws -> SignInWorker.Outcome {
        try await sut.signIn(username: username, password: password, client: client, previousSession: previousSession)
    }

    func session(_ id: SessionID) async throws -> Session? {
        try await services.sessions.session(forID: id, now: clock.now, timeouts: services.timeouts)
    }

    func failures(_ username: String = "sam") async throws -> Int {
        try await services.attempts.countFailures(username: username, since: .distantPast)
    }

    /// `count` failed attempts for `username` from `client`, now.
    func recordFailures(_ count: Int, username: String = "sam", client: String = client) async throws {
        for _ in 0..<count {
            try await services.attempts.recordFailure(username: username, address: client, at: clock.now)
        }
    }

    // MARK: Tests: signing in

    func testTheRightPasswordMakesANewSessionAndForgetsTheFailures() async throws {
        // Given
        try await recordFailures(3)

        // When
        let outcome = try await signIn()

        // Then
        XCTAssertEqual(outcome, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
        let session = try await session(AccountSeeds.sessionID(1))
        XCTAssertEqual(session?.accountKey, "sam")
        XCTAssertEqual(session?.createdAt, Seeds.june29)
        let left = try await failures()
        XCTAssertEqual(left, 0, "A success forgets the username's failures")
    }

    func testUsernamesIgnoreCase() async throws {
        // When
        let outcome = try await signIn("SAM")

        // Then
        XCTAssertEqual(outcome, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
    }

    func testSigningInEndsTheSessionTheBrowserHad() async throws {
        // When
        let outcome = try await signIn(previousSession: testSessionID)

        // Then
        XCTAssertEqual(outcome, .signedIn(Self.sam, AccountSeeds.sessionID(1)), "A new id (no session fixation)")
        let previous = try await session(testSessionID)
        XCTAssertNil(previous, "The id the browser had is no good any more")
    }

    func testAnUnknownUserAWrongPasswordAndADisabledAccountAreAllWrongCredentialsAndCounted() async throws {
        // Given
        _ = try await services.accounts.createAccount(
            Account(username: "gone", displayName: "Gone", role: .clerk, passwordHash: testPasswordHash, createdAt: Seeds.june29))
        _ = try await services.accounts.disableAccount(username: "gone", at: Seeds.june29)
        let cases = [("nobody", testPassword), ("sam", "wrong password!"), ("gone", testPassword)]

        for (username, password) in cases {
            // When
            let outcome = try await signIn(username, password, previousSession: testSessionID)

            // Then
            XCTAssertEqual(outcome, .wrongCredentials, username)
            let counted = try await failures(username)
            XCTAssertEqual(counted, 1, "\(username): counted, known or not")
        }
        let fromTheAddress = try await services.attempts.countFailures(address: Self.client, since: .distantPast)
        XCTAssertEqual(fromTheAddress, 3)
        let kept = try await session(testSessionID)
        XCTAssertNotNil(kept, "A failed attempt ends no session")
        let created = try await session(AccountSeeds.sessionID(1))
        XCTAssertNil(created, "Nor makes one")
    }

    // MARK: Tests: throttling

    func testFiveFailuresThrottleTheUsernameEvenWithTheRightPassword() async throws {
        // Given
        for _ in 0..<4 { _ = try await signIn("sam", "wrong password!") }
        let fourth = try await signIn()
        XCTAssertEqual(fourth, .signedIn(Self.sam, AccountSeeds.sessionID(1)), "Four failures are not five")
        for _ in 0..<5 { _ = try await signIn("sam", "wrong password!") }

        // When
        let outcome = try await signIn()

        // Then
        XCTAssertEqual(outcome, .throttled(minutes: 15))
        let created = try await session(AccountSeeds.sessionID(2))
        XCTAssertNil(created)
        let counted = try await failures()
        XCTAssertEqual(counted, 5, "A throttled attempt is not checked, nor counted")
        let other = try await signIn("nobody", "wrong password!")
        XCTAssertEqual(other, .wrongCredentials, "Other usernames are not throttled by sam's failures")
    }

    func testFailuresFromOneAddressThrottleEveryUsernameFromIt() async throws {
        // Given
        services.throttle = SignInThrottle(window: 15 * 60, maximumFailuresPerUsername: 5, maximumFailuresPerAddress: 3)
        makeWorker()
        for username in ["ann", "bob", "cat"] { try await recordFailures(1, username: username) }

        // When
        let fromThere = try await signIn()
        let fromElsewhere = try await signIn(client: "198.51.100.7")

        // Then
        XCTAssertEqual(fromThere, .throttled(minutes: 15))
        XCTAssertEqual(fromElsewhere, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
    }

    func testTheThrottleLastsTheWindowOnTheClock() async throws {
        // Given
        try await recordFailures(5)

        // When: the last second of the window
        clock.advance(by: 15 * 60)
        let during = try await signIn()

        // When: the window is over
        clock.advance(by: 1)
        let after = try await signIn()

        // Then
        XCTAssertEqual(during, .throttled(minutes: 15))
        XCTAssertEqual(after, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
    }

    func testTheMinutesToWaitAreTheWindowRoundedUp() async throws {
        // Given
        services.throttle = SignInThrottle(window: 90, maximumFailuresPerUsername: 1, maximumFailuresPerAddress: 50)
        makeWorker()
        try await recordFailures(1)

        // When
        let outcome = try await signIn()

        // Then
        XCTAssertEqual(outcome, .throttled(minutes: 2))
    }

    func testFailuresFromElsewhereSlowTheUsernameDownButDoNotLockItForEveryone() async throws {
        // Given: five wrong passwords for sam from someone else's address
        for _ in 0..<5 { _ = try await signIn("sam", "a guess", client: "203.0.113.9") }
        let fromThere = try await signIn(client: "203.0.113.9")
        XCTAssertEqual(fromThere, .throttled(minutes: 15), "Locked for that address")

        // When: sam, from the office, at once and a minute later
        let atOnce = try await signIn()
        clock.advance(by: 60)
        let aMinuteLater = try await signIn()

        // Then
        XCTAssertEqual(atOnce, .throttled(minutes: 1), "Slowed down: the page says how long")
        XCTAssertEqual(aMinuteLater, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
        XCTAssert(logs.text.contains("Sign-in slowed down: too many failures for this username"), logs.text)
    }

    func testTheDelayGrowsWithEveryFailureBeyondTheLimit() async throws {
        // Given: five failures from elsewhere
        for _ in 0..<5 { _ = try await signIn("sam", "a guess", client: "203.0.113.9") }
        var waits: [SignInWorker.Outcome] = []

        // When: each time the delay is over, another wrong password, then one too soon
        for minutes in [1, 2, 4, 8] {
            clock.advance(by: Double(minutes) * 60)
            let guess = try await signIn("sam", "another guess", client: "198.51.100.7")
            XCTAssertEqual(guess, .wrongCredentials, "after \(minutes) minutes")
            waits.append(try await signIn("sam", "another guess", client: "198.51.100.7"))
        }

        // Then: doubled each time, the window at most
        XCTAssertEqual(waits, [2, 4, 8, 15].map { .throttled(minutes: $0) })

        // When: 15 minutes later, the failures counted are those of the last 15 minutes (one)
        clock.advance(by: 15 * 60)
        let later = try await signIn(client: "198.51.100.7")
        XCTAssertEqual(later, .signedIn(Self.sam, AccountSeeds.sessionID(1)))
    }

    func testTwentyFourWrongPasswordsSentAtOnceAreCheckedFiveTimesAndTheRightOneIsThenRefused() async throws {
        // When
        let worker: SignInWorker = sut
        let outcomes = try await withThrowingTaskGroup(of: SignInWorker.Outcome.self) { group in
            for _ in 0..<24 {
                group.addTask {
                    try await worker.signIn(username: "sam", password: "wrong password!", client: Self.client, previousSession: nil)
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let right = try await signIn()

        // Then
        XCTAssertEqual(outcomes.filter { $0 == .wrongCredentials }.count, 5)
        XCTAssertEqual(outcomes.filter { $0 == .throttled(minutes: 15) }.count, 19)
        XCTAssertEqual(right, .throttled(minutes: 15))
        let counted = try await failures()
        XCTAssertEqual(counted, 5)
    }

    func testAnAddressLimitWithoutATrustedProxySaysOnceInTheLogThatClientsMayShareAProxy() async throws {
        // Given
        services.throttle = SignInThrottle(maximumFailuresPerAddress: 3)
        makeWorker()
        for username in ["ann", "bob", "cat"] { _ = try await signIn(username, "wrong password!") }

        // When
        let refused = try await signIn()
        let again = try await signIn("dan")

        // Then
        XCTAssertEqual([refused, again], [.throttled(minutes: 15), .throttled(minutes: 15)])
        XCTAssertEqual(logs.text.components(separatedBy: "--trusted-proxy").count - 1, 1, logs.text)
        XCTAssert(logs.text.contains("Sign-ins from 192.0.2.1 failed for 3 usernames"), logs.text)
    }

    func testAnAddressLimitBehindATrustedProxyLogsNoNotice() async throws {
        // Given
        services.throttle = SignInThrottle(maximumFailuresPerAddress: 3)
        services.hasTrustedProxies = true
        makeWorker()
        for username in ["ann", "bob", "cat"] { _ = try await signIn(username, "wrong password!") }

        // When
        let refused = try await signIn()

        // Then
        XCTAssertEqual(refused, .throttled(minutes: 15))
        XCTAssert(logs.text.contains("Sign-in refused: too many failures from this client"), logs.text)
        XCTAssertFalse(logs.text.contains("--trusted-proxy"), logs.text)
    }

    // MARK: Tests: logs

    func testTheLogsNeverHoldAPassword() async throws {
        // When
        _ = try await signIn()
        _ = try await signIn("sam", "my wrong secret")
        _ = try await signIn("nobody", "another secret")
        try await recordFailures(5)
        _ = try await signIn("sam", "throttled secret")

        // Then
        let text = logs.text
        XCTAssert(text.contains("Signed in"), text)
        XCTAssert(text.contains("Sign-in failed"), text)
        XCTAssert(text.contains("too many failures"), text)
        for password in [testPassword, "my wrong secret", "another secret", "throttled secret", testPasswordHash] {
            XCTAssertFalse(text.contains(password), "\(password) in the logs")
        }
    }

    // MARK: Tests: the stores down

    func testSigningInThrowsUnavailableWhenTheStoresFail() async throws {
        // Given
        services = .down()
        makeWorker()

        // When
        do {
            _ = try await signIn()
            XCTFail("signed in with no database")
        } catch {
            // Then
            XCTAssert(logs.text.contains("Accounts store failed"), logs.text)
            XCTAssertFalse(logs.text.contains(testPassword))
        }
    }

    // MARK: Tests: signing out

    func testSignOutEndsTheSession() async throws {
        // When
        try await sut.signOut(session: testSessionID)

        // Then
        let ended = try await session(testSessionID)
        XCTAssertNil(ended)
    }

    func testSignOutThrowsUnavailableWhenTheSessionsFail() async {
        // Given
        services = .down()
        makeWorker()

        // When
        do {
            try await sut.signOut(session: testSessionID)
            XCTFail("signed out with no database")
        } catch {
            // Then
            XCTAssert(logs.text.contains("Sessions store failed"), logs.text)
        }
    }

    // MARK: Tests: local paths

    func testALocalPathIsAtMost2048BytesOfPrintableASCII() {
        XCTAssertEqual(SignInWorker.localPath("/orders/" + String(repeating: "1", count: 2040)), "/orders/" + String(repeating: "1", count: 2040))
        XCTAssertNil(SignInWorker.localPath("/orders/" + String(repeating: "1", count: 2041)))
        XCTAssertNil(SignInWorker.localPath("/orders/é"))
        XCTAssertNil(SignInWorker.localPath("/orders/\u{202E}"), "No bidirectional tricks")
    }
}
