import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Everything the server needs, from the command line or a test.
public struct AppConfiguration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Where `Public/` is (static files, served as they are).
    public var publicDirectory = "Public"
    /// How long a new connection has to send its first request's head in full.
    public var headTimeout: Duration = .seconds(10)
    /// How long a request's body has to come in full, from the end of its head.
    public var bodyTimeout: Duration = .seconds(30)
    /// How long a connection may wait for its next request's head after a response (keep-alive).
    public var idleTimeout: Duration = .seconds(60)
    /// The most connections held open at once; nil: as many as the file limit allows
    /// (`OpenConnections.maximum()`). Over it, a connection waiting for a request is closed to
    /// make room, or the new one is refused with a 503.
    public var maxConnections: Int?
    /// Proxies (IP addresses) whose `X-Forwarded-For` names the client in the logs.
    public var trustedProxies: Set<String> = []
    /// How long SIGTERM waits for the requests in flight before closing what is left.
    public var shutdownTimeout: Duration = .seconds(10)
    /// Whether requests are counted and timed (Hummingbird's `MetricsMiddleware`): only when the
    /// metrics have a listener (`--metrics-port`); without one, every request paid for a counter
    /// and a timer that went nowhere.
    public var recordsMetrics = true

    public init(host: String = "127.0.0.1", port: Int = 8080, publicDirectory: String = "Public") {
        self.host = host
        self.port = port
        self.publicDirectory = publicDirectory
    }
}

/// The HTTP side: the route table, static files, error pages and request logs. POST routes sit
/// behind `PostedFormMiddleware`, which reads and checks their body once, before any decoding.
public func buildRouter(
    environment: SceneEnvironment, publicDirectory: String, trustedProxies: Set<String> = [], recordsMetrics: Bool = true
) -> Router<AppRequestContext> {
    var environment = environment
    environment.trustedProxies = trustedProxies
    let routes = Routes.table(environment: environment)
    // HEAD is routed to GET's handler (see HeadRequestMiddleware).
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: AccessLogMiddleware(trustedProxies: trustedProxies))
    if recordsMetrics {
        router.add(middleware: MetricsMiddleware())
    }
    router.addMiddleware {
        ContentSecurityMiddleware(contentSecurityPolicy: SecurityHeadersMiddleware<AppRequestContext>.contentSecurityPolicy)
        SecurityHeadersMiddleware()
        HeadRequestMiddleware()
        ErrorPageMiddleware(pages: environment.pages, routes: routes, signIn: environment.signIn, now: environment.now)
        CSRFMiddleware(security: environment.security)
        StaticFileGuardMiddleware()
        FileMiddleware(
            publicDirectory,
            cacheControl: CacheControl([(MediaType(type: .any), [.public, .maxAge(3600)])]),
            searchForIndexHtml: false)
    }
    // Only routes look sessions up: a static file (FileMiddleware serves one when the router has no
    // route for its path) or an unknown path costs no database read.
    let signedIn = router.group().add(middleware: SessionMiddleware(signIn: environment.signIn, now: environment.now))
    let forms = signedIn.group().add(middleware: PostedFormMiddleware(security: environment.security))
    for route in routes {
        let handler = Routes.guarded(route, environment: environment)
        if route.method == .post {
            forms.on(route.path.routerPath, method: route.method, use: handler)
        } else if route.looksUpSession {
            signedIn.on(route.path.routerPath, method: route.method, use: handler)
        } else {
            router.on(route.path.routerPath, method: route.method, use: handler)
        }
    }
    // The JSON API: its own door (bearer tokens, no cookies) and error layer (`Server/API/`).
    do {
        try APIRoutes.register(on: router, environment: environment)
    } catch {
        preconditionFailure("The API's routes could not be registered: \(error)")
    }
    return router
}

/// The application, ready to run (`try await app.runService()`) or to test. `database`, when
/// given, brings the services its store needs running and what to do before the first request.
public func buildApplication(
    environment: SceneEnvironment, configuration: AppConfiguration, logger: Logger, database: OrdersDatabase? = nil
) -> some ApplicationProtocol {
    let connections = OpenConnections(limit: configuration.connectionLimit(logger: logger))
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            ConnectionLimitsHandler(
                headTimeout: TimeAmount(configuration.headTimeout), bodyTimeout: TimeAmount(configuration.bodyTimeout),
                connections: connections, logger: logger)
        ],
        idleTimeout: TimeAmount(configuration.idleTimeout))
    var app = Application(
        router: buildRouter(
            environment: environment, publicDirectory: configuration.publicDirectory,
            trustedProxies: configuration.trustedProxies, recordsMetrics: configuration.recordsMetrics),
        server: .http1(configuration: http1),
        configuration: .init(
            address: .hostname(configuration.host, port: configuration.port), serverName: "CleanStore",
            // Hummingbird's cap stops accepting (the kernel queues new connections) before the
            // process runs out of descriptors. Out of them, accept() fails with EMFILE and NIO
            // 2.101 calls it again at once, tens of thousands of times a second: its
            // AcceptBackoffHandler delays the next read, but the failed one stays pending.
            availableConnectionsDelegate: MaximumAvailableConnections(
                connections.limit + OpenConnections.acceptMargin, logger: logger)),
        services: database?.services ?? [],
        logger: logger
    )
    if let database {
        app.beforeServerStarts(perform: database.prepare)
    }
    if let token = environment.signIn.setupToken {
        let signIn = environment.signIn
        let address = "http://\(configuration.host):\(configuration.port)"
        // After the database's own preparation (PostgreSQL's migrations): the first-run link,
        // once, while there is no supervisor. No default password, ever.
        app.beforeServerStarts {
            if try await signIn.needsFirstSupervisor() {
                logger.notice(
                    "No supervisor account yet. Create the first one in a browser at \(address)\(Paths.setup)?token=\(token.text) (this link works until a supervisor exists)")
            }
        }
    }
    return app
}
