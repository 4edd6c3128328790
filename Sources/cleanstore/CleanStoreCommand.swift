import ArgumentParser
import CleanStore
import Foundation
import Hummingbird
import Logging

@main
struct CleanStoreCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cleanstore",
        abstract: "CleanStore Web: create, list, show and edit orders from a browser.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @Option(
        help: ArgumentHelp(
            "Where orders are kept: an SQLite file (created when missing), postgres://user[:password]@host:port/database, or :memory: (default: $CLEANSTORE_DATABASE, else cleanstore.sqlite).",
            discussion: "SQLite suits one instance. Several instances behind a load balancer share one PostgreSQL database (and one --secret); each applies the schema migrations it needs at start-up, safely when they start together. Add ?sslmode=disable|prefer|require to a PostgreSQL URL (default prefer)."))
    var database: String?

    @Option(help: "The folder holding the page templates.")
    var views = "Views"

    @Option(name: .customLong("public"), help: "The folder of static files (CSS, scripts).")
    var publicDirectory = "Public"

    @Option(
        help: ArgumentHelp(
            "The secret that signs forms' CSRF tokens and redirect messages (default: $CLEANSTORE_SECRET).",
            discussion: "Give every instance behind one load balancer the same secret. Without one, a random secret is made at start-up: forms opened before a restart are then refused."))
    var secret: String?

    @Flag(help: "Mark cookies Secure (when the app is served over HTTPS, e.g. behind a TLS proxy).")
    var secureCookies = false

    @Option(help: "The log level (trace, debug, info, notice, warning, error, critical).")
    var logLevel: String = ProcessInfo.processInfo.environment["LOG_LEVEL"] ?? "info"

    func run() async throws {
        var logger = Logger(label: "cleanstore")
        logger.logLevel = Logger.Level(rawValue: logLevel.lowercased()) ?? .info

        // Read here, not as the option's default: --help prints defaults, and this may hold a password.
        let setting = self.database ?? ProcessInfo.processInfo.environment["CLEANSTORE_DATABASE"] ?? "cleanstore.sqlite"
        let database = try OrdersDatabase.open(setting, logger: logger)
        let pages = try await PageRenderer(directory: views)
        var secret = self.secret ?? ProcessInfo.processInfo.environment["CLEANSTORE_SECRET"] ?? ""
        if secret.isEmpty {
            logger.warning("No --secret or CLEANSTORE_SECRET: using a random one; forms opened before a restart will be refused")
            secret = RequestSecurity.randomBrowserID()
        }
        let environment = SceneEnvironment(
            ordersStore: database.store, pages: pages, security: RequestSecurity(secret: secret, secureCookies: secureCookies))
        logger.info("Serving orders from \(database.description)")
        let app = buildApplication(
            environment: environment,
            configuration: AppConfiguration(host: host, port: port, publicDirectory: publicDirectory),
            logger: logger, database: database)
        // Runs until SIGTERM or SIGINT: then stops accepting, finishes the requests in flight, returns.
        try await app.runService()
        try database.close()
        logger.info("Stopped")
    }
}
