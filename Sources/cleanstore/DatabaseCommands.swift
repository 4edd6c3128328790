import ArgumentParser
import CleanStore
import Foundation
import Logging

/// `cleanstore backup PATH`: a consistent copy of the SQLite database, taken while servers serve.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the SQLite database, consistently, while the servers take orders (the copy is 0600).",
        discussion: """
            The copy holds card numbers encrypted: back up the card key (<database>.card-key, or the file you \
            give with --card-key-file) separately, and keep it apart from the copies. For PostgreSQL use pg_dump \
            (see the README, "Running in production").
            """)

    @Argument(help: "Where the copy goes (a new file: a backup never overwrites one).")
    var path: String

    @Option(help: "The SQLite database to copy (default: $CLEANSTORE_DATABASE, else cleanstore.sqlite).")
    var database: String?

    func run() throws {
        let source = database ?? ProcessInfo.processInfo.environment["CLEANSTORE_DATABASE"] ?? "cleanstore.sqlite"
        guard !source.hasPrefix("postgres://"), !source.hasPrefix("postgresql://"), source != ":memory:" else {
            throw ValidationError("backup copies an SQLite database; for PostgreSQL use pg_dump (README, \"Running in production\")")
        }
        do {
            try SQLiteAppDatabase.backup(databaseAt: source, to: path)
        } catch {
            throw ValidationError("\(error)")
        }
        print("Backed up \(source) to \(path). The card key is not in the copy: back it up apart.")
    }
}

/// `cleanstore migrate`: brings the database's schema up to date, then exits (for deploy pipelines).
struct MigrateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate", abstract: "Apply the database's migrations and exit (servers also do it at start-up).")

    @OptionGroup
    var store: StoreOptions

    func run() async throws {
        let logger = store.makeLogger()
        let database = try store.openDatabase(logger: logger)
        try await database.use {}
        logger.notice("The schema of \(database.description) is up to date")
    }
}

/// `cleanstore check`: verifies what a server needs — the database reachable and healthy, the secret
/// set and long enough, the templates and static files present — and says every problem it finds.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check", abstract: "Check the configuration a server would start with; exit non-zero, saying why, when it would not serve.")

    @OptionGroup
    var store: StoreOptions

    @OptionGroup
    var app: AppOptions

    @Option(help: "Seconds to wait for the database to answer.")
    var timeout = 10

    func run() async throws {
        let logger = store.makeLogger()
        var problems: [String] = []
        do {
            if try app.givenSecret() == nil {
                problems.append("No secret: give --secret-file or CLEANSTORE_SECRET (32 bytes or more), the same on every instance")
            }
        } catch {
            problems.append("\(error)")
        }
        do {
            _ = try await PageRenderer(directory: app.views)
        } catch {
            problems.append("Templates: \(error)")
        }
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: app.publicDirectory + "/css/app.css", isDirectory: &isFolder) || isFolder.boolValue {
            problems.append("Static files: no \(app.publicDirectory)/css/app.css (run from the repository root, or give --public)")
        }
        let setting = store.database ?? ProcessInfo.processInfo.environment["CLEANSTORE_DATABASE"] ?? "cleanstore.sqlite"
        if !setting.contains("://"), setting != ":memory:", !FileManager.default.fileExists(atPath: setting) {
            problems.append("No database at \(setting): `cleanstore migrate` (or the first start) creates one")
        } else {
            do {
                let database = try store.openDatabase(logger: logger)
                let seconds = timeout
                try await withThrowingTaskGroup(of: Void.self) { checks in
                    checks.addTask { try await database.use { try await database.store.checkHealth() } }
                    checks.addTask {
                        try await Task.sleep(for: .seconds(seconds))
                        throw ValidationError("no answer within \(seconds) s")
                    }
                    // The first to finish decides; the other is cancelled.
                    try await checks.next()
                    checks.cancelAll()
                }
            } catch {
                problems.append("Database: \(error)")
            }
        }
        guard problems.isEmpty else {
            for problem in problems { logger.error("\(problem)") }
            throw ExitCode.failure
        }
        logger.notice("The configuration is ready to serve")
    }
}
