import Foundation
import Logging
import PostgresNIO
import ServiceLifecycle

/// The store a `--database` setting names, with what the app runs beside it and does around it:
/// - `postgres://user@host:port/db` (or `postgresql://`): PostgreSQL, for several app instances;
/// - `:memory:`: orders in memory, forgotten on exit;
/// - anything else: the path of an SQLite file (created when missing), the default.
public struct OrdersDatabase: Sendable {
    public let store: any OrdersStoreProtocol
    /// What the logs say the orders are served from (never a password).
    public let description: String
    /// Services that run beside the HTTP server, started before it and stopped after it
    /// (PostgreSQL's connection pool).
    public let services: [any Service]
    /// Run before the server accepts its first request (PostgreSQL's schema migrations).
    public let prepare: @Sendable () async throws -> Void
    /// Run once the server has stopped.
    public let close: @Sendable () throws -> Void

    public static func open(_ database: String, logger: Logger) throws -> OrdersDatabase {
        if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") {
            let client = PostgresClient(configuration: try OrdersPostgresStore.configuration(url: database), backgroundLogger: logger)
            let store = OrdersPostgresStore(client: client, logger: logger)
            return OrdersDatabase(
                store: store, description: "PostgreSQL at \(OrdersPostgresStore.redacted(database))", services: [client],
                prepare: { try await store.migrate() }, close: {})
        }
        if database == ":memory:" {
            return OrdersDatabase(store: OrdersMemStore(), description: "memory", services: [], prepare: {}, close: {})
        }
        let store = try OrdersSQLiteStore(path: database, logger: logger)
        return OrdersDatabase(
            store: store, description: "SQLite file \(database)", services: [], prepare: {}, close: { try store.close() })
    }
}
