import AsyncHTTPClient
import Foundation
import NIOCore
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Issue 25, bug 4: six set-up forms posted at once made six supervisors (each checked "no
/// supervisor yet", then each hashed its password for a quarter of a second, then each inserted).
/// The real executable, on SQLite and PostgreSQL: one supervisor, and every other form a clear answer.
final class SetUpRaceProcessTests: ProcessTestCase {
    func testSixSetUpFormsPostedAtOnceMakeOneSupervisor() async throws {
        for (name, database) in [("SQLite", databasePath), ("PostgreSQL", try await TestPostgres.makeDatabase())] {
            let server = try ServerProcess(database: database)
            let token = try XCTUnwrap(ServerProcess.setupToken(for: server.baseURL), "\(name): \(server.log)")
            // Six browsers, each with the set-up form open (its CSRF cookie and token)
            var browsers: [LiveBrowser] = []
            for _ in 1...6 {
                var browser = LiveBrowser(client: client, baseURL: server.baseURL)
                let form = try await browser.load("/setup?token=\(token)")
                XCTAssertEqual(form.status, 200, name)
                browsers.append(browser)
            }

            // When: all six post at once
            let password = "a long enough pass phrase"
            let answers = try await withThrowingTaskGroup(of: (Int, UInt, String?).self) { group in
                for (number, browser) in browsers.enumerated() {
                    group.addTask {
                        let answer = try await browser.post(
                            "/setup",
                            body: "token=\(token)&username=boss\(number)&password=\(password)&passwordConfirmation=\(password)")
                        return (number, answer.status, answer.location)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // Then: one made the supervisor and is signed in; the others were told, none a 500
            let made = answers.filter { $0.1 == 303 && $0.2 == "/orders" }
            XCTAssertEqual(made.count, 1, "\(name): \(answers)")
            for (number, status, location) in answers where !(status == 303 && location == "/orders") {
                XCTAssert(
                    (status == 303 && location == "/sign-in") || status == 404,
                    "\(name) boss\(number): \(status) \(location ?? "") — to sign in (made meanwhile) or the link closed")
            }
            XCTAssertEqual(server.stop(with: SIGTERM).status, 0, name)
            let accounts = try await Self.accounts(in: database)
            XCTAssertEqual(accounts.filter { $0.role == .supervisor }.map(\.username), made.map { "boss\($0.0)" }, "\(name): \(accounts)")
            XCTAssertEqual(accounts.count, 1, name)
        }
    }

    /// Every account of `database`, read with a store of the test's own.
    static func accounts(in database: String) async throws -> [Account] {
        let opened = try OrdersDatabase.open(
            database, cardKeys: CardKeySettings(keyFile: nil, keyBase64: TestCardKeys.base64, previousKeyFiles: []),
            logger: TestStores.silentLogger)
        return try await opened.use { try await opened.accounts.fetchAccounts() }
    }
}

extension LiveBrowser {
    /// POSTs a form body (with the token) and answers the status and `Location`, as it is (the
    /// browser's cookies unchanged: several posts may go at once).
    func post(_ path: String, body: String) async throws -> (status: UInt, location: String?) {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Cookie", value: cookie)
        request.body = .bytes(ByteBuffer(string: body + "&_csrf=\(token)"))
        let response = try await client.execute(request, timeout: .seconds(60))
        _ = try await response.body.collect(upTo: 1 << 20)
        return (response.status.code, response.headers.first(name: "location"))
    }
}
