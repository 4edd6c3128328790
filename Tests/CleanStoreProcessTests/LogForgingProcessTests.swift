import AsyncHTTPClient
import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A username typed at sign-in, signed out, cannot write a line of its own into the server's log,
/// nor an escape that drives the terminal reading it, in either log format (issue 25): the form is
/// refused before it is read, and every logged value is made safe (`SanitizingLogHandler`).
final class LogForgingProcessTests: ProcessTestCase {
    let forgedLine = "2026-11-25T09:00:00+0000 notice cleanstore : [CleanStore] Signed in username=boss"

    func signInAsForger(_ server: ServerProcess) async throws {
        var browser = LiveBrowser(client: client, baseURL: server.baseURL)
        _ = try await browser.load("/sign-in")
        // A C0 control character makes the form a 400 before it is read.
        let refused = try await browser.send("/sign-in", body: "username=\(encoded("amy\n\(forgedLine)\u{1B}[2J"))&password=not-the-password")
        XCTAssertEqual(refused.status, 400, refused.body)
        // Separators and C1 controls a form takes (NEL, the 8-bit CSI, U+2028) reach the sign-in,
        // and its log line, which must write them escaped.
        let accepted = try await browser.send(
            "/sign-in", body: "username=\(encoded("amy\u{85}\(forgedLine)\u{9B}2J\u{2028}"))&password=not-the-password")
        XCTAssertEqual(accepted.status, 422, accepted.body)
    }

    func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }

    func assertNotForged(_ log: String, file: StaticString = #filePath, line: UInt = #line) {
        let lines = log.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertFalse(lines.contains { $0.hasPrefix("2026-11-25T09:00:00") }, "A forged line: \(log)", file: file, line: line)
        XCTAssertFalse(log.contains("\u{1B}"), "A raw terminal escape", file: file, line: line)
        XCTAssertFalse(log.contains("\u{2028}"), "A raw line separator", file: file, line: line)
        XCTAssertFalse(log.contains("\u{85}") || log.contains("\u{9B}"), "A raw C1 control", file: file, line: line)
        XCTAssert(log.contains(forgedLine), "The username is logged, within its line: \(log)", file: file, line: line)
    }

    func testTheTextLogEscapesAUsernameThatWouldForgeALine() async throws {
        let server = try ServerProcess(database: databasePath)
        try await signInAsForger(server)
        let (status, log) = server.stop(with: SIGTERM)

        XCTAssertEqual(status, 0)
        assertNotForged(log)
    }

    /// Issue 25: a card number typed as a username is logged as its last four only.
    func testACardNumberTypedAsAUsernameIsLoggedAsItsLastFourOnly() async throws {
        let server = try ServerProcess(database: databasePath)
        var browser = LiveBrowser(client: client, baseURL: server.baseURL)
        _ = try await browser.load("/sign-in")
        let answer = try await browser.send("/sign-in", body: "username=4111%2B1111%2B1111%2B1111&password=not-the-password")
        XCTAssertNotEqual(answer.status, 303, "Not signed in")
        let (status, log) = server.stop(with: SIGTERM)

        XCTAssertEqual(status, 0)
        XCTAssert(log.contains("Sign-in failed") && log.contains("username=[card …1111]"), log)
        XCTAssertFalse(log.contains("4111+1111+1111+1111"), log)
    }

    func testTheJSONLogEscapesAUsernameThatWouldForgeALine() async throws {
        let server = try ServerProcess(database: databasePath, arguments: ["--log-format", "json"])
        try await signInAsForger(server)
        let (status, log) = server.stop(with: SIGTERM)

        XCTAssertEqual(status, 0)
        assertNotForged(log)
        for line in log.split(separator: "\n") {
            XCTAssertNotNil(try? JSONSerialization.jsonObject(with: Data(line.utf8)), "Not a JSON line: \(line)")
        }
    }
}
