import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

// The real executable against clients that hold connections and never finish: a lowered file
// limit, the connection options, SIGTERM with a body still arriving.
extension ServerProcessTests {
    func testIdleConnectionsFarBeyondTheFileLimitLeaveANewClientServedAndTheServerIdle() throws {
        // Timeouts far off: only the cap on connections is at work here. prlimit lowers the limit
        // on open files, then becomes the server.
        let server = try ServerProcess(
            database: databasePath, arguments: ["--head-timeout", "600", "--idle-timeout", "600"],
            launcher: ["/usr/bin/prlimit", "--nofile=128:128"])
        let idle = try (0..<500).map { _ in try RawConnection(port: server.port) }

        // The server takes them all in and closes what it cannot hold (at most 5 s).
        var closed = 0
        for _ in 0..<50 where closed < idle.count - 128 {
            Thread.sleep(forTimeInterval: 0.1)
            closed = idle.count { $0.closedNow }
        }
        XCTAssertGreaterThanOrEqual(closed, idle.count - 128, "The server holds no more connections than it has descriptors for")

        // Meanwhile it does nothing: no accept loop spinning.
        let before = try server.cpuSeconds
        Thread.sleep(forTimeInterval: 1)
        let used = try server.cpuSeconds - before
        XCTAssertLessThan(used, 0.25, "CPU seconds used in a second of idle connections")

        // Within 10 s, against 600 s timeouts: served at once, not when a timeout frees a descriptor.
        let newClient = try RawConnection(port: server.port)
        try newClient.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        let response = newClient.readResponse(within: .seconds(10))
        XCTAssert(response?.hasPrefix("HTTP/1.1 200") == true, "A new client is served: \(response ?? "no answer in 10 s")")

        let (status, log) = server.stop(with: SIGTERM, within: .seconds(15))
        XCTAssertEqual(status, 0, log)
    }

    func testTheConnectionOptionsReachTheServer() throws {
        let server = try ServerProcess(
            database: databasePath,
            arguments: ["--head-timeout", "0.5", "--body-timeout", "0.5", "--idle-timeout", "0.5", "--max-connections", "3"])
        let silent = try RawConnection(port: server.port)
        let keptAlive = try RawConnection(port: server.port)
        try keptAlive.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssert(keptAlive.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
        let slowBody = try RawConnection(port: server.port)
        try slowBody.send(
            "POST /orders HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nfirst")
        for (name, connection) in [("silent", silent), ("kept alive", keptAlive), ("slow body", slowBody)] {
            XCTAssert(connection.isClosed(within: .seconds(3)), "\(name): closed after its timeout")
        }

        // --max-connections 3: a fourth connection makes the one waiting longest close.
        let waiting = try (0..<3).map { _ in try RawConnection(port: server.port) }
        for connection in waiting {
            try connection.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            XCTAssert(connection.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
        }
        let fourth = try RawConnection(port: server.port)
        try fourth.send("GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
        XCTAssert(fourth.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
        XCTAssert(waiting[0].isClosed(within: .seconds(2)))
        XCTAssertEqual(server.stop(with: SIGTERM, within: .seconds(15)).status, 0)
    }

    func testConnectionOptionsOutOfRangeAreRefusedAtStart() {
        for arguments in [["--head-timeout", "0"], ["--body-timeout", "90000"], ["--max-connections", "0"]] {
            XCTAssertThrowsError(try ServerProcess(database: databasePath, arguments: arguments), "\(arguments)") { error in
                guard case ServerProcess.ServerError.exited(let log) = error else { return XCTFail("\(error)") }
                XCTAssert(log.contains("must be"), log)
            }
        }
    }

    func testSIGTERMWithABodyStillArrivingExitsAtTheShutdownTimeoutWith0AndKeepsEveryAcknowledgedOrder() async throws {
        let server = try ServerProcess(
            database: databasePath,
            arguments: ["--shutdown-timeout", "1", "--body-timeout", "600", "--idle-timeout", "600", "--log-level", "debug"])
        let browser = try await LiveBrowser.open(server.baseURL, client: client)
        var acknowledged: [String] = []
        for index in 0..<3 {
            var fields = Seeds.validFormFields
            fields.lastName = "Number \(index)"
            let placed = try await browser.placeOrder(fields: fields)
            XCTAssertEqual(placed.status, 303)
            acknowledged += placed.orderID.map { [$0] } ?? []
        }

        // Two posts whose bodies never end: 5 of 1,000 bytes, and a whole valid old one-page form but for
        // the 5 bytes its length still promises.
        let head = "POST /orders HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\nCookie: \(browser.cookie)\r\n"
        let fewBytes = try RawConnection(port: server.port)
        try fewBytes.send(head + "Content-Length: 1000\r\n\r\nfirst")
        var fields = Seeds.validFormFields
        fields.lastName = "Cut short"
        let form = "_csrf=\(browser.token)&" + Seeds.formBody(fields)
        let almostWhole = try RawConnection(port: server.port)
        try almostWhole.send(head + "Content-Length: \(form.utf8.count + 5)\r\n\r\n" + form)
        /// The posts that reached the app (logged on arrival, at debug).
        func postsArrived() -> Int {
            server.log.split(separator: "\n").filter { $0.contains("Request received") && $0.contains("method=POST") }.count
        }
        // Signing in, the three placings (five forms each: the draft, its caller, delivery and line,
        // placing), and the two.
        let expected = 1 + 3 * 5 + 2
        for _ in 0..<500 where postsArrived() < expected {
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTAssertEqual(postsArrived(), expected, "Both reached the app")

        let start = ContinuousClock.now
        let (status, log) = server.stop(with: SIGTERM, within: .seconds(10))
        XCTAssertEqual(status, 0, log)
        // 20 s: far past the shutdown timeout (1 s) on a loaded machine, far before the bodies' (600 s).
        XCTAssertLessThan(start.duration(to: .now), .seconds(20), "Ended at the shutdown timeout (1 s), not at a body's")
        XCTAssert(log.contains("Stopped"), "The database was closed: \(log)")
        XCTAssert(fewBytes.isClosed(within: .seconds(10)))
        XCTAssert(almostWhole.isClosed(within: .seconds(10)))
        XCTAssertFalse(almostWhole.unread.contains("303"), "Never acknowledged")

        let stored = try await OrdersSQLiteStore(path: databasePath).fetchOrders()
        XCTAssertEqual(Set(stored.compactMap(\.id)), Set(acknowledged), "Every acknowledged order, and nothing half-read")
        XCTAssert(stored.allSatisfy { $0.firstName == "Amy" && $0.lastName.hasPrefix("Number ") })
    }
}
