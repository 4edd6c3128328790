import ArgumentParser
import CleanStore
import Foundation
import Hummingbird
import Logging

/// `cleanstore serve` (the default subcommand): runs the web server.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the order pages (the default: `cleanstore --port 8080` is `cleanstore serve --port 8080`).")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on.")
    var port = 8080

    @OptionGroup
    var store: StoreOptions

    @Option(help: "The folder holding the page templates.")
    var views = "Views"

    @Option(name: .customLong("public"), help: "The folder of static files (CSS, scripts).")
    var publicDirectory = "Public"

    @Option(
        help: ArgumentHelp(
            "The secret that signs browser ids, forms' CSRF tokens and redirect messages, 32 bytes or more (default: $CLEANSTORE_SECRET). Prefer --secret-file or the environment: a command line is visible to every user of the machine.",
            discussion: "Give every instance behind one load balancer the same secret. Without one, a random secret is made at start-up: forms opened before a restart are then refused."))
    var secret: String?

    @Option(help: "A file whose first line is the secret (instead of --secret).")
    var secretFile: String?

    @Flag(help: "Mark cookies Secure (when the app is served over HTTPS, e.g. behind a TLS proxy).")
    var secureCookies = false

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    func run() async throws {
        let logger = store.makeLogger()
        // Read here, not as an option's default: --help prints defaults. Never logged.
        let secret: String
        do {
            secret = try RequestSecurity.secret(
                option: self.secret, file: secretFile, environment: ProcessInfo.processInfo.environment)
                ?? {
                    logger.warning(
                        "No --secret, --secret-file or CLEANSTORE_SECRET: using a random one; forms opened before a restart will be refused")
                    return RequestSecurity.randomBrowserID()
                }()
        } catch let error as RequestSecurity.SecretError {
            throw ValidationError(error.description)
        }
        let database = try store.openDatabase(logger: logger)
        let pages = try await PageRenderer(directory: views)
        let environment = SceneEnvironment(
            ordersStore: database.store, pages: pages, security: RequestSecurity(secret: secret, secureCookies: secureCookies))
        logger.info("Serving orders from \(database.description)")
        let configuration = connections.applied(
            to: AppConfiguration(host: host, port: port, publicDirectory: publicDirectory))
        let app = buildApplication(environment: environment, configuration: configuration, logger: logger, database: database)
        // Runs until SIGTERM or SIGINT: then stops accepting, finishes the requests in flight
        // (closing what is left after --shutdown-timeout), returns.
        try await app.runService(shutdownTimeout: configuration.shutdownTimeout)
        try database.close()
        logger.info("Stopped")
    }
}
