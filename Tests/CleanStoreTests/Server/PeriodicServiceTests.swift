import Foundation
import Logging
import ServiceLifecycle
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `PeriodicService`, the loop of every background service, its waits injected (recorded, never
/// slept), and the webhook sender's idle backoff on it.
final class PeriodicServiceTests: XCTestCase {
    static let silent = Logger(label: "periodic") { _ in SwiftLogNoOpLogHandler() }

    func testEachRoundComesAfterTheWaitTheOneBeforeAskedFor() async throws {
        let waits = Recorded<Duration>()
        let rounds = Recorded<PeriodicService.Waited>()
        let service = PeriodicService(
            name: "Test", firstWait: .seconds(1), retryWait: .seconds(60), logger: Self.silent,
            sleep: { duration in
                guard waits.count < 4 else { throw CancellationError() }
                waits.note(duration)
            },
            round: { waited in
                rounds.note(waited)
                return .after(.seconds(Int64(rounds.count) * 10))
            })

        // When: run until the fifth wait stops it (as a cancelled sleep does)
        try await service.run()

        // Then: the first wait, then each round's own
        XCTAssertEqual(waits.all, [.seconds(1), .seconds(10), .seconds(20), .seconds(30)])
        XCTAssertEqual(rounds.all.map(\.wait), [.seconds(1), .seconds(10), .seconds(20), .seconds(30)])
        XCTAssertEqual(rounds.all.map(\.woken), [false, false, false, false])
    }

    func testARoundThatThrowsIsLoggedAndTheLoopGoesOnAfterTheRetryWait() async throws {
        struct Down: Error, CustomStringConvertible { var description: String { "the store is down" } }
        let logs = LogCapture()
        let waits = Recorded<Duration>()
        let calls = Recorded<Int>()
        let service = PeriodicService(
            name: "Draft housekeeping", firstWait: .seconds(5), retryWait: .seconds(60), logger: logs.logger(),
            sleep: { duration in
                guard waits.count < 3 else { throw CancellationError() }
                waits.note(duration)
            },
            round: { _ in
                calls.note(calls.count)
                if calls.count == 1 { throw Down() }
                return .after(.seconds(5))
            })

        try await service.run()

        XCTAssertEqual(calls.count, 3, "the loop lived on")
        XCTAssertEqual(waits.all, [.seconds(5), .seconds(60), .seconds(5)])
        XCTAssertEqual(logs.text.components(separatedBy: "Draft housekeeping failed").count - 1, 1, logs.text)
        XCTAssert(logs.text.contains("the store is down"), logs.text)
    }

    func testARoundCancelledMeanwhileEndsTheLoopWithoutAnotherWait() async throws {
        let waits = Recorded<Duration>()
        let service = PeriodicService(
            name: "Test", firstWait: .seconds(1), retryWait: .seconds(1), logger: Self.silent,
            sleep: { duration in waits.note(duration) },  // returns at once, even cancelled
            round: { _ in
                withUnsafeCurrentTask { $0?.cancel() }
                return .after(.seconds(1))
            })

        try await service.run()

        XCTAssertEqual(waits.all, [.seconds(1)], "one wait, one round, then stopped")
    }

    func testDoneEndsTheRoundsAndWaitsForTheServersShutdown() async throws {
        let calls = Recorded<Int>()
        let service = PeriodicService(
            name: "Test", firstWait: .zero, retryWait: .seconds(1), logger: Self.silent, sleep: { _ in },
            round: { _ in
                calls.note(calls.count)
                return .done
            })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [service], logger: Self.silent))

        async let running: Void = group.run()
        while calls.count == 0 { await Task.yield() }
        await group.triggerGracefulShutdown()
        try await running

        XCTAssertEqual(calls.count, 1, "no round after done")
    }

    func testItStopsAtOnceWhenTheServerShutsDownGracefully() async throws {
        // A first wait of an hour, the real sleep: the shutdown cancels it
        let service = PeriodicService(
            name: "Test", firstWait: .seconds(3600), retryWait: .seconds(3600), logger: Self.silent, round: { _ in .after(.seconds(3600)) })
        let group = ServiceGroup(configuration: ServiceGroupConfiguration(services: [service], logger: Self.silent))

        async let running: Void = group.run()
        await group.triggerGracefulShutdown()
        try await running
    }

    func testAWakeEndsTheWaitAtOnceAndTheRoundIsToldSo() async throws {
        // Given: waits that never end unless cancelled, and a wake signalled before the first
        let wake = PeriodicWake()
        wake.signal()
        wake.signal()  // two signals meanwhile are one
        let rounds = Recorded<PeriodicService.Waited>()
        let service = PeriodicService(
            name: "Test", firstWait: .seconds(3600), retryWait: .seconds(3600), logger: Self.silent, sleep: Self.untilCancelled, wake: wake,
            round: { waited in
                rounds.note(waited)
                if rounds.count == 2 { withUnsafeCurrentTask { $0?.cancel() } }
                return .after(.seconds(30))
            })

        // When: one round woken, then a wait the test ends with another signal
        async let running: Void = service.run()
        while rounds.count < 1 { await Task.yield() }
        wake.signal()
        try await running

        // Then
        XCTAssertEqual(rounds.all, [
            PeriodicService.Waited(wait: .seconds(3600), woken: true), PeriodicService.Waited(wait: .seconds(30), woken: true),
        ])
    }

    /// A wait that ends only when its task is cancelled (then throws, as `Task.sleep`).
    @Sendable static func untilCancelled(_: Duration) async throws {
        let (stream, _) = AsyncStream<Void>.makeStream()
        for await _ in stream {}
        try Task.checkCancellation()
    }

    // MARK: The webhook sender's backoff

    func sender(store: any WebhooksStoreProtocol, sleep: @escaping @Sendable (Duration) async throws -> Void, wake: PeriodicWake? = nil) -> WebhookSender {
        WebhookSender(
            store: store, allowPrivate: true, now: { Seeds.june29 }, interval: .seconds(1), idleWait: .seconds(30), transport: RecordingWebhookTransport(),
            logger: Self.silent, sleep: sleep, wake: wake)
    }

    func testAnIdleSenderWaitsTwiceAsLongEachRoundUpTo30Seconds() async throws {
        let store = WebhooksMemStore(database: MemoryAppDatabase())
        let waits = Recorded<Duration>()
        let sender = sender(store: store, sleep: { duration in
            guard waits.count < 8 else { throw CancellationError() }
            waits.note(duration)
        })

        try await sender.run()

        XCTAssertEqual(waits.all.map(\.components.seconds), [1, 2, 4, 8, 16, 30, 30, 30])
    }

    func testTheWaitIsTheIntervalWhileThereIsSomethingToSendOrAfterAWake() {
        let sender = sender(store: WebhooksMemStore(database: MemoryAppDatabase()), sleep: { _ in })
        XCTAssertEqual(sender.nextWait(claimed: 0, waited: .init(wait: .seconds(16), woken: false)), .seconds(30))
        XCTAssertEqual(sender.nextWait(claimed: 0, waited: .init(wait: .seconds(8), woken: false)), .seconds(16))
        XCTAssertEqual(sender.nextWait(claimed: 2, waited: .init(wait: .seconds(30), woken: false)), .seconds(1))
        // Woken by a delivery whose transaction had not committed when the round read: read again soon
        XCTAssertEqual(sender.nextWait(claimed: 0, waited: .init(wait: .seconds(30), woken: true)), .seconds(1))
    }

    func testADeliveryWrittenWakesAnIdleSenderAtOnce() async throws {
        // Given: a memory store with an endpoint, a sender backed off to long waits that end only
        // when woken, by the outbox's own signal (any signal of earlier tests taken first)
        let database = MemoryAppDatabase()
        let store = WebhooksMemStore(database: database)
        _ = try await store.addEndpoint(
            url: "http://127.0.0.1:9/hook", events: WebhookEventType.allCases, secret: WebhookSecret.make(bytes: Array(1...32)), at: Seeds.june29)
        let wake = WebhookOutbox.deliveriesWritten
        wake.signal()
        await wake.wait()
        let sent = Recorded<Int>()
        let waits = Recorded<Duration>()
        let service = PeriodicService(
            name: "Webhook sending", firstWait: .seconds(30), retryWait: .seconds(1), logger: Self.silent,
            sleep: { duration in
                waits.note(duration)
                try await Self.untilCancelled(duration)
            }, wake: wake,
            round: { [sender = sender(store: store, sleep: { _ in })] _ in
                sent.note(await sender.round().count)
                withUnsafeCurrentTask { $0?.cancel() }
                return .done
            })

        // When: an order is placed while the sender waits, and the outbox signals
        async let running: Void = service.run()
        while waits.count < 1 { await Task.yield() }
        let orders = OrdersMemStore(database: database)
        _ = try await orders.createOrder(orderToCreate: Seeds.Orders.amy, by: nil, at: Seeds.june29)
        try await running

        // Then: sent in the round the placing's delivery began, not 30 seconds on
        XCTAssertEqual(sent.all, [1])
        XCTAssertEqual(waits.all, [.seconds(30)])
    }
}

/// Values noted by a test's closures, in order.
private final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Value] = []

    var all: [Value] { lock.withLock { values } }
    var count: Int { lock.withLock { values.count } }
    func note(_ value: Value) { lock.withLock { values.append(value) } }
}
