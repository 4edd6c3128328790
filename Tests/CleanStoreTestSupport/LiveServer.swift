import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import XCTest

@testable import CleanStore

/// The app as the executable builds it (`buildApplication`, with its server settings), serving
/// on 127.0.0.1 on a port of its own choosing, in this process: for tests of what happens on
/// connections (timeouts, the cap on connections, bytes on the wire) with settings injected.
struct LiveServer {
    let port: Int
    /// What the server has logged (debug and above).
    let log: LogCapture

    static func run<Value: Sendable>(
        _ configuration: AppConfiguration, store: any OrdersStoreProtocol = OrdersMemStore(),
        _ body: @Sendable (LiveServer) async throws -> Value
    ) async throws -> Value {
        var configuration = configuration
        configuration.host = "127.0.0.1"
        configuration.port = 0
        let log = LogCapture()
        let environment = try await makeTestEnvironment(store: store)
        let app = buildApplication(environment: environment, configuration: configuration, logger: log.logger(level: .debug))
        var groupConfiguration = ServiceGroupConfiguration(services: [app], logger: Logger(label: "live-server-test"))
        // A test that leaves a request hanging must not hang the suite.
        groupConfiguration.maximumGracefulShutdownDuration = .seconds(2)
        let group = ServiceGroup(configuration: groupConfiguration)
        return try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask { try await group.run() }
            do {
                let server = LiveServer(port: try await waitForPort(in: log), log: log)
                let value = try await body(server)
                await group.triggerGracefulShutdown()
                try await tasks.waitForAll()
                return value
            } catch {
                await group.triggerGracefulShutdown()
                try? await tasks.waitForAll()
                throw error
            }
        }
    }

    private static func waitForPort(in log: LogCapture) async throws -> Int {
        for _ in 0..<1000 {
            if let range = log.text.range(of: "listening on 127.0.0.1:") {
                let digits = log.text[range.upperBound...].prefix { $0.isNumber }
                if let port = Int(digits) { return port }
            }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw NotStarted(log: log.text)
    }

    struct NotStarted: Error {
        var log: String
    }

    /// Waits (at most 5 s) until the server has logged `count` lines containing `text`, e.g. a
    /// request that reached the router (its head was read, its body may still be coming).
    func waitForLog(_ text: String, count: Int = 1) async throws {
        for _ in 0..<500 {
            if log.text.components(separatedBy: text).count - 1 >= count { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        XCTFail("The server did not log \(count) × \"\(text)\": \(log.text)")
    }

    func connect() throws -> RawConnection {
        try RawConnection(port: port)
    }
}
