import Foundation
import Logging
import NIOConcurrencyHelpers
import XCTest

@testable import CleanStore

/// `/healthz` probes the store once for all the requests that come while a probe is under way, and
/// anew for a request that comes after it answered (issue 31): no answer is kept for later.
final class HealthCheckSharingTests: XCTestCase {
    func testRequestsDuringAProbeShareItAndARequestAfterItStartsANewOne() async throws {
        // Given: a store whose probe waits until the test answers it
        let store = GatedHealthProbe()
        let health = HealthCheck(check: store.checkHealth)

        // When: two requests while the first probe waits
        let first = health.probe()
        let second = health.probe()
        await store.untilAProbeWaits()
        store.answer(with: .success(()))
        let firstResult = await first.value
        let secondResult = await second.value

        // Then: one probe, one answer for both
        XCTAssertEqual(first, second, "The second request waits for the probe under way")
        XCTAssertNoThrow(try firstResult.get())
        XCTAssertNoThrow(try secondResult.get())
        XCTAssertEqual(store.probes, 1)

        // When: a request after that probe answered, and the store has failed since
        let third = health.probe()
        await store.untilAProbeWaits()
        store.answer(with: .failure(.unavailable("disk full")))

        // Then: a probe of its own, which sees the failure
        XCTAssertNotEqual(third, first, "An answer given is never kept for later requests")
        guard case .failure(.unavailable(let reason)) = await third.value else { return XCTFail("The new probe's failure is the answer") }
        XCTAssertEqual(reason, "disk full")
        XCTAssertEqual(store.probes, 2)
    }

    func testTheResponseIs200WhenTheStoreAnswersAnd503WhenItFails() async throws {
        let store = GatedHealthProbe()
        let health = HealthCheck(check: store.checkHealth)

        async let healthy = health.response(logger: Logger(label: "test"))
        await store.untilAProbeWaits()
        store.answer(with: .success(()))
        let ok = await healthy
        XCTAssertEqual(ok.status, .ok)

        async let failing = health.response(logger: Logger(label: "test"))
        await store.untilAProbeWaits()
        store.answer(with: .failure(.unavailable("gone")))
        let unavailable = await failing
        XCTAssertEqual(unavailable.status, .serviceUnavailable)
    }
}

/// A store's health probe that is counted and waits until the test answers it (`HealthCheck` takes
/// the probe alone, so the test needs no whole orders store).
final class GatedHealthProbe: Sendable {
    private struct State {
        var probes = 0
        var waiting: CheckedContinuation<Result<Void, OrdersStoreError>, Never>?
        var watcher: CheckedContinuation<Void, Never>?
    }

    private let state = NIOLockedValueBox(State())

    var probes: Int { state.withLockedValue { $0.probes } }

    /// Returns once a probe waits for its answer.
    func untilAProbeWaits() async {
        await withCheckedContinuation { (watcher: CheckedContinuation<Void, Never>) in
            let now = state.withLockedValue { state in
                if state.waiting != nil { return true }
                state.watcher = watcher
                return false
            }
            if now { watcher.resume() }
        }
    }

    /// Answers the probe that waits (the test awaited `started` first).
    func answer(with result: Result<Void, OrdersStoreError>) {
        let waiting = state.withLockedValue { state in
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume(returning: result)
    }

    func checkHealth() async throws(OrdersStoreError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, OrdersStoreError>, Never>) in
            let watcher = state.withLockedValue { state in
                state.probes += 1
                state.waiting = continuation
                defer { state.watcher = nil }
                return state.watcher
            }
            watcher?.resume()
        }
        try result.get()
    }
}
