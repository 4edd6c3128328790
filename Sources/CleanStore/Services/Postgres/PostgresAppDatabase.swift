import Foundation
import Logging
import PostgresNIO

/// The PostgreSQL database (PostgresNIO), as hummingbird-examples' repositories share one
/// `PostgresClient`: the client (its pool; the app's service group keeps its `run()` going), every
/// table's migrations (`PostgresAppDatabase+Migrations.swift`, applied by `migrate()` before the
/// first request), health. The stores (orders, events, notes, accounts, sessions, sign-in attempts)
/// each take it and query through its client. (Not PostgresNIO's `PostgresDatabase`, a protocol of
/// its own.) Backups are `pg_dump`'s (README, "Running in production").
///
/// Card numbers are stored encrypted (`CardKeyring`); `migrate()` refuses a database whose card
/// numbers need a key the keyring does not hold.
public final class PostgresAppDatabase: Sendable {
    public let client: PostgresClient
    let cards: CardKeyring
    let logger: Logger

    public init(client: PostgresClient, cards: CardKeyring, logger: Logger) {
        self.client = client
        self.cards = cards
        self.logger = logger
    }

    // MARK: Configuration

    /// Reads `postgres://user[:password]@host[:port]/database[?sslmode=disable|prefer|require]`
    /// (`postgresql://` too). TLS is preferred unless `sslmode` says otherwise. The pool is
    /// `tuning`'s (`PostgresPoolTuning`).
    public static func configuration(
        url text: String, tuning: PostgresPoolTuning = .standard
    ) throws(OrdersStoreError) -> PostgresClient.Configuration {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme),
            let host = components.host, !host.isEmpty, let username = components.user, !username.isEmpty
        else {
            throw .cannotFetch("Not a PostgreSQL URL (postgres://user@host:port/database): \(redacted(text))")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        // As libpq reads sslmode: prefer and require encrypt without checking the certificate,
        // verify-ca checks it against the system's roots, verify-full checks the host name too.
        let sslMode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer"
        func tlsConfiguration(_ verification: CertificateVerification) -> TLSConfiguration {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = verification
            return configuration
        }
        let tls: PostgresClient.Configuration.TLS
        switch sslMode {
        case "disable": tls = .disable
        case "allow", "prefer": tls = .prefer(tlsConfiguration(.none))
        case "require": tls = .require(tlsConfiguration(.none))
        case "verify-ca": tls = .require(tlsConfiguration(.noHostnameVerification))
        case "verify-full": tls = .require(tlsConfiguration(.fullVerification))
        default: throw .cannotFetch("Unknown sslmode \(sslMode) (disable, prefer, require, verify-ca or verify-full)")
        }
        var configuration = PostgresClient.Configuration(
            host: host, port: components.port ?? 5432, username: username, password: components.password,
            database: database.isEmpty ? nil : database, tls: tls)
        tuning.apply(to: &configuration.options)
        return configuration
    }

    /// The URL with its password replaced, for messages and logs.
    public static func redacted(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "***"
        return components.string ?? text
    }

    // MARK: Health

    /// Thrown inside the probe's transaction, to roll back its write.
    private struct ProbeRollback: Error {}

    public func checkHealth() async throws(OrdersStoreError) {
        do {
            _ = try await exists("SELECT EXISTS (SELECT 1 FROM orders)")
            try await client.withTransaction(logger: logger) { connection in
                try await connection.query("INSERT INTO cleanstore_health (probe) VALUES (1)", logger: logger)
                throw ProbeRollback()
            }
        } catch let error as PostgresTransactionError where error.closureError is ProbeRollback && error.rollbackError == nil {
            return  // written, then rolled back: healthy
        } catch {
            throw .unavailable("The PostgreSQL database cannot be read and written: \(String(reflecting: error))")
        }
    }

    /// The one boolean `query` answers (false for no row).
    /// The one number `query` answers (a `count(*)`), 0 when it answers no row.
    func count(_ query: PostgresQuery) async throws -> Int {
        for try await value in try await client.query(query, logger: logger).decode(Int.self) {
            return value
        }
        return 0
    }

    /// As `count(_:)`, `statement` prepared once per connection (`PostgresPreparedStatements`).
    func count(prepared statement: OrdersQuerySQL.Statement) async throws -> Int {
        try await PostgresPreparedStatements.rows(statement, on: client, logger: logger).first?.decode(Int.self) ?? 0
    }

    /// As `exists(_:)`, `statement` prepared once per connection (`PostgresPreparedStatements`).
    func exists(prepared statement: OrdersQuerySQL.Statement) async throws -> Bool {
        try await PostgresPreparedStatements.rows(statement, on: client, logger: logger).first?.decode(Bool.self) ?? false
    }

    func exists(_ query: PostgresQuery) async throws -> Bool {
        for try await value in try await client.query(query, logger: logger).decode(Bool.self) {
            return value
        }
        return false
    }
}

/// How PostgresNIO's pool keeps its connections (issue 31: each PostgreSQL instance's peak RSS
/// under 64 MB).
///
/// PostgresNIO's pool starts a timer each time a connection comes back to it idle: a keep-alive
/// query after `keepAliveBehavior.frequency` (30 s by default) and, for a connection above
/// `minimumConnections` (0 by default), an idle timeout after `connectionIdleTimeout` (60 s). The
/// next lease cancels them, but each is a `Task.sleep` (`ConnectionPool.runTimer`), and Swift's
/// sleep stays enqueued with Dispatch until its deadline even when cancelled: its task, its Dispatch
/// timer source and continuation, about 360 bytes together, live on until then. A page leases a
/// connection two or three times, so at 500 pages a second the defaults kept some 57,000 timers
/// alive (heaptrack of an instance under bench's load: 20.6 MB of its 24.3 MB peak heap), and the
/// glibc arena they were interleaved in could give almost none of it back (BENCHMARKS.md,
/// "Issue 31: the PostgreSQL instances' memory").
///
/// So every connection is a minimum connection (none idles out: no idle-timeout timer at all), and
/// an idle connection is checked every `keepAliveSeconds` (5): the cancelled keep-alive timers live
/// 5 s instead of 30, and a connection idle for 5 s runs `SELECT 1` — under a second's work for the
/// server per idle minute and connection. nil runs no keep-alive query (a dead connection is then
/// found by the next query on it).
public struct PostgresPoolTuning: Sendable, Equatable {
    /// The pool's connections, all kept open (PostgresNIO's `minimumConnections` and
    /// `maximumConnections`).
    public var connections: Int
    /// Seconds an idle connection waits before its keep-alive query; nil: none.
    public var keepAliveSeconds: Int?

    public init(connections: Int, keepAliveSeconds: Int?) {
        self.connections = max(1, connections)
        self.keepAliveSeconds = keepAliveSeconds.map { max(1, $0) }
    }

    /// Two connections a core, at least 4 (more than the cores only queue in the server), and a
    /// keep-alive query after 5 s idle.
    public static let standard = PostgresPoolTuning(
        connections: max(4, ProcessInfo.processInfo.activeProcessorCount * 2), keepAliveSeconds: 5)

    /// Sets the pool's options to these.
    public func apply(to options: inout PostgresClient.Configuration.Options) {
        options.maximumConnections = connections
        options.minimumConnections = connections
        options.keepAliveBehavior = keepAliveSeconds.map { .init(frequency: .seconds($0)) }
    }
}
