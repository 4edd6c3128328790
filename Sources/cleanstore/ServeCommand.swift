import ArgumentParser
import CleanStore
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle

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

    @Option(help: "Minutes a session may go unused before it ends (the clerk signs in again).")
    var sessionIdleMinutes = 30

    @Option(help: "Hours a session lasts at most, however busy.")
    var sessionHours = 12

    @Option(
        help: ArgumentHelp(
            "Failed sign-ins from one address within 15 minutes before every sign-in from it is refused.",
            discussion: "Clerks behind one proxy or office router share its address: name the proxy with --trusted-proxy, or raise this. The log says when many usernames failed from one address.",
            valueName: "count"))
    var maxSignInFailuresPerAddress = SignInThrottle.standard.maximumFailuresPerAddress

    @Option(help: "Days a draft may go unchanged before it is removed.")
    var draftDays = DraftHousekeeping.defaultDays

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @Option(help: "Serve Prometheus metrics (GET /metrics) on this port, on a listener of its own (default: no metrics).")
    var metricsPort: Int?

    @Option(help: "The address the metrics listener binds to: keep it private (loopback by default).")
    var metricsHost = "127.0.0.1"

    func run() async throws {
        let logger = store.makeLogger()
        // Before any metric is made: swift-metrics keeps the factory that was there at the time.
        let metricsRegistry = metricsPort.map { _ in AppMetrics.bootstrap() }
        let secret = try app.givenSecret() ?? {
            logger.warning(
                "No --secret, --secret-file or CLEANSTORE_SECRET: using a random one; forms opened before a restart will be refused")
            return RequestSecurity.randomBrowserID()
        }()
        let database = try store.openDatabase(logger: logger)
        let pages = try await PageRenderer(directory: app.views)
        guard sessionIdleMinutes > 0, sessionHours > 0 else {
            throw ValidationError("--session-idle-minutes and --session-hours must be at least 1")
        }
        guard draftDays > 0 else {
            throw ValidationError("--draft-days must be at least 1")
        }
        guard maxSignInFailuresPerAddress > 0 else {
            throw ValidationError("--max-sign-in-failures-per-address must be at least 1")
        }
        var signIn = SignInServices.of(database)
        signIn.setupToken = SetupToken.random()
        signIn.timeouts = SessionTimeouts(idle: Double(sessionIdleMinutes) * 60, absolute: Double(sessionHours) * 3600)
        signIn.throttle.maximumFailuresPerAddress = maxSignInFailuresPerAddress
        _ = signIn.passwords.dummyHash  // made now, not during the first sign-in with an unknown name
        let configuration = connections.applied(
            to: AppConfiguration(host: host, port: port, publicDirectory: app.publicDirectory))
        signIn.hasTrustedProxies = !configuration.trustedProxies.isEmpty
        var environment = SceneEnvironment(
            ordersStore: database.store, orderEvents: database.events, orderNotes: database.notes, drafts: database.drafts, pages: pages,
            security: RequestSecurity(secret: secret, secureCookies: secureCookies), signIn: signIn)
        environment.products = database.products
        environment.taxRates = database.taxRates
        environment.customers = database.customers
        logger.info("Serving orders from \(database.description)")
        let app = buildApplication(environment: environment, configuration: configuration, logger: logger, database: database)
        // Runs until SIGTERM or SIGINT: then stops accepting, finishes the requests in flight
        // (closing what is left after --shutdown-timeout), returns.
        // Old failed sign-ins and ended sessions deleted every 10 minutes; drafts unchanged for
        // --draft-days, every hour. The orders keyed before customers came in become customers,
        // once, in batches, while the server serves.
        var alsoRunning: [any Service] = [
            SignInHousekeeping(signIn: signIn, logger: logger),
            DraftHousekeeping(drafts: database.drafts, days: draftDays, logger: logger),
            CustomersFromOrdersLinking(customers: database.customers, logger: logger),
        ]
        if let metricsRegistry, let metricsPort {
            alsoRunning.append(
                AppMetrics.application(registry: metricsRegistry, host: metricsHost, port: metricsPort, logger: logger))
            logger.info("Metrics on http://\(metricsHost):\(metricsPort)/metrics")
        }
        try await app.runService(shutdownTimeout: configuration.shutdownTimeout, alsoRunning: alsoRunning)
        try database.close()
        logger.info("Stopped")
    }
}
