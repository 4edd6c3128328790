import NIOConcurrencyHelpers
import XCTest

@testable import CleanStore

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

    func testConnectionsAreAdmittedUpToTheLimit() {
        let connections = OpenConnections(limit: 3)
        let open = (0..<3).map { _ in Connection() }
        XCTAssertEqual(open.map { $0.admit(to: connections) }, [.admitted, .admitted, .admitted])
        XCTAssertEqual(connections.count, 3)
        XCTAssertFalse(open.contains { $0.wasEvicted })
    }

    func testOverTheLimitTheConnectionWaitingLongestIsEvicted() {
        let connections = OpenConnections(limit: 2)
        let (first, second, third) = (Connection(), Connection(), Connection())
        _ = first.admit(to: connections)
        _ = second.admit(to: connections)
        XCTAssertEqual(third.admit(to: connections), .admitted)
        XCTAssertTrue(first.wasEvicted)
        XCTAssertFalse(second.wasEvicted)
        XCTAssertEqual(connections.count, 2, "The evicted one no longer counts")
    }

    func testAConnectionWithARequestInProgressIsNeverEvicted() {
        let connections = OpenConnections(limit: 2)
        let (busy, waiting, new) = (Connection(), Connection(), Connection())
        _ = busy.admit(to: connections)
        _ = waiting.admit(to: connections)
        connections.setBusy(busy.id)
        XCTAssertEqual(new.admit(to: connections), .admitted)
        XCTAssertFalse(busy.wasEvicted)
        XCTAssertTrue(waiting.wasEvicted)
    }

    func testWhenEveryConnectionIsBusyTheNewOneIsRefused() {
        let connections = OpenConnections(limit: 2)
        let busy = [Connection(), Connection()]
        for connection in busy {
            _ = connection.admit(to: connections)
            connections.setBusy(connection.id)
        }
        XCTAssertEqual(Connection().admit(to: connections), .refused)
        XCTAssertFalse(busy.contains { $0.wasEvicted })
        XCTAssertEqual(connections.count, 2)
    }

    func testAConnectionThatAnsweredItsRequestWaitsAgainFromThen() {
        let connections = OpenConnections(limit: 2)
        let (first, second, third) = (Connection(), Connection(), Connection())
        _ = first.admit(to: connections)
        _ = second.admit(to: connections)
        connections.setBusy(first.id)
        connections.setWaiting(first.id)  // first has waited since now, less long than second
        XCTAssertEqual(third.admit(to: connections), .admitted)
        XCTAssertTrue(second.wasEvicted)
        XCTAssertFalse(first.wasEvicted)
    }

    func testAConnectionAskedToCloseAsItsRequestCameInCountsAgain() {
        let connections = OpenConnections(limit: 2)
        let (first, second, third) = (Connection(), Connection(), Connection())
        _ = first.admit(to: connections)
        _ = second.admit(to: connections)
        _ = third.admit(to: connections)
        XCTAssertTrue(first.wasEvicted)
        connections.setBusy(first.id)  // what its handler says when it finds a request in progress
        XCTAssertEqual(connections.count, 3, "Over the limit until one closes")
        XCTAssertEqual(Connection().admit(to: connections), .admitted)
        XCTAssertTrue(second.wasEvicted, "The next one waiting makes room")
        XCTAssertEqual(connections.count, 3)
    }

    func testAClosedConnectionMakesRoom() {
        let connections = OpenConnections(limit: 1)
        let (first, second) = (Connection(), Connection())
        _ = first.admit(to: connections)
        connections.setBusy(first.id)
        connections.remove(first.id)
        XCTAssertEqual(second.admit(to: connections), .admitted)
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
