import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every webhooks store (memory, SQLite, PostgreSQL): endpoints, the outbox written
/// in the transaction of each order change it tells of (placing, a status move, a cancel), and the
/// sender's claims and attempts.
final class WebhooksStoreContractTests: GoodsContractTestCase {
    static let secret = WebhookSecret.make(bytes: Array(repeating: 7, count: 32))

    /// A placed order (a widget and a gadget to New York) in `store`.
    func placedOrder(in store: GoodsStores, catalog: Catalog) async throws -> Order {
        let draft = try await readyDraft(in: store, items: [(catalog.widget, 2), (catalog.gadget, 1)])
        return try await place(draft, in: store, anyway: true)
    }

    func testEndpointsAreKeptInTheOrderRegisteredAndChangedFromTheirVersion() async throws {
        for (store, _) in try await makeStores() {
            let hooks = store.webhooks
            let first = try await hooks.addEndpoint(
                url: "https://example.com/hooks", events: [.orderCancelled, .orderPlaced], secret: Self.secret, at: Self.now)
            let second = try await hooks.addEndpoint(
                url: "https://example.org/in", events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            XCTAssertEqual(
                first,
                WebhookEndpoint(
                    id: first.id, url: "https://example.com/hooks", events: [.orderPlaced, .orderCancelled], secret: Self.secret,
                    createdAt: Self.now), store.name)
            let listed = try await hooks.endpoints()
            XCTAssertEqual(listed, [first, second], store.name)
            let fetched = try await hooks.endpoint(id: second.id)
            XCTAssertEqual(fetched, second, store.name)
            let none = try await hooks.endpoint(id: second.id + 100)
            XCTAssertNil(none, store.name)

            let disabled = try await hooks.setEnabled(id: first.id, false, expectedVersion: 1)
            XCTAssertFalse(disabled.isEnabled, store.name)
            XCTAssertEqual(disabled.version, 2, store.name)
            do {
                _ = try await hooks.setEnabled(id: first.id, true, expectedVersion: 1)
                XCTFail("\(store.name): a stale version enabled it")
            } catch {
                XCTAssertEqual(error, .conflict(current: disabled), store.name)
            }
            do {
                _ = try await hooks.setEnabled(id: second.id + 100, false, expectedVersion: 1)
                XCTFail("\(store.name): an unknown endpoint changed")
            } catch {
                XCTAssertEqual(error, .notFound, store.name)
            }
            let stored = try await hooks.endpoint(id: first.id)
            XCTAssertEqual(stored, disabled, store.name)
        }
    }

    func testPlacingAMoveAndACancelEachWriteOneDeliveryPerEnabledEndpointThatWantsThem() async throws {
        for (store, catalog) in try await makeStores() {
            let hooks = store.webhooks
            let all = try await hooks.addEndpoint(
                url: "https://a.example.com/", events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            let cancels = try await hooks.addEndpoint(
                url: "https://b.example.com/", events: [.orderCancelled], secret: Self.secret, at: Self.now)
            let off = try await hooks.addEndpoint(
                url: "https://c.example.com/", events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            _ = try await hooks.setEnabled(id: off.id, false, expectedVersion: 1)

            let order = try await placedOrder(in: store, catalog: catalog)
            let id = try XCTUnwrap(order.id)
            let later = Self.now.addingTimeInterval(60)
            let paid = try await store.orders.changeStatus(
                id: id, to: .paid, expectedVersion: order.version, reason: nil, shipment: nil, by: Self.amy, at: later)
            let cancelled = try await store.orders.changeStatus(
                id: id, to: .cancelled, expectedVersion: paid.version, reason: "Asked to", shipment: nil, by: Self.sue,
                at: later.addingTimeInterval(60))

            let toAll = try await hooks.deliveries(endpointID: all.id, limit: 10)
            XCTAssertEqual(toAll.map(\.eventType), [.orderCancelled, .orderStatusChanged, .orderPlaced], "\(store.name): newest first")
            XCTAssertEqual(Set(toAll.map(\.webhookID)).count, 3, "\(store.name): one id a message")
            XCTAssertTrue(toAll.allSatisfy { $0.state == .pending && $0.attempts == 0 && $0.orderID == id }, store.name)
            XCTAssertEqual(toAll.last?.nextAttemptAt, Self.now, "\(store.name): due at once")
            let toCancels = try await hooks.deliveries(endpointID: cancels.id, limit: 10)
            XCTAssertEqual(toCancels.map(\.eventType), [.orderCancelled], store.name)
            XCTAssertEqual(toCancels.first?.webhookID, toAll.first?.webhookID, "\(store.name): one message, one id, to each endpoint")
            let toOff = try await hooks.deliveries(endpointID: off.id, limit: 10)
            XCTAssertEqual(toOff, [], "\(store.name): a disabled endpoint is written nothing")

            // The payloads: ids, status and totals in cents; never the card, the caller's name or address.
            let placed = try XCTUnwrap(toAll.last)
            let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(placed.payload.utf8)) as? [String: Any])
            XCTAssertEqual(json["type"] as? String, "order.placed", store.name)
            let data = try XCTUnwrap(json["data"] as? [String: Any])
            XCTAssertEqual(data["id"] as? String, id, store.name)
            XCTAssertEqual(data["status"] as? String, "new", store.name)
            XCTAssertEqual((data["total"] as? [String: Any])?["amount"] as? Int, Int(order.totals.totalCents), store.name)
            XCTAssertEqual((data["total"] as? [String: Any])?["currency"] as? String, "USD", store.name)
            let cancel = try XCTUnwrap(
                try JSONSerialization.jsonObject(with: Data(toAll[0].payload.utf8)) as? [String: Any])["data"] as? [String: Any]
            XCTAssertEqual(cancel?["status"] as? String, "cancelled", store.name)
            XCTAssertEqual(cancel?["previousStatus"] as? String, "paid", store.name)
            XCTAssertEqual(cancel?["version"] as? Int, cancelled.version, store.name)
            for delivery in toAll {
                for secret in ["4111", "1111", "Ann", "Lee", "ann@example.com", "555-0100", "Ship Street", "Albany"] {
                    XCTAssertFalse(delivery.payload.contains(secret), "\(store.name): \(delivery.eventType) holds \(secret)")
                }
            }
        }
    }

    func testABulkCreateWritesOnePlacingDeliveryPerOrderToEachEndpointThatWantsIt() async throws {
        for (store, _) in try await makeStores() {
            let hooks = store.webhooks
            let all = try await hooks.addEndpoint(
                url: "https://a.example.com/", events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            let cancels = try await hooks.addEndpoint(
                url: "https://b.example.com/", events: [.orderCancelled], secret: Self.secret, at: Self.now)
            var orders = [Seeds.Orders.amy, Seeds.Orders.bob, Seeds.Orders.amy]
            for index in orders.indices { orders[index].id = nil }
            // `cleanstore seed`'s write: the endpoints are read once for the batch, each order still told of.
            let made = try await store.orders.createOrders(orders, by: Self.amy, at: Self.now)
            let toAll = try await hooks.deliveries(endpointID: all.id, limit: 10)
            XCTAssertEqual(toAll.map(\.eventType), [.orderPlaced, .orderPlaced, .orderPlaced], store.name)
            XCTAssertEqual(Set(toAll.map(\.orderID)), Set(made.compactMap(\.id)), "\(store.name): one for each order made")
            XCTAssertEqual(Set(toAll.map(\.webhookID)).count, 3, "\(store.name): one id a message")
            let toCancels = try await hooks.deliveries(endpointID: cancels.id, limit: 10)
            XCTAssertEqual(toCancels, [], "\(store.name): an endpoint that wants no placing is written nothing")
        }
    }

    func testAChangeRefusedOrRolledBackWritesNoDelivery() async throws {
        for (store, catalog) in try await makeStores() {
            let hooks = store.webhooks
            let endpoint = try await hooks.addEndpoint(
                url: "https://a.example.com/", events: WebhookEventType.allCases, secret: Self.secret, at: Self.now)
            let order = try await placedOrder(in: store, catalog: catalog)
            let id = try XCTUnwrap(order.id)
            do {
                _ = try await store.orders.changeStatus(
                    id: id, to: .paid, expectedVersion: order.version - 1, reason: nil, shipment: nil, by: Self.amy, at: Self.now)
                XCTFail("\(store.name): a stale move was made")
            } catch {}
            let afterRefusal = try await hooks.deliveries(endpointID: endpoint.id, limit: 10)
            XCTAssertEqual(afterRefusal.map(\.eventType), [.orderPlaced], "\(store.name): the refused move wrote none")

            guard let failDeliveryWrites = store.failDeliveryWrites else { continue }
            try await failDeliveryWrites()
            do {
                _ = try await store.orders.changeStatus(
                    id: id, to: .paid, expectedVersion: order.version, reason: nil, shipment: nil, by: Self.amy, at: Self.now)
                XCTFail("\(store.name): the move was made though its delivery was not written")
            } catch {}
            let fetched = try await store.orders.fetchOrder(id: id)
            let stored = try XCTUnwrap(fetched)
            XCTAssertEqual(stored.status, .new, "\(store.name): the move rolled back with its delivery")
            XCTAssertEqual(stored.version, order.version, store.name)
            let events = try await store.events.fetchEvents(orderID: id)
            XCTAssertEqual(events.map(\.kind), [.created], "\(store.name): and its history entry")
            let afterRollback = try await hooks.deliveries(endpointID: endpoint.id, limit: 10)
            XCTAssertEqual(afterRollback.count, 1, store.name)
        }
    }

    func testAClaimHoldsADueDeliveryUntilItsLeaseEndsOrAnAttemptIsRecorded() async throws {
        for (store, catalog) in try await makeStores() {
            let hooks = store.webhooks
            let endpoint = try await hooks.addEndpoint(
                url: "https://a.example.com/", events: [.orderPlaced], secret: Self.secret, at: Self.now)
            _ = try await placedOrder(in: store, catalog: catalog)
            let notYet = try await hooks.claimDue(now: Self.now.addingTimeInterval(-1), lease: 60, limit: 10)
            XCTAssertEqual(notYet, [], "\(store.name): not due before it was written")

            let claimed = try await hooks.claimDue(now: Self.now, lease: 60, limit: 10)
            XCTAssertEqual(claimed.map(\.url), ["https://a.example.com/"], store.name)
            XCTAssertEqual(claimed.first?.secret, Self.secret, store.name)
            let delivery = try XCTUnwrap(claimed.first?.delivery)
            let held = try await hooks.claimDue(now: Self.now.addingTimeInterval(59), lease: 60, limit: 10)
            XCTAssertEqual(held, [], "\(store.name): held by the first claim")
            let leaseOver = try await hooks.claimDue(now: Self.now.addingTimeInterval(61), lease: 60, limit: 10)
            XCTAssertEqual(leaseOver.map(\.delivery.id), [delivery.id], "\(store.name): the lease is over (an instance died)")

            let at = Self.now.addingTimeInterval(70)
            let retried = try await hooks.recordAttempt(deliveryID: delivery.id, .answered(status: 500), at: at)
            XCTAssertEqual(retried.state, .pending, store.name)
            XCTAssertEqual(retried.attempts, 1, store.name)
            XCTAssertEqual(retried.lastStatus, 500, store.name)
            XCTAssertEqual(retried.lastError, "HTTP 500", store.name)
            XCTAssertEqual(retried.nextAttemptAt, at.addingTimeInterval(WebhookAttempts.firstWait), store.name)
            let waiting = try await hooks.claimDue(now: at.addingTimeInterval(29), lease: 60, limit: 10)
            XCTAssertEqual(waiting, [], "\(store.name): not due before its backoff")
            let again = try await hooks.claimDue(now: at.addingTimeInterval(30), lease: 60, limit: 10)
            XCTAssertEqual(again.map(\.delivery.webhookID), [delivery.webhookID], "\(store.name): the same message again")

            let delivered = try await hooks.recordAttempt(deliveryID: delivery.id, .delivered(status: 204), at: at.addingTimeInterval(31))
            XCTAssertEqual(delivered.state, .delivered, store.name)
            XCTAssertEqual(delivered.attempts, 2, store.name)
            XCTAssertNil(delivered.nextAttemptAt, store.name)
            let stored = try await hooks.deliveries(endpointID: endpoint.id, limit: 10)
            XCTAssertEqual(stored, [delivered], store.name)
            let done = try await hooks.claimDue(now: at.addingTimeInterval(3600), lease: 60, limit: 10)
            XCTAssertEqual(done, [], "\(store.name): a delivered one is never sent again")
        }
    }

    func testADeliveryFailsAfterTheLastAttemptAndADisabledEndpointsWait() async throws {
        for (store, catalog) in try await makeStores() {
            let hooks = store.webhooks
            let endpoint = try await hooks.addEndpoint(
                url: "https://a.example.com/", events: [.orderPlaced], secret: Self.secret, at: Self.now)
            _ = try await placedOrder(in: store, catalog: catalog)
            var at = Self.now
            let first = try await hooks.claimDue(now: at, lease: 60, limit: 10)
            var delivery = try XCTUnwrap(first.first?.delivery)
            for attempt in 1...WebhookAttempts.maximum {
                delivery = try await hooks.recordAttempt(deliveryID: delivery.id, .notAnswered(reason: "Connection refused"), at: at)
                XCTAssertEqual(delivery.attempts, attempt, store.name)
                at = delivery.nextAttemptAt ?? at
            }
            XCTAssertEqual(delivery.state, .failed, store.name)
            XCTAssertEqual(delivery.lastError, "Connection refused", store.name)
            XCTAssertNil(delivery.nextAttemptAt, store.name)
            let none = try await hooks.claimDue(now: at.addingTimeInterval(86_400), lease: 60, limit: 10)
            XCTAssertEqual(none, [], store.name)

            // Another placing, its endpoint disabled: it waits, and is sent once enabled again.
            _ = try await placedOrder(in: store, catalog: catalog)
            let disabled = try await hooks.setEnabled(id: endpoint.id, false, expectedVersion: 1)
            let waiting = try await hooks.claimDue(now: Self.now, lease: 60, limit: 10)
            XCTAssertEqual(waiting, [], store.name)
            _ = try await hooks.setEnabled(id: endpoint.id, true, expectedVersion: disabled.version)
            let sent = try await hooks.claimDue(now: Self.now, lease: 60, limit: 10)
            XCTAssertEqual(sent.count, 1, store.name)
        }
    }

    /// Two instances on one PostgreSQL database claiming at once never hand out one delivery twice.
    func testConcurrentClaimsOnPostgreSQLNeverShareADelivery() async throws {
        let database = try await TestPostgres.makeStore(for: self).database
        let first = try await GoodsStores.postgres(on: database)
        let second = try await GoodsStores.postgres(on: database)
        let catalog = try await seed(first, widgetsOnHand: 100)
        _ = try await first.webhooks.addEndpoint(
            url: "https://a.example.com/", events: [.orderPlaced], secret: Self.secret, at: Self.now)
        for _ in 0..<12 { _ = try await placedOrder(in: first, catalog: catalog) }
        let claims = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for index in 0..<6 {
                let hooks = (index % 2 == 0 ? first : second).webhooks
                group.addTask { try await hooks.claimDue(now: Self.now, lease: 60, limit: 3).map(\.delivery.id) }
            }
            var all: [Int64] = []
            for try await ids in group { all += ids }
            return all
        }
        XCTAssertEqual(claims.count, 12, "every delivery claimed")
        XCTAssertEqual(Set(claims).count, claims.count, "none claimed twice")
    }
}
