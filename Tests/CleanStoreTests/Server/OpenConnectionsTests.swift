import NIOConcurrencyHelpers
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The cap on open connections: who is let in, who makes room, who is refused.
final class OpenConnectionsTests: XCTestCase {
    /// A stand-in for a connection: an identity, and whether it was asked to close.
    final class Connection: Sendable {
        private let evicted = NIOLockedValueBox(false)
        var wasEvicted: Bool { evicted.withLockedValue { $0 } }
        var id: ObjectIdentifier { ObjectIdentifier(self) }

        func admit(to connections: OpenConnections) -> OpenConnections.Admission {
            connections.admit(id) { [evicted] in evicted.withLockedValue { $0 = true } }
        }
    }

    /// A cap of `limit`, reached: `limit` connections admitted one after the other, oldest first.
    func full(limit: Int) -> (OpenConnections, [Connection]) {
        let connections = OpenConnections(limit: limit)
        let open = (0..<limit).map { _ in Connection() }
        XCTAssertEqual(open.map { $0.admit(to: connections) }, Array(repeating: .admitted, count: limit))
        return (connections, open)
    }

    func testConnectionsAreAdmittedUpToTheLimit() {
        let (connections, open) = full(limit: 3)
        XCTAssertEqual(connections.count, 3)
        XCTAssertEqual(open.map(\.wasEvicted), [false, false, false])
    }

    func testOverTheLimitTheConnectionWaitingLongestIsEvicted() {
        let (connections, open) = full(limit: 2)
        XCTAssertEqual(Connection().admit(to: connections), .admitted)
        XCTAssertEqual(open.map(\.wasEvicted), [true, false])
        XCTAssertEqual(connections.count, 2, "The evicted one no longer counts")
    }

    func testAConnectionWithARequestInProgressIsNeverEvicted() {
        let (connections, open) = full(limit: 2)
        connections.setBusy(open[0].id)
        XCTAssertEqual(Connection().admit(to: connections), .admitted)
        XCTAssertEqual(open.map(\.wasEvicted), [false, true])
    }

    func testWhenEveryConnectionIsBusyTheNewOneIsRefused() {
        let (connections, open) = full(limit: 2)
        for connection in open { connections.setBusy(connection.id) }
        XCTAssertEqual(Connection().admit(to: connections), .refused)
        XCTAssertEqual(open.map(\.wasEvicted), [false, false])
        XCTAssertEqual(connections.count, 2)
    }

    func testAConnectionThatAnsweredItsRequestWaitsAgainFromThen() {
        let (connections, open) = full(limit: 2)
        connections.setBusy(open[0].id)
        connections.setWaiting(open[0].id)  // it has waited since now: less long than the other
        XCTAssertEqual(Connection().admit(to: connections), .admitted)
        XCTAssertEqual(open.map(\.wasEvicted), [false, true])
    }

    func testAConnectionAskedToCloseAsItsRequestCameInCountsAgain() {
        let (connections, open) = full(limit: 2)
        // Kept alive: a connection's id is its object's, which a new object may reuse once it is gone.
        let (third, fourth) = (Connection(), Connection())
        XCTAssertEqual(third.admit(to: connections), .admitted)
        XCTAssertEqual(open.map(\.wasEvicted), [true, false])
        connections.setBusy(open[0].id)  // what its handler says when it finds a request in progress
        XCTAssertEqual(connections.count, 3, "Over the limit until one closes")
        XCTAssertEqual(fourth.admit(to: connections), .admitted)
        XCTAssertEqual(open.map(\.wasEvicted), [true, true], "The next one waiting makes room")
        XCTAssertEqual(connections.count, 3)
    }

    func testAClosedConnectionMakesRoom() {
        let (connections, open) = full(limit: 1)
        connections.setBusy(open[0].id)
        connections.remove(open[0].id)
        XCTAssertEqual(Connection().admit(to: connections), .admitted)
        XCTAssertEqual(connections.count, 1)
    }

    func testTheDefaultLimitLeavesDescriptorsForEverythingElse() {
        XCTAssertEqual(OpenConnections.maximum(fileLimit: 1024), 1024 - OpenConnections.reservedDescriptors)
        XCTAssertEqual(OpenConnections.maximum(fileLimit: 10), 1, "Always at least one")
    }

    func testAMaximumAboveWhatTheFileLimitAllowsIsLoweredWithAWarning() {
        let capture = LogCapture()
        var configuration = AppConfiguration()
        XCTAssertEqual(configuration.connectionLimit(logger: capture.logger()), OpenConnections.maximum())
        configuration.maxConnections = 5
        XCTAssertEqual(configuration.connectionLimit(logger: capture.logger()), 5)
        XCTAssertFalse(capture.text.contains("more than the file limit"))
        configuration.maxConnections = Int.max / 2
        XCTAssertEqual(configuration.connectionLimit(logger: capture.logger()), OpenConnections.maximum())
        XCTAssert(capture.text.contains("is more than the file limit"), capture.text)
    }
}
