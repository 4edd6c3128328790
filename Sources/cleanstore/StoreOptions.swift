import ArgumentParser
import CleanStore
import Foundation
import Logging

/// What every subcommand that opens the orders database takes: where it is, and the log level.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where orders are kept: an SQLite file (created when missing), postgres://user[:password]@host:port/database, or :memory: (default: $CLEANSTORE_DATABASE, else cleanstore.sqlite).",
            discussion: "SQLite suits one instance. Several instances behind a load balancer share one PostgreSQL database (and one --secret); each applies the schema migrations it needs at start-up, safely when they start together. Add ?sslmode=disable|prefer|require to a PostgreSQL URL (default prefer)."))
    var database: String?

    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = ProcessInfo.processInfo.environment["LOG_LEVEL"] ?? "info"

    func makeLogger() -> Logger {
        var logger = Logger(label: "cleanstore")
        logger.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .info
        return logger
    }

    func openDatabase(logger: Logger) throws -> OrdersDatabase {
        // Read here, not as the option's default: --help prints defaults, and this may hold a password.
        let setting = database ?? ProcessInfo.processInfo.environment["CLEANSTORE_DATABASE"] ?? "cleanstore.sqlite"
        return try OrdersDatabase.open(setting, logger: logger)
    }
}
