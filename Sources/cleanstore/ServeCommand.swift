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

    @OptionGroup
    var app: AppOptions

    @Flag(help: "Mark cookies Secure (when the app is served over HTTPS, e.g. behind a TLS proxy).")
    var secureCookies = false

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    func run() async throws {
        let logger = store.makeLogger()
        let secret = try app.givenSecret() ?? {
            logger.warning(
                "No --secret, --secret-file or CLEANSTORE_SECRET: using a random one; forms opened before a restart will be refused")
            return RequestSecurity.randomBrowserID()
        }()
        let database = try store.openDatabase(logger: logger)
        let pages = try await PageRenderer(directory: app.views)
        let environment = SceneEnvironment(
            ordersStore: database.store, pages: pages, security: RequestSecurity(secret: secret, secureCookies: secureCookies))
        logger.info("Serving orders from \(database.description)")
        let configuration = connections.applied(
            to: AppConfiguration(host: host, port: port, publicDirectory: app.publicDirectory))
        let app = buildApplication(environment: environment, configuration: configuration, logger: logger, database: database)
        // Runs until SIGTERM or SIGINT: then stops accepting, finishes the requests in flight
        // (closing what is left after --shutdown-timeout), returns.
        try await app.runService(shutdownTimeout: configuration.shutdownTimeout)
        try database.close()
        logger.info("Stopped")
    }
}
