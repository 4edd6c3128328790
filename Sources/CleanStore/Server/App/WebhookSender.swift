import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Posts one webhook attempt: to `url`, connecting to `address` (the one the sender checked), with
/// `url`'s host in the Host header and TLS's server name; answers the HTTP status. Redirects are
/// not followed (a 3xx is the answer).
public protocol WebhookTransport: Sendable {
    func post(url: URL, connectingTo address: String, headers: [(String, String)], body: String, timeout: Duration) async throws -> Int
}

/// The transport of the running server: AsyncHTTPClient, a client per attempt whose DNS for the
/// URL's host is overridden with the checked address (`dnsOverride`: the name is still the TLS
/// server name and its certificate's), redirects disallowed.
public struct HTTPWebhookTransport: WebhookTransport {
    public init() {}

    public func post(url: URL, connectingTo address: String, headers: [(String, String)], body: String, timeout: Duration) async throws -> Int {
        let seconds = max(1, timeout.components.seconds)
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow, timeout: HTTPClient.Configuration.Timeout(connect: .seconds(seconds), read: .seconds(seconds)))
        if let host = url.host, host != address { configuration.dnsOverride = [host: address] }
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        do {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = .POST
            for (name, value) in headers { request.headers.add(name: name, value: value) }
            request.body = .bytes(ByteBuffer(string: body))
            let response = try await client.execute(request, timeout: .seconds(seconds))
            // What the receiver says is not kept: read a little of it, so the connection ends cleanly.
            _ = try? await response.body.collect(upTo: 64 * 1024)
            try await client.shutdown()
            return Int(response.status.code)
        } catch {
            try? await client.shutdown()
            throw error
        }
    }
}

/// The system's resolver (`getaddrinfo`): every address `host` has, as text.
public enum SystemHostResolver {
    public static func resolve(_ host: String) async throws -> [String] {
        try await Task.detached { try blockingResolve(host) }.value
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static func blockingResolve(_ host: String) throws -> [String] {
        var hints = addrinfo()
        #if os(Linux)
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
            hints.ai_socktype = SOCK_STREAM
        #endif
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &result)
        guard status == 0, let first = result else { throw Failure(description: "\(host) does not resolve") }
        defer { freeaddrinfo(first) }
        var addresses: [String] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            var buffer = [CChar](repeating: 0, count: 1025)
            if getnameinfo(info.pointee.ai_addr, info.pointee.ai_addrlen, &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0 {
                let address = String(cString: buffer)
                if !addresses.contains(address) { addresses.append(address) }
            }
            cursor = info.pointee.ai_next
        }
        return addresses
    }
}

/// Sends the webhook outbox (issue 30): every `interval`, claims the due deliveries
/// (`WebhooksStoreProtocol.claimDue`, held for `WebhookAttempts.lease`), posts each with the
/// Standard Webhooks headers (`WebhookSignature`) and records what came of it
/// (`WebhookAttempts.after`: delivered on a 2xx; otherwise again after a backoff, failed after
/// `WebhookAttempts.maximum` attempts). Only https, to public addresses (`WebhookAddressRule`),
/// checked on every address the host resolves to and connected to the checked one, unless
/// `allowPrivate` (`--allow-private-webhooks`: http and any address, for tests and a private
/// network). A swift-service-lifecycle `Service` that `ServeCommand` runs beside the server, as
/// `DraftHousekeeping`; with several instances each sends, and a claim is never shared.
public struct WebhookSender: Service {
    let store: any WebhooksStoreProtocol
    let allowPrivate: Bool
    let now: @Sendable () -> Date
    let interval: Duration
    let timeout: Duration
    let batch: Int
    let resolve: @Sendable (String) async throws -> [String]
    let transport: any WebhookTransport
    let logger: Logger
    let sleep: @Sendable (Duration) async throws -> Void
    /// The longest wait between rounds that found nothing to send.
    let idleWait: Duration
    /// Ends a wait at once: `WebhookOutbox.deliveriesWritten` in the server.
    let wake: PeriodicWake?

