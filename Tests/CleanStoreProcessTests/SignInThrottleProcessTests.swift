import AsyncHTTPClient
import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Sign-in throttling against the real server, attempts sent at once (issue 25): on SQLite, and on
/// PostgreSQL through two instances of one database. Each attempt is reserved before its password
/// is checked, so no two pass one count.
final class SignInThrottleProcessTests: ProcessTestCase {
    /// 24 wrong passwords for one user sent at once: five are checked (422), the others refused
    /// (429), and the right password afterwards is refused too.
    func testTwentyFourWrongPasswordsAtOnceAreCheckedFiveTimesOnSQLite() async throws {
        let server = try ServerProcess(database: databasePath)
        try await assertTwentyFourWrongPasswordsAreCheckedFiveTimes(through: [server])
        XCTAssertEqual(server.stop(with: SIGTERM).status, 0, server.log)
    }

    func testTwentyFourWrongPasswordsAtOnceThroughTwoInstancesAreCheckedFiveTimesOnPostgreSQL() async throws {
        let url = try await TestPostgres.makeDatabase()
        let first = try ServerProcess(database: url)
        let second = try ServerProcess(database: url)
        try await assertTwentyFourWrongPasswordsAreCheckedFiveTimes(through: [first, second])
        XCTAssertEqual(first.stop(with: SIGTERM).status, 0, first.log)
        XCTAssertEqual(second.stop(with: SIGTERM).status, 0, second.log)
    }

    /// Ten usernames failing at once from one address, with an address limit of six: six are
    /// checked, four refused; without --trusted-proxy the log says once that clients may share a proxy.
    func testTheAddressLimitHoldsForAttemptsAtOnceAndTheLogNamesTheProxyOptionOnSQLiteAndPostgreSQL() async throws {
        for database in [databasePath, try await TestPostgres.makeDatabase()] {
            let server = try ServerProcess(database: database, arguments: ["--max-sign-in-failures-per-address", "6"])
            let statuses = try await signInAtOnce(through: [server], usernames: (1...10).map { "someone\($0)" }, password: "a-guess-at-it")
            XCTAssertEqual(statuses.filter { $0 == 422 }.count, 6, "\(database): \(statuses)")
            XCTAssertEqual(statuses.filter { $0 == 429 }.count, 4, "\(database): \(statuses)")
            let log = server.stop(with: SIGTERM).log
            XCTAssertEqual(log.components(separatedBy: "start it with --trusted-proxy").count - 1, 1, log)
            XCTAssert(log.contains("Sign-ins from 127.0.0.1 failed for 6 usernames"), log)
        }
    }

    func assertTwentyFourWrongPasswordsAreCheckedFiveTimes(through servers: [ServerProcess], line: UInt = #line) async throws {
        _ = try await LiveBrowser.open(servers[0].baseURL, client: client)  // makes the account
        let statuses = try await signInAtOnce(
            through: servers, usernames: Array(repeating: LiveBrowser.username, count: 24), password: "not-the-password")
        XCTAssertEqual(statuses.filter { $0 == 422 }.count, 5, "\(statuses)", line: line)
        XCTAssertEqual(statuses.filter { $0 == 429 }.count, 19, "\(statuses)", line: line)
        var browser = LiveBrowser(client: client, baseURL: servers[servers.count - 1].baseURL)
        _ = try await browser.load("/sign-in")
        let right = try await browser.send("/sign-in", body: "username=\(LiveBrowser.username)&password=\(LiveBrowser.password)")
        XCTAssertEqual(right.status, 429, "The right password is refused too, from this address", line: line)
        XCTAssert(right.body.contains("Too many failed attempts to sign in as this user. Wait 15 minutes"), right.body, line: line)
    }

    /// Posts the sign-in form for each of `usernames` at once, from one signed-out browser, taking
    /// turns among `servers`; returns the statuses.
    func signInAtOnce(through servers: [ServerProcess], usernames: [String], password: String) async throws -> [UInt] {
        var browser = LiveBrowser(client: client, baseURL: servers[0].baseURL)
        _ = try await browser.load("/sign-in")
        let signedOut = browser
        return try await withThrowingTaskGroup(of: UInt.self) { group in
            for (index, username) in usernames.enumerated() {
                let browser = signedOut.talking(to: servers[index % servers.count].baseURL)
                group.addTask {
                    var attempt = browser
                    return try await attempt.send("/sign-in", body: "username=\(username)&password=\(password)").status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }
}
