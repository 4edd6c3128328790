import Foundation
import Hummingbird
import Logging
import NIOCore
import NIOConcurrencyHelpers
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A receiver of webhooks on 127.0.0.1 (a tiny Hummingbird server): keeps every request and answers
/// the statuses it is given in turn (then 204).
final class WebhookReceiver: Sendable {
    struct Received: Sendable {
        var path: String
        var headers: [String: String]
        var body: String
    }

    private let state = NIOLockedValueBox<(received: [Received], answers: [Int])>(([], []))
    private let portBox = NIOLockedValueBox(0)
    var port: Int { portBox.withLockedValue { $0 } }

    var received: [Received] { state.withLockedValue { $0.received } }

    /// Answers these statuses to the next requests, in turn.
    func answer(_ statuses: [Int]) { state.withLockedValue { $0.answers += statuses } }

    private init() {}

    /// A receiver listening until `testCase` ends.
    static func start(for testCase: XCTestCase) async throws -> WebhookReceiver {
        let receiver = WebhookReceiver()
        let router = Router()
        router.post("**") { request, context -> Response in
            let body = try await request.body.collect(upTo: 1 << 20)
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let status = receiver.state.withLockedValue { state -> Int in
                state.received.append(Received(path: request.uri.path, headers: headers, body: String(buffer: body)))
                return state.answers.isEmpty ? 204 : state.answers.removeFirst()
            }
            var response = Response(status: HTTPResponse.Status(code: status))
            if (300..<400).contains(status) { response.headers[.location] = "http://127.0.0.1:1/elsewhere" }
            return response
        }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let app = Application(
            responder: router.buildResponder(), configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "webhook-receiver") { _ in SwiftLogNoOpLogHandler() })
        let run = Task { try await app.runService(gracefulShutdownSignals: []) }
        testCase.addTeardownBlock { run.cancel() }
        for await port in stream {
            receiver.portBox.withLockedValue { $0 = port }
            break
        }
        return receiver
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

/// A clock the tests move.
final class WebhookTestClock: Sendable {
    private let time: NIOLockedValueBox<Date>
    init(_ start: Date) { time = NIOLockedValueBox(start) }
    var now: Date { time.withLockedValue { $0 } }
    func advance(_ seconds: TimeInterval) { time.withLockedValue { $0 = $0.addingTimeInterval(seconds) } }
}

/// A transport that posts nothing: it records where it was asked to connect.
final class RecordingWebhookTransport: WebhookTransport {
    private let box = NIOLockedValueBox<[String]>([])
    var addresses: [String] { box.withLockedValue { $0 } }

    func post(url: URL, connectingTo address: String, headers: [(String, String)], body: String, timeout: Duration) async throws -> Int {
        box.withLockedValue { $0.append(address) }
        return 204
    }
}

/// The sender on loopback receivers (issue 30's tests): one attempt per event per endpoint when all
/// is well, signed as Standard Webhooks says; a retry after a 500; a redirect not followed; a
/// rolled-back change sends nothing; two instances on PostgreSQL deliver once; addresses refused
/// by the rule, checked on every address a name resolves to, the checked one connected to.
final class WebhookSenderTests: GoodsContractTestCase {
    static let secret = WebhookSecret.make(bytes: Array(1...32))
    static let silent = Logger(label: "webhooks") { _ in SwiftLogNoOpLogHandler() }

    func sender(_ store: GoodsStores, clock: WebhookTestClock, allowPrivate: Bool = true, transport: any WebhookTransport = HTTPWebhookTransport(),
        resolve: @escaping @Sendable (String) async throws -> [String] = SystemHostResolver.resolve) -> WebhookSender
    {
        WebhookSender(
            store: store.webhooks, allowPrivate: allowPrivate, now: { clock.now }, timeout: .seconds(5), resolve: resolve,
            transport: transport, logger: Self.silent)
    }

    func placed(in store: GoodsStores, catalog: Catalog) async throws -> Order {
        try await place(try await readyDraft(in: store, items: [(catalog.widget, 1)]), in: store, anyway: true)
    }

    /// Whether `received` carries a Standard Webhooks signature of its body made with `secret`.
    func verifies(_ received: WebhookReceiver.Received, secret: String) -> Bool {
        guard let id = received.headers["webhook-id"], let timestamp = received.headers["webhook-timestamp"].flatMap(Int64.init),
            let signature = received.headers["webhook-signature"]
        else { return false }
        return WebhookSignature.sign(id: id, timestamp: timestamp, body: received.body, secret: secret) == signature
    }

