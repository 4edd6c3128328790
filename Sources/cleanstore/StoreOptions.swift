import ArgumentParser
import CleanStore
import Foundation
import Logging

/// What every subcommand that opens the orders database takes: where it is, its card keys, and the
/// log level. Keys are read from files or the environment, never from the command line (where `ps`
/// would show them), and never logged.
struct StoreOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Where orders are kept: an SQLite file (created when missing), postgres://user[:password]@host:port/database, or :memory: (default: $CLEANSTORE_DATABASE, else cleanstore.sqlite).",
            discussion: "SQLite suits one instance. Several instances behind a load balancer share one PostgreSQL database (and one --secret); each applies the schema migrations it needs at start-up, safely when they start together. Add ?sslmode=disable|prefer|require to a PostgreSQL URL (default prefer)."))
    var database: String?

    @Option(
        name: .customLong("card-key-file"),
        help: ArgumentHelp(
            "A file holding the key that encrypts card numbers at rest: base64 of 32 random bytes (default: $CLEANSTORE_CARD_KEY, else for SQLite <database>.card-key, made on first start).",
            discussion: "Keep the key apart from the database and its backups. PostgreSQL needs one given, the same on every instance.",
            valueName: "path"))
    var cardKeyFile: String?

    @Option(
        name: .customLong("previous-card-key-file"),
        help: ArgumentHelp(
            "A file holding an older card key, which still decrypts (repeatable): give it while rotate-card-key re-encrypts its rows.",
            valueName: "path"))
    var previousCardKeyFiles: [String] = []

    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = ProcessInfo.processInfo.environment["LOG_LEVEL"] ?? "info"

    @Option(help: "How log lines are written: text (for a terminal) or json (one object a line, for a log collector).")
    var logFormat: LogFormat = .text

    /// The SQLite pool's reading connections (default: the cores, at least 2): for
    /// `scripts/measure-rss`, which measures what each costs in memory (issue 31).
    @Option(help: .hidden)
    var sqliteReaders: Int?

    /// Each SQLite connection's page cache in KiB (default 2,000): for `scripts/measure-rss`.
    @Option(help: .hidden)
    var sqliteCacheKib: Int?

    /// Reads on the request's own thread at once, at most (default: as many as readers): for
    /// measuring the pages' p99 against their CPU (issue 31; `SQLiteTuning.inPlaceReads`).
    @Option(help: .hidden)
    var sqliteInPlaceReads: Int?

    /// Of them, reads of several statements at once, at most: `SQLiteTuning.inPlaceTransactions`.
    @Option(help: .hidden)
    var sqliteInPlaceTransactions: Int?

    /// After a read in place, offer the core (`sched_yield`; default true): for measuring the
    /// pages' p99 with and without (`SQLiteTuning.yieldsAfterInPlaceRead`).
    @Option(help: .hidden)
    var sqliteYieldAfterInPlaceRead: Bool?

    /// Seconds a PostgreSQL connection idles before its keep-alive query, 0 for none (default 5):
    /// for measuring what the pool's timers cost in memory (issue 31; `PostgresPoolTuning`).
    @Option(help: .hidden)
    var postgresKeepAliveSeconds: Int?

    var postgresTuning: PostgresPoolTuning {
        var tuning = PostgresPoolTuning.standard
        if let seconds = postgresKeepAliveSeconds {
            tuning.keepAliveSeconds = seconds > 0 ? seconds : nil
        }
        return tuning
    }

    var sqliteTuning: SQLiteTuning {
        let standard = SQLiteTuning.standard
        return SQLiteTuning(
            readers: sqliteReaders ?? standard.readers, cacheKiB: sqliteCacheKib ?? standard.cacheKiB,
            inPlaceReads: sqliteInPlaceReads, inPlaceTransactions: sqliteInPlaceTransactions,
            yieldsAfterInPlaceRead: sqliteYieldAfterInPlaceRead ?? standard.yieldsAfterInPlaceRead)
    }

    enum LogFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    func makeLogger() -> Logger {
        // Every logger of the process, the libraries' too (FileMiddleware makes its own), writes
        // its values made safe: no control character reaches a line (SanitizingLogHandler).
        switch logFormat {
        case .json: LoggingSystem.bootstrap { _ in SanitizingLogHandler(JSONLogHandler()) }
        case .text: LoggingSystem.bootstrap { label in SanitizingLogHandler(StreamLogHandler.standardError(label: label)) }
        }
        var logger = Logger(label: "cleanstore")
        logger.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .info
        return logger
    }

    /// Opens the database, with its card keys.
    func openDatabase(logger: Logger) throws -> OrdersDatabase {
        // Read here, not as the options' defaults: --help prints defaults, and these hold secrets.
        let environment = ProcessInfo.processInfo.environment
        let setting = database ?? environment["CLEANSTORE_DATABASE"] ?? "cleanstore.sqlite"
        let cardKeys = CardKeySettings(
            keyFile: cardKeyFile, keyBase64: environment["CLEANSTORE_CARD_KEY"], previousKeyFiles: previousCardKeyFiles)
        return try OrdersDatabase.open(
            setting, cardKeys: cardKeys, logger: logger, sqliteTuning: sqliteTuning, postgresTuning: postgresTuning)
    }
}
