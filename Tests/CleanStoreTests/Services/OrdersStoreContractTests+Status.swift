import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's status (issue 17, the store layer): changes along the arrows only, compare-and-swap
/// on the version, and shipped or cancelled orders read-only, on every store.
extension OrdersStoreContractTests {
    static let sue = AccountSeeds.sue.name

    /// A new order of Amy's, moved to `status`.
    func makeOrder(at status: OrderStatus, in store: any OrdersStoreProtocol) async throws -> Order {
        let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
        let order = try await store.changeStatus(of: created, to: status)
        XCTAssertEqual(order.status, status)
        return order
    }

    func testACreatedOrderIsNewAndMovesAlongTheArrowsOneVersionAtATime() async throws {
        for (name, store) in try await makeStores() {
            var seed = Self.newOrder(Seeds.Orders.amy)
            seed.status = .shipped  // ignored: every order starts new
            seed.cancellationReason = "ignored"
            let created = try await store.createOrder(orderToCreate: seed)
            XCTAssertEqual(created.status, .new, name)
            XCTAssertNil(created.cancellationReason, name)
            let fetched = try await store.fetchOrder(id: created.id!)
            XCTAssertEqual(fetched, created, name)

            var order = created
            for (index, status) in [OrderStatus.paid, .packed, .shipped].enumerated() {
                let at = Seeds.june30.addingTimeInterval(Double(index) * 60)
                let saved = try await store.changeStatus(
                    id: order.id!, to: status, expectedVersion: order.version, reason: nil, by: Self.sue, at: at)
                var expected = order
                expected.status = status
                expected.version += 1
                expected.updatedBy = Self.sue
                expected.updatedAt = at
                if status == .shipped { expected.shippedAt = at }
                XCTAssertEqual(saved, expected, "\(name): \(status), one more version, by whom and when (and the day it shipped), nothing else")
                let stored = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(stored, saved, name)
                order = saved
            }
            XCTAssertEqual(order.version, 4, name)
        }
    }

    /// Every status × every action, on every store: allowed along the arrows, refused elsewhere
    /// with the order as stored, and nothing changed.
    func testEveryStatusAndActionIsAllowedOrRefusedAsTheRulesSay() async throws {
        for (name, store) in try await makeStores() {
            for (status, action, expected) in OrderStatusTests.table {
                let context = "\(name): \(status) \(action)"
                let order = try await makeOrder(at: status, in: store)
                do {
                    let saved = try await store.changeStatus(
                        id: order.id!, to: action.status, expectedVersion: order.version, reason: "why", by: nil, at: Seeds.june30)
                    XCTAssertEqual(saved.status, expected, context)
                    XCTAssertEqual(saved.version, order.version + 1, context)
                } catch {
                    XCTAssertNil(expected, "\(context): \(error)")
                    XCTAssertEqual(error, .statusNotAllowed(current: order, to: action.status), context)
                    let stored = try await store.fetchOrder(id: order.id!)
                    XCTAssertEqual(stored, order, "\(context): nothing changed")
                }
            }
            // Back to new, or to the status it has, is no arrow either
            for status in OrderStatus.allCases {
                let order = try await makeOrder(at: status, in: store)
                for target in [OrderStatus.new, status] {
                    do {
                        _ = try await store.changeStatus(
                            id: order.id!, to: target, expectedVersion: order.version, reason: nil, by: nil, at: Seeds.june30)
                        XCTFail("\(name): \(status) → \(target) should be refused")
                    } catch {
                        XCTAssertEqual(error, .statusNotAllowed(current: order, to: target), "\(name): \(status) → \(target)")
                    }
                }
            }
        }
    }

