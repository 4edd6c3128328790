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
    /// (`postgresql://` too). TLS is preferred unless `sslmode` says otherwise.
    public static func configuration(url text: String) throws(OrdersStoreError) -> PostgresClient.Configuration {
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
        // A pool sized to the machine: more connections than cores only queue in the server.
        configuration.options.maximumConnections = max(4, ProcessInfo.processInfo.activeProcessorCount * 2)
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
