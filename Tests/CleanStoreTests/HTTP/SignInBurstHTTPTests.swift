import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Issue 25, bug 2: 40 sign-ins at once (unknown usernames: only the form's cookie and token
/// needed) made `/css/app.css` wait 6 to 26 seconds, bcrypt holding the threads the file middleware
/// reads on. bcrypt has threads of its own now (`PasswordHashing`), and a bounded queue: without
/// timing anything, a static file and a page are answered while 40 sign-ins wait for bcrypt, and a
/// sign-in beyond the queue is a 503 with `Retry-After` at once.
final class SignInBurstHTTPTests: XCTestCase {
    var hashing: PasswordHashing?

    override func tearDown() async throws {
        try await hashing?.shutDown()
        try await super.tearDown()
    }

    func testAStaticFileAndAPageAreAnsweredWhileFortySignInsWaitForBcryptAndTheNextAreRefusedWith503() async throws {
        // Given: bcrypt on one thread with room for 40 waiting, that thread held until the test says
        let hashing = PasswordHashing(threads: 1, queueLimit: 40, retryAfterSeconds: 7)
        self.hashing = hashing
        var signIn = try await makeTestSignIn()
        signIn.passwords = PasswordWorker(cost: 4, hashing: hashing)
        let app = try await TestApp(orders: [Seeds.Orders.amy], signIn: signIn)
        let release = DispatchSemaphore(value: 0)
        let holder = Task { try await hashing.run { release.wait() } }
        await hashing.waitUntilAdmitted(1)

        try await app.test { client in
            // And: 40 sign-ins with unknown usernames, all waiting for bcrypt
            let burst = Task {
                try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                    for number in 1...40 {
                        group.addTask {
                            try await client.post("/sign-in", form: "username=nobody\(number)&password=some+guessed+password", signedIn: false)
                                .status
                        }
                    }
                    return try await group.reduce(into: []) { $0.append($1) }
                }
            }
            await hashing.waitUntilAdmitted(41)

            // When: a static file and a page are asked for
            let css = try await client.get("/css/app.css", signedIn: false)
            let page = try await client.get("/orders")

            // Then: both are answered while the 40 still wait
            XCTAssertEqual(css.status, .ok)
            XCTAssert(css.text.contains(".error-summary"), "the style sheet itself")
            XCTAssertEqual(page.status, .ok)
            XCTAssert(page.text.contains(#"<table class="orders">"#), "the orders' list")
            XCTAssertEqual(hashing.admitted, 41, "the 40 sign-ins (and the held hash) still wait")

            // And: the sign-ins beyond the queue are refused at once, saying when to try again
            for number in 41...43 {
                let refused = try await client.post(
                    "/sign-in", form: "username=nobody\(number)&password=some+guessed+password", signedIn: false)
                XCTAssertEqual(refused.status, .serviceUnavailable)
                XCTAssertEqual(refused.headers[.retryAfter], "7")
                XCTAssert(refused.text.contains(SignInPresenter.busy), refused.text)
            }
            XCTAssertEqual(hashing.admitted, 41)

            // When: bcrypt's thread is let go, the 40 are answered: wrong username or password
            release.signal()
            try await holder.value
            let statuses = try await burst.value
            XCTAssertEqual(statuses, Array(repeating: .unprocessableContent, count: 40))
        }
        XCTAssertEqual(hashing.admitted, 0)
        let failures = try await signIn.attempts.countFailures(username: "nobody41", since: .distantPast)
        XCTAssertEqual(failures, 0, "a sign-in refused for a full queue is no failed attempt")
    }
}