    func testOneSignedAttemptPerEventPerEndpointWhenAllIsWell() async throws {
        let receiver = try await WebhookReceiver.start(for: self)
        for (store, catalog) in try await makeStores() {
            let clock = WebhookTestClock(Self.now)
            let all = try await store.webhooks.addEndpoint(
                url: receiver.url("/all/\(store.name)"), events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            let other = WebhookSecret.make(bytes: Array(repeating: 9, count: 32))
            _ = try await store.webhooks.addEndpoint(
                url: receiver.url("/cancels/\(store.name)"), events: [.orderCancelled], secret: other, at: Self.now)
            let order = try await placed(in: store, catalog: catalog)
            let paid = try await store.orders.changeStatus(
                id: order.id!, to: .paid, expectedVersion: order.version, reason: nil, shipment: nil, by: Self.amy, at: Self.now)
            _ = try await store.orders.changeStatus(
                id: order.id!, to: .cancelled, expectedVersion: paid.version, reason: "Asked to", shipment: nil, by: Self.sue, at: Self.now)

            let before = receiver.received.count
            let recorded = await sender(store, clock: clock).round()
            XCTAssertEqual(recorded.map(\.state), Array(repeating: .delivered, count: 4), store.name)
            let mine = receiver.received[before...]
            let toAll = mine.filter { $0.path == "/all/\(store.name)" }
            let toCancels = mine.filter { $0.path == "/cancels/\(store.name)" }
            XCTAssertEqual(toAll.count, 3, "\(store.name): placed, paid, cancelled")
            XCTAssertEqual(toCancels.count, 1, store.name)
            XCTAssertTrue(toAll.allSatisfy { verifies($0, secret: Self.secret) }, store.name)
            XCTAssertTrue(toCancels.allSatisfy { verifies($0, secret: other) }, store.name)
            XCTAssertFalse(toCancels.allSatisfy { verifies($0, secret: Self.secret) }, "\(store.name): each endpoint its own secret")
            XCTAssertEqual(
                toAll.map { $0.body.contains(#""type":"order.placed""#) || $0.body.contains(#""type":"order.status_changed""#) || $0.body.contains(#""type":"order.cancelled""#) },
                [true, true, true], store.name)
            XCTAssertEqual(toAll.first?.headers["webhook-timestamp"], String(Int64(Self.now.timeIntervalSince1970)), store.name)
            XCTAssertEqual(toAll.first?.headers["content-type"], "application/json", store.name)
            XCTAssertEqual(Set(toAll.compactMap { $0.headers["webhook-id"] }).count, 3, store.name)

            clock.advance(3600)
            let again = await sender(store, clock: clock).round()
            XCTAssertEqual(again, [], "\(store.name): a delivered message is sent once")
            XCTAssertEqual(receiver.received.count, before + 4, store.name)
        }
    }

    func testAFiveHundredIsTriedAgainAfterTheBackoffWithTheSameId() async throws {
        let receiver = try await WebhookReceiver.start(for: self)
        for (store, catalog) in try await makeStores() {
            let clock = WebhookTestClock(Self.now)
            let endpoint = try await store.webhooks.addEndpoint(
                url: receiver.url("/retry"), events: [.orderPlaced], secret: Self.secret, at: Self.now)
            _ = try await placed(in: store, catalog: catalog)
            let before = receiver.received.count
            receiver.answer([500])
            let first = await sender(store, clock: clock).round()
            XCTAssertEqual(first.map(\.state), [.pending], store.name)
            XCTAssertEqual(first.first?.lastStatus, 500, store.name)
            clock.advance(WebhookAttempts.firstWait - 1)
            let early = await sender(store, clock: clock).round()
            XCTAssertEqual(early, [], "\(store.name): not before its backoff")
            clock.advance(1)
            let second = await sender(store, clock: clock).round()
            XCTAssertEqual(second.map(\.state), [.delivered], store.name)
            XCTAssertEqual(second.first?.attempts, 2, store.name)
            let attempts = receiver.received[before...]
            XCTAssertEqual(attempts.count, 2, store.name)
            XCTAssertEqual(Set(attempts.compactMap { $0.headers["webhook-id"] }).count, 1, "\(store.name): one message, tried twice")
            XCTAssertTrue(attempts.allSatisfy { verifies($0, secret: Self.secret) }, store.name)
            let stored = try await store.webhooks.deliveries(endpointID: endpoint.id, limit: 5)
            XCTAssertEqual(stored.first?.state, .delivered, store.name)
        }
    }

    func testARedirectIsAFailedAttemptAndIsNotFollowed() async throws {
        let receiver = try await WebhookReceiver.start(for: self)
        let (store, catalog) = try await makeStores()[0]
        let clock = WebhookTestClock(Self.now)
        _ = try await store.webhooks.addEndpoint(url: receiver.url("/moved"), events: [.orderPlaced], secret: Self.secret, at: Self.now)
        _ = try await placed(in: store, catalog: catalog)
        receiver.answer([302])
        let recorded = await sender(store, clock: clock).round()
        XCTAssertEqual(recorded.first?.state, .pending)
        XCTAssertEqual(recorded.first?.lastStatus, 302)
        XCTAssertEqual(recorded.first?.lastError, "Redirect not followed")
        XCTAssertEqual(receiver.received.count, 1)
    }

    func testARolledBackChangeSendsNothing() async throws {
        let receiver = try await WebhookReceiver.start(for: self)
        for (store, catalog) in try await makeStores() {
            guard let failDeliveryWrites = store.failDeliveryWrites else { continue }
            let clock = WebhookTestClock(Self.now)
            _ = try await store.webhooks.addEndpoint(
                url: receiver.url("/rollback"), events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            let order = try await placed(in: store, catalog: catalog)
            _ = await sender(store, clock: clock).round()
            let before = receiver.received.count
            try await failDeliveryWrites()
            do {
                _ = try await store.orders.changeStatus(
                    id: order.id!, to: .paid, expectedVersion: order.version, reason: nil, shipment: nil, by: Self.amy, at: Self.now)
                XCTFail("\(store.name): the move was kept without its delivery")
            } catch {}
            clock.advance(3600)
            let recorded = await sender(store, clock: clock).round()
            XCTAssertEqual(recorded, [], store.name)
            XCTAssertEqual(receiver.received.count, before, "\(store.name): nothing sent for the rolled-back move")
        }
    }

    func testTwoInstancesOnOnePostgreSQLDeliverEachMessageOnce() async throws {
        let receiver = try await WebhookReceiver.start(for: self)
        // Two clients (two connection pools) on one database: two instances of the app.
        let url = try await TestPostgres.makeDatabase()
        let one = try await TestPostgres.openStore(url: url, for: self)
        try await one.migrate()
        let other = try await TestPostgres.openStore(url: url, for: self)
        let first = try await GoodsStores.postgres(on: one.database)
        let second = try await GoodsStores.postgres(on: other.database)
        let catalog = try await seed(first, widgetsOnHand: 100)
        _ = try await first.webhooks.addEndpoint(
            url: receiver.url("/twice"), events: [.orderPlaced], secret: Self.secret, at: Self.now)
        for _ in 0..<8 { _ = try await placed(in: first, catalog: catalog) }
        let clock = WebhookTestClock(Self.now)
        let senders = [sender(first, clock: clock), sender(second, clock: clock)]
        let recorded = await withTaskGroup(of: [WebhookDelivery].self) { group in
            for sender in senders + senders { group.addTask { await sender.round() } }
            var all: [WebhookDelivery] = []
            for await round in group { all += round }
            return all
        }
        XCTAssertEqual(recorded.count, 8)
        XCTAssertTrue(recorded.allSatisfy { $0.state == .delivered })
        let ids = receiver.received.compactMap { $0.headers["webhook-id"] }
        XCTAssertEqual(ids.count, 8, "each message posted once")
        XCTAssertEqual(Set(ids).count, 8)
    }

    func testOnlyHTTPSToPublicAddressesAndTheCheckedAddressIsTheOneConnectedTo() async throws {
        let (store, _) = try await makeStores()[0]
        let clock = WebhookTestClock(Self.now)
        let transport = RecordingWebhookTransport()
        let resolved: [String: [String]] = [
            "public.example": ["93.184.216.34", "2606:2800:220:1:248:1893:25c8:1946"],
            "rebound.example": ["93.184.216.34", "10.0.0.7"],
            "metadata.example": ["169.254.169.254"],
        ]
        let strict = sender(store, clock: clock, allowPrivate: false, transport: transport) { host in resolved[host] ?? [] }
        func dispatch(_ url: String) -> WebhookDispatch {
            WebhookDispatch(
                delivery: WebhookDelivery(
                    id: 1, endpointID: 1, eventType: .orderPlaced, webhookID: "msg_1", orderID: "1", payload: "{}", createdAt: Self.now,
                    nextAttemptAt: Self.now), url: url, secret: Self.secret)
        }
        let refused: [(String, String)] = [
            ("http://public.example/hook", "Only https URLs are sent to"),
            ("https://127.0.0.1/hook", "Refused: 127.0.0.1 is at 127.0.0.1, a loopback, private, link-local or multicast address"),
            ("https://[::1]/hook", "Refused: ::1 is at ::1, a loopback, private, link-local or multicast address"),
            ("https://rebound.example/hook", "Refused: rebound.example is at 10.0.0.7, a loopback, private, link-local or multicast address"),
            ("https://metadata.example/", "Refused: metadata.example is at 169.254.169.254, a loopback, private, link-local or multicast address"),
            ("https://nowhere.example/", "nowhere.example does not resolve"),
            ("ftp://public.example/", "Only https URLs are sent to"),
        ]
        for (url, reason) in refused {
            let outcome = await strict.attempt(dispatch(url))
            XCTAssertEqual(outcome, .notAnswered(reason: reason), url)
        }
        XCTAssertEqual(transport.addresses, [], "nothing refused was connected to")
        let sent = await strict.attempt(dispatch("https://public.example/hook"))
        XCTAssertEqual(sent, .delivered(status: 204))
        XCTAssertEqual(transport.addresses, ["93.184.216.34"], "the address checked, not the name again")
    }
}
