import Foundation
import Logging
import PostgresNIO
import XCTest

@testable import CleanStore

/// The throwaway PostgreSQL cluster the test command starts (`scripts/with-postgres`): every test
/// that needs one gets a fresh, empty database of its own on it.
enum TestPostgres {
    struct NotRunning: Error, CustomStringConvertible {
        var description: String {
            "CLEANSTORE_TEST_POSTGRES_URL is not set: run the tests with scripts/test, "
                + "or beside a throwaway cluster with scripts/with-postgres swift test"
        }
    }

    /// The cluster's URL, as `scripts/with-postgres` exports it.
    static func clusterURL() throws -> String {
        guard let url = ProcessInfo.processInfo.environment["CLEANSTORE_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw NotRunning()
        }
        return url
    }

    private static let counter = Counter()

    /// Creates an empty database on the cluster; returns its URL.
    static func makeDatabase() async throws -> String {
        let cluster = try clusterURL()
        let name = "cleanstore_test_\(getpid())_\(counter.next())"
        _ = try await withClient(url: cluster) { client in
            try await client.query("CREATE DATABASE \(unescaped: name)")
        }
        var components = URLComponents(string: cluster)!
        components.path = "/\(name)"
        return components.string!
    }

    /// Runs `body` with a client of its own, running only as long as `body`.
    static func withClient<T: Sendable>(url: String, _ body: (PostgresClient) async throws -> T) async throws -> T {
        let client = PostgresClient(configuration: try PostgresAppDatabase.configuration(url: url), backgroundLogger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            return try await body(client)
        }
    }

    /// A PostgreSQL store on a fresh, migrated database. Its client runs until the test ends.
    static func makeStore(for testCase: XCTestCase) async throws -> OrdersPostgresStore {
        let store = try await openStore(url: try await makeDatabase(), for: testCase)
        try await store.migrate()
        return store
    }

    /// A store on the database at `url`, not migrated, with the test card key unless `cards` says
    /// otherwise; its client runs until the test ends.
    static func openStore(
        url: String, cards: CardKeyring = TestCardKeys.keyring, logger: Logger = TestPostgres.logger, for testCase: XCTestCase
    ) async throws -> OrdersPostgresStore {
        let client = PostgresClient(configuration: try PostgresAppDatabase.configuration(url: url), backgroundLogger: logger)
        let run = Task { await client.run() }
        testCase.addTeardownBlock { run.cancel() }
        return OrdersPostgresStore(database: PostgresAppDatabase(client: client, cards: cards, logger: logger))
    }

    static let logger = Logger(label: "cleanstore.tests.postgres") { _ in SwiftLogNoOpLogHandler() }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int { lock.withLock { value += 1; return value } }
    }
}
