import ArgumentParser
import CleanStore
import NIOCore

/// Time limits and the cap on connections (`cleanstore --help`, under "Connections").
struct ConnectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Seconds a new connection has to send its first request's head.", valueName: "seconds"))
    var headTimeout = 10.0

    @Option(help: ArgumentHelp("Seconds a request's body has to arrive in full, from the end of its head.", valueName: "seconds"))
    var bodyTimeout = 30.0

    @Option(help: ArgumentHelp("Seconds a keep-alive connection may wait for its next request.", valueName: "seconds"))
    var idleTimeout = 60.0

    @Option(
        help: ArgumentHelp(
            "The most connections open at once (default: the file limit, ulimit -n, less 80).",
            discussion: "Over it, the connection that has waited longest for a request is closed to make room; when every connection has a request in progress, a new one gets 503 Service Unavailable.",
            valueName: "count"))
    var maxConnections: Int?

    @Option(help: ArgumentHelp("Seconds SIGTERM waits for the requests in flight before closing what is left.", valueName: "seconds"))
    var shutdownTimeout = 10.0

    @Option(
        name: .customLong("trusted-proxy"),
        help: ArgumentHelp(
            "The IP address of a reverse proxy whose X-Forwarded-For names the client in the logs (repeatable).",
            discussion: "Requests from any other address are logged with the connection's own address; what they say in X-Forwarded-For is not believed.",
            valueName: "address"))
    var trustedProxies: [String] = []

    func validate() throws {
        for (name, seconds) in [("head", headTimeout), ("body", bodyTimeout), ("idle", idleTimeout), ("shutdown", shutdownTimeout)]
        where !(seconds > 0 && seconds <= 86_400) {
            throw ValidationError("--\(name)-timeout must be more than 0 and at most 86400 seconds.")
        }
        if let maxConnections, maxConnections < 1 {
            throw ValidationError("--max-connections must be at least 1.")
        }
        for address in trustedProxies where (try? SocketAddress(ipAddress: address, port: 0)) == nil {
            throw ValidationError("--trusted-proxy \(address) is not an IP address.")
        }
    }

    /// These settings on top of `configuration`.
    func applied(to configuration: AppConfiguration) -> AppConfiguration {
        var configuration = configuration
        configuration.headTimeout = .seconds(headTimeout)
        configuration.bodyTimeout = .seconds(bodyTimeout)
        configuration.idleTimeout = .seconds(idleTimeout)
        configuration.maxConnections = maxConnections
        configuration.shutdownTimeout = .seconds(shutdownTimeout)
        configuration.trustedProxies = Set(trustedProxies)
        return configuration
    }
}
