import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Slow and idle clients, over real connections to the app as the executable builds it, with
/// its timeouts and cap injected small.
final class ConnectionLimitsTests: XCTestCase {
    /// Timeouts too long to matter, for tests of one of them.
    static var patient: AppConfiguration {
        var configuration = AppConfiguration()
        configuration.headTimeout = .seconds(60)
        configuration.bodyTimeout = .seconds(60)
        configuration.idleTimeout = .seconds(60)
        return configuration
    }

    static let healthCheck = "GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n"

    /// Sends `piece` every 100 ms until the server closes the connection (at most 10 s: far past
    /// the timeouts tested, so that a loaded machine's late timer is no failure); returns how long
    /// that took, or nil when it stayed open.
    static func trickle(_ piece: String, on connection: RawConnection) -> Duration? {
        let start = ContinuousClock.now
        for _ in 0..<100 {
            try? connection.send(piece)
            if connection.isClosed(within: .milliseconds(100)) { return start.duration(to: .now) }
        }
        return nil
    }

    func testAHeadSentAByteAtATimeIsCutAtTheHeadTimeout() async throws {
        var configuration = Self.patient
        configuration.headTimeout = .milliseconds(500)
        try await LiveServer.run(configuration) { server in
            let connection = try server.connect()
            try connection.send("GET /healthz HTTP/1.1\r\nHost: test\r\n")
            // Never quiet for long (a timer of quiet time would never fire), never done.
            let closedAfter = Self.trickle("X", on: connection)
            XCTAssertNotNil(closedAfter, "The connection is still open after 10 s")
            XCTAssertGreaterThanOrEqual(closedAfter ?? .zero, .milliseconds(400))
            XCTAssertEqual(connection.unread, "", "Closed without an answer")

            // A client that sends its request in time is served.
            let prompt = try server.connect()
            try prompt.send(Self.healthCheck)
            XCTAssert(prompt.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
        }
    }

    func testABodyTrickledInIsCutAtTheBodyTimeoutAndNothingIsStored() async throws {
        var configuration = Self.patient
        configuration.bodyTimeout = .milliseconds(500)
        let store = OrdersMemStore()
        try await LiveServer.run(configuration, store: store) { server in
            let form = "_csrf=\(testCSRFToken)&" + Seeds.formBody(Seeds.validFormFields)
            let head = "POST /orders HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Cookie: \(testBrowserCookie)\r\n"
            // The form is one the app takes (the old one-page form, kept as a draft), sent whole.
            let whole = try server.connect()
            try whole.send(head + "Content-Length: \(form.utf8.count)\r\n\r\n" + form)
            XCTAssert(whole.readResponse()?.hasPrefix("HTTP/1.1 303") == true)

            // The same form (token first), but with 40 more bytes promised, to come one every 100 ms.
            let connection = try server.connect()
            try connection.send(head + "Content-Length: \(form.utf8.count + 40)\r\n\r\n" + form)
            let closedAfter = Self.trickle("x", on: connection)
            XCTAssertNotNil(closedAfter, "The connection is still open after 10 s")
            XCTAssertGreaterThanOrEqual(closedAfter ?? .zero, .milliseconds(400))
            XCTAssertFalse(connection.unread.contains("303"), "Never acknowledged: \(connection.unread)")
            XCTAssert(server.log.text.contains("Connection closed: request body not received in time"), "Logged")
        }
        let kept = try await DraftsMemStore(database: store.database).fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(kept.count, 1, "Only the whole form (kept as a draft): a body cut short is never read as a whole one")
        let stored = try await store.fetchOrders()
        XCTAssertEqual(stored.count, 0, "The old form makes no order")
    }

    func testAKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        var configuration = Self.patient
        configuration.idleTimeout = .seconds(2)
        try await LiveServer.run(configuration) { server in
            let connection = try server.connect()
            try connection.send(Self.healthCheck)
            XCTAssert(connection.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
            XCTAssertFalse(connection.isClosed(within: .milliseconds(200)), "Kept alive for a while")
            XCTAssert(connection.isClosed(within: .seconds(10)), "Closed once idle for the idle timeout")
        }
    }

    func testOverTheCapTheConnectionWaitingLongestMakesRoomForANewOne() async throws {
        var configuration = Self.patient
        configuration.maxConnections = 2
        try await LiveServer.run(configuration) { server in
            let first = try server.connect()
            try first.send(Self.healthCheck)
            XCTAssert(first.readResponse()?.hasPrefix("HTTP/1.1 200") == true)
            let second = try server.connect()
            try second.send(Self.healthCheck)
            XCTAssert(second.readResponse()?.hasPrefix("HTTP/1.1 200") == true)

            let third = try server.connect()
            try third.send(Self.healthCheck)
            // Within 10 s, against 60 s timeouts: room is made at once, not when a timeout ends one.
            XCTAssert(third.readResponse(within: .seconds(10))?.hasPrefix("HTTP/1.1 200") == true, "The new client is served")
            XCTAssert(first.isClosed(within: .seconds(10)), "The connection idle longest was closed")
            try second.send(Self.healthCheck)
            XCTAssert(second.readResponse()?.hasPrefix("HTTP/1.1 200") == true, "The other one is still served")
        }
    }

    func testWhenEveryConnectionHasARequestInProgressANewOneGets503AndIsClosed() async throws {
        var configuration = Self.patient
        configuration.maxConnections = 1
        try await LiveServer.run(configuration) { server in
            let busy = try server.connect()
            try busy.send(
                "POST /orders HTTP/1.1\r\nHost: test\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 10\r\n\r\nfirst")
            try await server.waitForLog("method=POST path=/orders")  // the debug line of its arrival

            let refused = try server.connect()
            let response = refused.readResponse(within: .seconds(2))
            XCTAssert(response?.hasPrefix("HTTP/1.1 503") == true, response ?? "no response")
            XCTAssert(response?.lowercased().contains("connection: close") == true)
            XCTAssert(refused.isClosed(within: .seconds(2)))

            // The request in progress is not disturbed: it ends with its own answer (no token: 403).
            try busy.send("Name=")
            XCTAssert(busy.readResponse()?.hasPrefix("HTTP/1.1 403") == true)
            XCTAssert(server.log.text.contains("Connection refused"), "Refusals are logged")
        }
    }
}
