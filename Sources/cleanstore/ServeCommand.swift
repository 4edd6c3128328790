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

    /// Seconds a session may go unused (overrides --session-idle-minutes): for the browser test of
    /// the timeout warning, which cannot wait half an hour.
    @Option(help: .hidden)
    var sessionIdleSeconds: Int?

    @Option(help: "Hours a session lasts at most, however busy.")
    var sessionHours = 12

    @Option(
        help: ArgumentHelp(
            "Failed sign-ins from one address within 15 minutes before every sign-in from it is refused.",
            discussion: "Clerks behind one proxy or office router share its address: name the proxy with --trusted-proxy, or raise this. The log says when many usernames failed from one address.",
            valueName: "count"))
    var maxSignInFailuresPerAddress = SignInThrottle.standard.maximumFailuresPerAddress

    @Option(help: "Requests a minute each API token may make on this instance (in memory: behind N instances, N times as many).")
    var apiRateLimit = 120

    @Flag(
        help: ArgumentHelp(
            "Send webhooks over http and to loopback, private and link-local addresses too (tests, a private network).",
            discussion: "Without it, a webhook goes only over https to a public address: every address its host resolves to is checked, and the checked one is connected to."))
    var allowPrivateWebhooks = false

    /// Orders each batch of the one-off linking of orders to customers takes (issue 27): for
    /// `scripts/measure-customer-linking --batch-size`, which measures whether bigger ones help.
    @Option(help: .hidden)
    var linkingBatchSize = CustomersFromOrdersLinking.defaultBatchSize

    @Option(help: "Days a draft may go unchanged before it is removed.")
    var draftDays = DraftHousekeeping.defaultDays

    @Option(
        help: ArgumentHelp(
            "The shop's time zone, as the IANA names it (America/Chicago): pages show dates in it, the list's date filters are its days, an order's tax rate is its placing day's in it (default: the server's).",
            valueName: "zone"))
    var timeZone: String?

    @OptionGroup(title: "Connections")
    var connections: ConnectionOptions

    @Option(help: "Serve Prometheus metrics (GET /metrics) on this port, on a listener of its own (default: no metrics).")
    var metricsPort: Int?

    @Option(help: "The address the metrics listener binds to: keep it private (loopback by default).")
    var metricsHost = "127.0.0.1"

    /// Keeps the code pages start-up touched (`StartUpPages`): for `scripts/measure-rss`, which
    /// measures what letting them go saves.
    @Flag(help: .hidden)
    var keepStartUpPages = false

    func run() async throws {
        // First, before the server's threads start: each would get a malloc arena of its own.
        MallocArenas.apply(environment: ProcessInfo.processInfo.environment)
        let logger = store.makeLogger()
        // Before any metric is made: swift-metrics keeps the factory that was there at the time.
        let metricsRegistry = metricsPort.map { _ in AppMetrics.bootstrap() }
        let shopTimeZone = try Self.shopTimeZone(timeZone)
        let secret = try app.givenSecret() ?? {
            logger.warning(
                "No --secret, --secret-file or CLEANSTORE_SECRET: using a random one; forms opened before a restart will be refused")
            return RequestSecurity.randomBrowserID()
        }()
        let database = try store.openDatabase(logger: logger)
        var pages = try await PageRenderer(directory: app.views)
        guard sessionIdleMinutes > 0, sessionHours > 0 else {
            throw ValidationError("--session-idle-minutes and --session-hours must be at least 1")
        }
        guard draftDays > 0 else {
            throw ValidationError("--draft-days must be at least 1")
        }
        guard apiRateLimit > 0 else {
            throw ValidationError("--api-rate-limit must be at least 1")
        }
        guard maxSignInFailuresPerAddress > 0 else {
            throw ValidationError("--max-sign-in-failures-per-address must be at least 1")
        }
        var signIn = SignInServices.of(database)
        signIn.setupToken = SetupToken.random()
        signIn.timeouts = SessionTimeouts(idle: Double(sessionIdleMinutes) * 60, absolute: Double(sessionHours) * 3600)
        if let sessionIdleSeconds {
            // Tests of the timeout warning: a short limit, its last use written at least ten times in it.
            guard sessionIdleSeconds > 0 else { throw ValidationError("--session-idle-seconds must be at least 1") }
            signIn.timeouts.idle = Double(sessionIdleSeconds)
            signIn.timeouts.refreshInterval = min(signIn.timeouts.refreshInterval, Double(sessionIdleSeconds) / 10)
        }
        pages.sessionTimeouts = signIn.timeouts
        signIn.throttle.maximumFailuresPerAddress = maxSignInFailuresPerAddress
        _ = signIn.passwords.dummyHash  // made now, not during the first sign-in with an unknown name
        var configuration = connections.applied(
            to: AppConfiguration(host: host, port: port, publicDirectory: app.publicDirectory))
        configuration.recordsMetrics = metricsRegistry != nil
        signIn.hasTrustedProxies = !configuration.trustedProxies.isEmpty
        var environment = SceneEnvironment(
            ordersStore: database.store, orderEvents: database.events, orderNotes: database.notes, drafts: database.drafts, pages: pages,
            timeZone: shopTimeZone, security: RequestSecurity(secret: secret, secureCookies: secureCookies), signIn: signIn)
        environment.products = database.products
        environment.taxRates = database.taxRates
        environment.apiTokens = database.apiTokens
        environment.idempotencyKeys = database.idempotencyKeys
        environment.apiRateLimiter = APIRateLimiter(limit: apiRateLimit)
        environment.apiSpec = app.readAPISpec()
        environment.credentialRevokers = [APITokensRevoker(tokens: database.apiTokens, now: environment.now)]
        environment.customers = database.customers
        environment.savedViews = database.savedViews
        environment.bulkMoves = database.bulkMoves
        environment.webhooks = database.webhooks
        environment.allowPrivateWebhooks = allowPrivateWebhooks
        logger.info("Serving orders from \(database.description), in the time zone \(shopTimeZone.identifier)")
        let app = buildApplication(environment: environment, configuration: configuration, logger: logger, database: database)
        // Runs until SIGTERM or SIGINT: then stops accepting, finishes the requests in flight
        // (closing what is left after --shutdown-timeout), returns.
        // Old failed sign-ins and ended sessions deleted every 10 minutes; drafts unchanged for
        // --draft-days, every hour. The orders keyed before customers came in become customers,
        // once, in batches, while the server serves.
        var alsoRunning: [any Service] = [
            SignInHousekeeping(signIn: signIn, logger: logger),
            DraftHousekeeping(drafts: database.drafts, days: draftDays, logger: logger),
            CustomersFromOrdersLinking(customers: database.customers, batchSize: max(1, linkingBatchSize), logger: logger),
            // The webhooks' outbox, sent every second (issue 30).
            WebhookSender(store: database.webhooks, allowPrivate: allowPrivateWebhooks, logger: logger, wake: WebhookOutbox.deliveriesWritten),
        ]
        if let metricsRegistry, let metricsPort {
            alsoRunning.append(
                AppMetrics.application(registry: metricsRegistry, host: metricsHost, port: metricsPort, logger: logger))
            logger.info("Metrics on http://\(metricsHost):\(metricsPort)/metrics")
        }
        if !keepStartUpPages {
            // Start-up is over (migrations, templates, options): the code it ran once need not
            // stay resident; what the requests use comes back as they use it.
            let released = StartUpPages.release()
            logger.debug("Let go of the start-up's code pages (\(released / 1_048_576) MB of read-only mappings advised)")
        }
        try await app.runService(shutdownTimeout: configuration.shutdownTimeout, alsoRunning: alsoRunning)
        try database.close()
        logger.info("Stopped")
    }

    /// The time zone `--time-zone` names; the server's when none is given.
    static func shopTimeZone(_ name: String?) throws -> TimeZone {
        guard let name else { return .current }
        guard let zone = TimeZone(identifier: name) else {
            throw ValidationError("--time-zone \(name) is no time zone: give its IANA name, for example America/Chicago or UTC")
        }
        return zone
    }
}