    public init(
        store: any WebhooksStoreProtocol, allowPrivate: Bool, now: @escaping @Sendable () -> Date = { Date() },
        interval: Duration = .seconds(1), idleWait: Duration = .seconds(30), timeout: Duration = .seconds(10), batch: Int = 4,
        resolve: @escaping @Sendable (String) async throws -> [String] = SystemHostResolver.resolve,
        transport: any WebhookTransport = HTTPWebhookTransport(), logger: Logger,
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }, wake: PeriodicWake? = nil
    ) {
        self.idleWait = idleWait
        self.wake = wake
        self.store = store
        self.allowPrivate = allowPrivate
        self.now = now
        self.interval = interval
        self.timeout = timeout
        self.batch = batch
        self.resolve = resolve
        self.transport = transport
        self.logger = logger
        self.sleep = sleep
    }

    /// Rounds until graceful shutdown or cancellation (`PeriodicService`): the next after
    /// `nextWait`, or at once when `wake` is signalled (a delivery written by this instance).
    public func run() async throws {
        try await PeriodicService(name: "Webhook sending", firstWait: interval, retryWait: interval, logger: logger, sleep: sleep, wake: wake) {
            waited in
            .after(nextWait(claimed: try await send().count, waited: waited))
        }.run()
    }

    /// The wait after a round that claimed `claimed` deliveries, `waited` after the one before:
    /// `interval` while there is something to send, or after a wake (a delivery written in a
    /// transaction not yet committed when the round read is claimed by the next); otherwise twice
    /// the wait before, at most `idleWait`, so that an idle server asks its store seldom (the
    /// claim is a write transaction).
    func nextWait(claimed: Int, waited: PeriodicService.Waited) -> Duration {
        if claimed > 0 || waited.woken { return interval }
        return min(max(waited.wait, interval) * 2, idleWait)
    }

    /// One round at `now()`: claims at most `batch` due deliveries and sends them, one at a time
    /// (4 attempts of at most 10 s each fit in the claim's 60-second lease, so no other instance
    /// takes one of them meanwhile); answers the
    /// deliveries as recorded. A store that fails is logged and tried again next round.
    @discardableResult
    public func round() async -> [WebhookDelivery] {
        do {
            return try await send()
        } catch {
            logger.error("Webhook sending failed", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// `round()`, a store's failure thrown.
    private func send() async throws -> [WebhookDelivery] {
        let claimed = try await store.claimDue(now: now(), lease: WebhookAttempts.lease, limit: batch)
        var recorded: [WebhookDelivery] = []
        for dispatch in claimed {
            let outcome = await attempt(dispatch)
            let delivery = try await store.recordAttempt(deliveryID: dispatch.delivery.id, outcome, at: now())
            recorded.append(delivery)
            log(delivery, endpoint: dispatch.delivery.endpointID)
        }
        return recorded
    }

    private func log(_ delivery: WebhookDelivery, endpoint: Int64) {
        let metadata: Logger.Metadata = [
            "webhook_id": "\(delivery.webhookID)", "endpoint": "\(endpoint)", "attempts": "\(delivery.attempts)",
            "state": "\(delivery.state.rawValue)", "status": "\(delivery.lastStatus.map(String.init) ?? "none")",
        ]
        switch delivery.state {
        case .delivered: logger.info("Webhook delivered", metadata: metadata)
        case .pending: logger.notice("Webhook attempt failed: tried again later", metadata: metadata.merging(["error": "\(delivery.lastError ?? "")"]) { $1 })
        case .failed: logger.error("Webhook given up", metadata: metadata.merging(["error": "\(delivery.lastError ?? "")"]) { $1 })
        }
    }

    /// One attempt of `dispatch` at `now()`: its URL and addresses checked, then posted.
    public func attempt(_ dispatch: WebhookDispatch) async -> WebhookAttemptOutcome {
        guard let url = URL(string: dispatch.url), let scheme = url.scheme?.lowercased(), var host = url.host, !host.isEmpty else {
            return .notAnswered(reason: "Not a URL")
        }
        guard scheme == "https" || (allowPrivate && scheme == "http") else {
            return .notAnswered(reason: "Only https URLs are sent to")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let addresses: [String]
        if WebhookAddressRule.ipv4(host) != nil || WebhookAddressRule.ipv6(host) != nil {
            addresses = [host]
        } else {
            do {
                addresses = try await resolve(host)
            } catch {
                return .notAnswered(reason: "\(host) does not resolve")
            }
        }
        guard let address = addresses.first else { return .notAnswered(reason: "\(host) does not resolve") }
        if !allowPrivate, let refused = addresses.first(where: { !WebhookAddressRule.isPublic($0) }) {
            return .notAnswered(reason: "Refused: \(host) is at \(refused), a loopback, private, link-local or multicast address")
        }
        guard
            let headers = WebhookSignature.headers(
                id: dispatch.delivery.webhookID, at: now(), body: dispatch.delivery.payload, secret: dispatch.secret)
        else { return .notAnswered(reason: "The endpoint's secret cannot be read") }
        do {
            let status = try await transport.post(
                url: url, connectingTo: address, headers: headers, body: dispatch.delivery.payload, timeout: timeout)
            return (200..<300).contains(status) ? .delivered(status: status) : .answered(status: status)
        } catch {
            return .notAnswered(reason: String(String(describing: error).prefix(200)))
        }
    }
}