    func testAStatusChangeFromAStalePageIsAConflictAndChangesNothing() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            var edited = created
            edited.email = "edited@example.com"
            let saved = try await store.updateOrder(orderToUpdate: edited)
            for version in [created.version, saved.version + 1] {
                do {
                    _ = try await store.changeStatus(id: created.id!, to: .paid, expectedVersion: version, reason: nil, by: nil, at: Seeds.june30)
                    XCTFail("\(name): a change from version \(version) should be refused")
                } catch {
                    XCTAssertEqual(error, .conflict(current: saved), "\(name): version \(version)")
                }
            }
            // Stale and not allowed: the conflict first (the page is stale, whatever it asked)
            do {
                _ = try await store.changeStatus(id: created.id!, to: .shipped, expectedVersion: created.version, reason: nil, by: nil, at: Seeds.june30)
                XCTFail("\(name): should be refused")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            let stored = try await store.fetchOrder(id: created.id!)
            XCTAssertEqual(stored, saved, name)
            // And an edit from the page seen before a status change is a conflict too
            let paid = try await store.changeStatus(id: saved.id!, to: .paid, expectedVersion: saved.version, reason: nil, by: nil, at: Seeds.june30)
            var stale = saved
            stale.phone = "999-999-9999"
            do {
                _ = try await store.updateOrder(orderToUpdate: stale)
                XCTFail("\(name): an edit from before the status change should be refused")
            } catch {
                XCTAssertEqual(error, .conflict(current: paid), name)
            }
        }
    }

    func testAStatusChangeOfAnUnknownOrderIsNotFound() async throws {
        for (name, store) in try await makeStores() {
            for id in ["999", "abc", "", "-1", "99999999999999999999999"] {
                do {
                    _ = try await store.changeStatus(id: id, to: .paid, expectedVersion: 1, reason: nil, by: nil, at: Seeds.june30)
                    XCTFail("\(name): \(id)")
                } catch {
                    XCTAssertEqual(error, .notFound(id: id), "\(name): \(id)")
                }
            }
        }
    }

    func testCancellingKeepsTheReasonOnTheOrder() async throws {
        for (name, store) in try await makeStores() {
            for from in [OrderStatus.new, .paid, .packed] {
                let order = try await makeOrder(at: from, in: store)
                let reason = "Customer called: «wrong size» 👟\nSecond line"
                let cancelled = try await store.changeStatus(
                    id: order.id!, to: .cancelled, expectedVersion: order.version, reason: reason, by: Self.sue, at: Seeds.june30)
                XCTAssertEqual(cancelled.status, .cancelled, name)
                XCTAssertEqual(cancelled.cancellationReason, reason, "\(name): from \(from)")
                let stored = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(stored, cancelled, name)
            }
            // A reason given for another change is not the order's (the history keeps it)
            let new = try await makeOrder(at: .new, in: store)
            let paid = try await store.changeStatus(id: new.id!, to: .paid, expectedVersion: new.version, reason: "Paid by phone", by: nil, at: Seeds.june30)
            XCTAssertNil(paid.cancellationReason, name)
            // No reason given: none kept
            let cancelled = try await store.changeStatus(id: paid.id!, to: .cancelled, expectedVersion: paid.version, reason: nil, by: nil, at: Seeds.june30)
            XCTAssertNil(cancelled.cancellationReason, name)
        }
    }

    func testShippedAndCancelledOrdersCanBeNeitherEditedNorDeleted() async throws {
        for (name, store) in try await makeStores() {
            for status in [OrderStatus.shipped, .cancelled] {
                let order = try await makeOrder(at: status, in: store)
                var edited = order  // from the current version: still refused
                edited.email = "late@example.com"
                do {
                    _ = try await store.updateOrder(orderToUpdate: edited)
                    XCTFail("\(name): editing a \(status) order should be refused")
                } catch {
                    XCTAssertEqual(error, .readOnly(current: order), name)
                }
                var stale = order  // from an older version: read-only says more than a conflict
                stale.version -= 1
                do {
                    _ = try await store.updateOrder(orderToUpdate: stale)
                    XCTFail("\(name): editing a \(status) order should be refused")
                } catch {
                    XCTAssertEqual(error, .readOnly(current: order), name)
                }
                do {
                    _ = try await store.deleteOrder(id: order.id!)
                    XCTFail("\(name): deleting a \(status) order should be refused")
                } catch {
                    XCTAssertEqual(error, .readOnly(current: order), name)
                }
                let stored = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(stored, order, "\(name): \(status), nothing changed")
            }
            // Every other status can be edited and deleted
            for status in [OrderStatus.new, .paid, .packed] {
                let order = try await makeOrder(at: status, in: store)
                var edited = order
                edited.email = "edited@example.com"
                let saved = try await store.updateOrder(orderToUpdate: edited)
                XCTAssertEqual(saved.status, status, name)
                _ = try await store.deleteOrder(id: order.id!)
            }
        }
    }

    func testAnUpdateKeepsTheStoredStatusAndReason() async throws {
        for (name, store) in try await makeStores() {
            let paid = try await makeOrder(at: .paid, in: store)
            var edited = paid
            edited.status = .shipped  // not the update's to change
            edited.cancellationReason = "sneaked in"
            edited.firstName = "Ann"
            let saved = try await store.updateOrder(orderToUpdate: edited)
            XCTAssertEqual(saved.status, .paid, name)
            XCTAssertNil(saved.cancellationReason, name)
            XCTAssertEqual(saved.firstName, "Ann", name)
        }
    }

    /// "Shipped" and edits of the same version, or "shipped" and a delete, at the same instant:
    /// exactly one wins, and the others are told why, whichever it is.
    func testAStatusChangeRacingEditsOrADeleteLetsExactlyOneThrough() async throws {
        for (name, store) in try await makeStores() {
            for round in 0..<6 {
                let deleting = round % 2 == 1
                let packed = try await makeOrder(at: .packed, in: store)
                let outcomes = await withTaskGroup(of: (String, Result<Order, OrdersStoreError>).self) { group in
                    group.addTask {
                        do throws(OrdersStoreError) {
                            return ("ship", .success(try await store.changeStatus(
                                id: packed.id!, to: .shipped, expectedVersion: packed.version, reason: nil, by: nil, at: Seeds.june30)))
                        } catch {
                            return ("ship", .failure(error))
                        }
                    }
                    for index in 0..<(deleting ? 1 : 4) {
                        group.addTask {
                            do throws(OrdersStoreError) {
                                if deleting { return ("delete", .success(try await store.deleteOrder(id: packed.id!))) }
                                var edited = packed
                                edited.email = "clerk\(index)@example.com"
                                return ("edit", .success(try await store.updateOrder(orderToUpdate: edited)))
                            } catch {
                                return (deleting ? "delete" : "edit", .failure(error))
                            }
                        }
                    }
                    return await group.reduce(into: []) { $0.append($1) }
                }
                let context = "\(name) round \(round): \(outcomes)"
                let winners = outcomes.filter { $0.1.error == nil }
                XCTAssertEqual(winners.count, 1, context)
                let losers = outcomes.compactMap(\.1.error)
                let stored = try await store.fetchOrder(id: packed.id!)
                switch winners.first?.0 {
                case "ship":
                    XCTAssertEqual(stored?.status, .shipped, context)
                    XCTAssertEqual(stored?.email, packed.email, "\(context): no edit slipped through")
                    XCTAssertEqual(losers, Array(repeating: .readOnly(current: stored!), count: losers.count), context)
                case "edit":
                    XCTAssertEqual(stored?.status, .packed, context)
                    XCTAssertEqual(losers, Array(repeating: .conflict(current: stored!), count: losers.count), context)
                case "delete":
                    XCTAssertNil(stored, context)
                    XCTAssertEqual(losers, [.notFound(id: packed.id!)], context)
                default:
                    XCTFail(context)
                }
            }
        }
    }

    // MARK: Migrations

    func testSQLiteOrdersWrittenBeforeTheStatusMigrationAreNew() async throws {
        // Given: a database of schema v9, with an order as that release wrote it
        let path = directory.appendingPathComponent("v9.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger).migrate(queue, upTo: "v9: order search")
        let created = try await OrdersSQLiteStore.writeOldOrder(into: queue)
        try queue.close()

        // When
        let store = try OrdersSQLiteStore(path: path)

        // Then: it is new, and moves on
        let fetched = try await store.fetchOrder(id: created)
        let order = try XCTUnwrap(fetched)
        XCTAssertEqual(order.status, .new)
        XCTAssertNil(order.cancellationReason)
        let paid = try await store.changeStatus(of: order, to: .paid)
        XCTAssertEqual(paid.version, order.version + 1)
        let events = try await OrderStores(store).fetchEvents(orderID: created)
        XCTAssertEqual(events.map(\.statusChange), [OrderEvent.StatusChange(from: .new, to: .paid)])
    }

    func testPostgresOrdersWrittenBeforeTheStatusMigrationAreNew() async throws {
        // Given: a database of schema version 8, with an order as that release wrote it
        let url = try await TestPostgres.makeDatabase()
        let old = try await TestPostgres.openStore(url: url, for: self)
        try await old.migrate(upTo: 8)
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        try await old.database.client.query(
            """
            INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1, shipment_street2,
                shipment_city, shipment_state, shipment_zip, shipment_speed, card_ciphertext, card_key_id, card_last4,
                card_expiry_year, card_expiry_month, billing_street1, billing_street2, billing_city, billing_state,
                billing_zip, total)
            VALUES (\(Seeds.june29.timeIntervalSince1970), 'José', 'Núñez', '(555) 123-4560', 'jose@example.com', '1 Main St',
                '', 'San José', 'CA', '95112', 1, \(sealed.ciphertext), \(sealed.keyID), '4242', 2030, 1, '1 Main St', '',
                'Reno', 'NV', '89501', 19.99)
            """)

        // When
        let store = try await TestPostgres.openStore(url: url, for: self)
        try await store.migrate()

        // Then
        let fetched = try await store.fetchOrder(id: "1")
        let order = try XCTUnwrap(fetched)
        XCTAssertEqual(order.status, .new)
        XCTAssertNil(order.cancellationReason)
        let paid = try await store.changeStatus(of: order, to: .paid)
        XCTAssertEqual(paid.status, .paid)
        let events = try await OrderStores(store).fetchEvents(orderID: "1")
        XCTAssertEqual(events.map(\.statusChange), [OrderEvent.StatusChange(from: .new, to: .paid)])
    }
}

extension OrdersSQLiteStore {
    /// Writes an order as releases before schema v10 did (no status, search columns empty) into
    /// the database of `queue`; returns its id.
    static func writeOldOrder(into queue: DatabaseQueue) async throws -> String {
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        return try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1,
                        shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, card_ciphertext,
                        card_key_id, card_last4, card_expiry_year, card_expiry_month, billing_street1, billing_street2,
                        billing_city, billing_state, billing_zip, total)
                    VALUES (?, 'José', 'Núñez', '(555) 123-4560', 'jose@example.com', '1 Main St', '', 'San José', 'CA',
                        '95112', 1, ?, ?, '4242', 2030, 1, '1 Main St', '', 'Reno', 'NV', '89501', '19.99')
                    """,
                arguments: [Seeds.june29.timeIntervalSince1970, sealed.ciphertext, sealed.keyID])
            return String(db.lastInsertedRowID)
        }
    }
}

extension Result {
    /// The error of a failure; nil for a success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
