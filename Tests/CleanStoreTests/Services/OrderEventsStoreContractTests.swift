import Foundation
import GRDB
import PostgresNIO
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// An order's history, one contract on every store (memory, SQLite, PostgreSQL): each create, update,
/// status change and delete writes exactly one event, in the same transaction as its change; a
/// refused change writes none; card numbers are recorded by their last four digits only.
final class OrderEventsStoreContractTests: TemporaryDirectoryTestCase {
    typealias Store = any OrdersStoreProtocol & OrderEventsStoreProtocol

    /// Fresh, empty stores of every kind, by name.
    func makeStores() async throws -> [(String, Store)] {
        [
            ("memory", OrderStores(OrdersMemStore())),
            ("SQLite", OrderStores(try OrdersSQLiteStore(path: directory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path))),
            ("PostgreSQL", OrderStores(try await TestPostgres.makeStore(for: self))),
        ]
    }

    static let amy = AccountSeeds.amy.name
    static let sue = AccountSeeds.sue.name
    /// 6/29/07 06:00, 6/30/07 06:00 and 07:00 UTC.
    static let t1 = Seeds.june29
    static let t2 = Seeds.june30
    static let t3 = Seeds.june30.addingTimeInterval(3600)

    static func newOrder() -> Order { OrdersStoreContractTests.newOrder(Seeds.Orders.amy) }

    /// The error `change` throws; nil, and a failure named `message`, when it throws none.
    func refusal<T>(
        _ message: String, line: UInt = #line, _ change: () async throws(OrdersStoreError) -> T
    ) async -> OrdersStoreError? {
        do {
            _ = try await change()
            XCTFail("\(message): should be refused", line: line)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Tests

    func testCreateUpdateAndDeleteEachWriteOneEventWithWhoWhenAndWhatChanged() async throws {
        for (name, store) in try await makeStores() {
            // Created by Amy
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = try XCTUnwrap(created.id)
            XCTAssertEqual(created.createdBy, Self.amy, name)
            XCTAssertNil(created.updatedBy, name)
            XCTAssertNil(created.updatedAt, name)
            let afterCreate = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(afterCreate, [OrderEvent(orderID: id, kind: .created, by: Self.amy, at: Self.t1)], name)

            // Changed by Sue: a name, a city, the shipping method, the card
            var changed = created
            changed.firstName = "Ann"
            changed.shipmentAddress.city = "San Jose"
            changed.shipmentMethod = ShipmentMethod(speed: .oneDay)
            changed.paymentMethod.creditCardNumber = "4242424242424242"
            let updated = try await store.updateOrder(orderToUpdate: changed, by: Self.sue, at: Self.t2)
            XCTAssertEqual(updated.createdBy, Self.amy, "\(name): who created it is kept")
            XCTAssertEqual(updated.updatedBy, Self.sue, name)
            XCTAssertEqual(updated.updatedAt, Self.t2, name)
            let fetched = try await store.fetchOrder(id: id)
            XCTAssertEqual(fetched, updated, "\(name): who and when are stored with the order")
            let update = OrderEvent(
                orderID: id, kind: .updated, by: Self.sue, at: Self.t2,
                changes: [
                    OrderChange(field: "First name", old: "Amy", new: "Ann"),
                    OrderChange(field: "Shipment address, city", old: "Cupertino", new: "San Jose"),
                    OrderChange(field: "Shipping method", old: "Standard Shipping", new: "One-Day Shipping"),
                    OrderChange(field: "Card number", old: "ending 1111", new: "ending 4242"),
                ])
            let afterUpdate = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(afterUpdate, [update, afterCreate[0]], "\(name): newest first")

            // Deleted with no one signed in: the history stays
            _ = try await store.deleteOrder(id: id, by: nil, at: Self.t3)
            let afterDelete = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(afterDelete, [OrderEvent(orderID: id, kind: .deleted, by: nil, at: Self.t3)] + afterUpdate, name)
        }
    }

    func testASaveThatChangesNothingIsOneEventWithNoChanges() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: nil, at: Self.t1)
            let saved = try await store.updateOrder(orderToUpdate: created, by: nil, at: Self.t2)
            XCTAssertEqual(saved.version, 2, name)
            XCTAssertEqual(saved.updatedAt, Self.t2, name)
            XCTAssertNil(saved.updatedBy, name)
            let events = try await store.fetchEvents(orderID: created.id!)
            XCTAssertEqual(events.map(\.kind), [.updated, .created], name)
            XCTAssertEqual(events[0].changes, [], name)
        }
    }

    func testARefusedUpdateOrDeleteWritesNoEvent() async throws {
        for (name, store) in try await makeStores() {
            // Given: an order saved once since version 1
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            var first = created
            first.email = "first@example.com"
            _ = try await store.updateOrder(orderToUpdate: first, by: Self.amy, at: Self.t2)
            let before = try await store.fetchEvents(orderID: created.id!)

            // When: an update from version 1 (a conflict), and changes to an order that does not exist
            var stale = created
            stale.email = "stale@example.com"
            let conflict = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.updateOrder(orderToUpdate: stale, by: Self.sue, at: Self.t3)
            }
            guard case .conflict = conflict else { return XCTFail("\(name): \(String(describing: conflict))") }
            var unknown = created
            unknown.id = "999"
            let unknownUpdate = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.updateOrder(orderToUpdate: unknown, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(unknownUpdate, .notFound(id: "999"), name)
            let unknownDelete = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.deleteOrder(id: "999", by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(unknownDelete, .notFound(id: "999"), name)

            // Then: nothing more is written
            let after = try await store.fetchEvents(orderID: created.id!)
            XCTAssertEqual(after, before, name)
            let none = try await store.fetchEvents(orderID: "999")
            XCTAssertEqual(none, [], name)
        }
    }

    func testAStatusChangeIsOneUpdateEventNamingFromToAndWhy() async throws {
        for (name, store) in try await makeStores() {
            // Created by Amy, marked paid by Sue, cancelled by Amy with a reason
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let id = try XCTUnwrap(created.id)
            let paid = try await store.changeStatus(id: id, to: .paid, expectedVersion: 1, reason: nil, by: Self.sue, at: Self.t2)
            let reason = "Customer changed their mind"
            let cancelled = try await store.changeStatus(
                id: id, to: .cancelled, expectedVersion: paid.version, reason: reason, by: Self.amy, at: Self.t3)
            XCTAssertEqual(cancelled.updatedBy, Self.amy, name)
            XCTAssertEqual(cancelled.updatedAt, Self.t3, name)

            let events = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(
                events,
                [
                    OrderEvent(
                        orderID: id, kind: .updated, by: Self.amy, at: Self.t3,
                        changes: [
                            OrderChange(field: "Status", old: "Paid", new: "Cancelled"),
                            OrderChange(field: "Cancellation reason", old: "", new: reason),
                        ],
                        statusChange: OrderEvent.StatusChange(from: .paid, to: .cancelled, reason: reason)),
                    OrderEvent(
                        orderID: id, kind: .updated, by: Self.sue, at: Self.t2,
                        changes: [OrderChange(field: "Status", old: "New", new: "Paid")],
                        statusChange: OrderEvent.StatusChange(from: .new, to: .paid)),
                    OrderEvent(orderID: id, kind: .created, by: Self.amy, at: Self.t1),
                ], name)

            // Refused: a stale page, an arrow that is not there, an edit or a delete of a cancelled order
            let stale = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeStatus(id: id, to: .paid, expectedVersion: 1, reason: nil, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(stale, .conflict(current: cancelled), name)
            let notAllowed = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.changeStatus(id: id, to: .paid, expectedVersion: cancelled.version, reason: nil, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(notAllowed, .statusNotAllowed(current: cancelled, to: .paid), name)
            let edit = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.updateOrder(orderToUpdate: cancelled, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(edit, .readOnly(current: cancelled), name)
            let delete = await refusal(name) { () async throws(OrdersStoreError) in
                try await store.deleteOrder(id: id, by: Self.sue, at: Self.t3)
            }
            XCTAssertEqual(delete, .readOnly(current: cancelled), name)
            let after = try await store.fetchEvents(orderID: id)
            XCTAssertEqual(after, events, "\(name): no event for a refused change")
        }
    }

    func testEachOrderHasItsOwnHistoryAndAnIDNeverUsedHasNone() async throws {
        for (name, store) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let bob = try await store.createOrder(orderToCreate: OrdersStoreContractTests.newOrder(Seeds.Orders.bob), by: Self.sue, at: Self.t1)
            // Two saves at the same moment: the later written is the newer
            var first = amy
            first.phone = "222-222-2222"
            let saved = try await store.updateOrder(orderToUpdate: first, by: Self.sue, at: Self.t2)
            var second = saved
            second.phone = "333-333-3333"
            _ = try await store.updateOrder(orderToUpdate: second, by: Self.amy, at: Self.t2)

            let amys = try await store.fetchEvents(orderID: amy.id!)
            XCTAssertEqual(amys.map(\.kind), [.updated, .updated, .created], name)
            XCTAssertEqual(amys.map(\.by), [Self.amy, Self.sue, Self.amy], name)
            XCTAssertEqual(amys[0].changes, [OrderChange(field: "Phone number", old: "222-222-2222", new: "333-333-3333")], name)
            let bobs = try await store.fetchEvents(orderID: bob.id!)
            XCTAssertEqual(bobs, [OrderEvent(orderID: bob.id!, kind: .created, by: Self.sue, at: Self.t1)], name)
            for unknown in ["999", "abc", "", "-1", "99999999999999999999999"] {
                let none = try await store.fetchEvents(orderID: unknown)
                XCTAssertEqual(none, [], "\(name): \(unknown)")
            }
        }
    }

    // MARK: Card numbers

    func testACardChangeIsRecordedByItsLastFourDigitsOnly() async throws {
        // Given: a SQLite file and a PostgreSQL database, and memory
        let path = directory.appendingPathComponent("cards.sqlite").path
        let url = try await TestPostgres.makeDatabase()
        let postgres = try await TestPostgres.openStore(url: url, for: self)
        try await postgres.migrate()
        let stores: [(String, Store, () async throws -> Data)] = [
            ("memory", OrderStores(OrdersMemStore()), { Data() }),
            ("SQLite", OrderStores(try OrdersSQLiteStore(path: path)), { try CardEncryptionTests.sqliteFiles(path) }),
            ("PostgreSQL", OrderStores(postgres), { try await CardEncryptionTests.everyRowAsText(url: url) }),
        ]
        for (name, store, rawContents) in stores {
            // When: the card is changed, then the order deleted
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            var changed = created
            changed.paymentMethod.creditCardNumber = "4242424242424242"
            _ = try await store.updateOrder(orderToUpdate: changed, by: Self.sue, at: Self.t2)
            _ = try await store.deleteOrder(id: created.id!, by: Self.sue, at: Self.t3)

            // Then: the history names both cards by their last four digits, and never whole
            let events = try await store.fetchEvents(orderID: created.id!)
            XCTAssertEqual(events[1].changes, [OrderChange(field: "Card number", old: "ending 1111", new: "ending 4242")], name)
            let text = String(describing: events)
            for number in ["4111111111111111", "4242424242424242"] {
                XCTAssertFalse(text.contains(number), "\(name): \(number) in \(text)")
            }
            // And nothing the database holds does either (the events table included)
            let contents = try await rawContents()
            if name != "memory" {
                XCTAssertNotNil(contents.range(of: Data("ending 4242".utf8)), "\(name): the events are there")
            }
            for number in ["4111111111111111", "4242424242424242"] {
                for form in CardEncryptionTests.forms(of: number) {
                    XCTAssertNil(contents.range(of: Data(form.utf8)), "\(name): \(form) is stored in clear")
                }
            }
        }
    }

    /// Issue 25: a card replaced by another with the same last four left no trace in the history.
    func testACardReplacedByAnotherWithTheSameLastFourIsStillAChange() async throws {
        for (name, store) in try await makeStores() {
            // Given: an order paid with 4111 1111 1111 1111
            let created = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            XCTAssertEqual(created.paymentMethod.creditCardNumber, "4111111111111111", name)

            // When: saved with the same card, then with another ending 1111 too
            _ = try await store.updateOrder(orderToUpdate: created, by: Self.sue, at: Self.t2)
            var changed = try await store.fetchOrder(id: created.id!)!
            changed.paymentMethod.creditCardNumber = "5500000008001111"
            _ = try await store.updateOrder(orderToUpdate: changed, by: Self.sue, at: Self.t3)

            // Then: the first save changed nothing; the second changed the card, both ending 1111
            let events = try await store.fetchEvents(orderID: created.id!)
            XCTAssertEqual(events.map(\.changes), [
                [OrderChange(field: "Card number", old: "ending 1111", new: "ending 1111")], [], [],
            ], name)
            XCTAssertEqual(events[0].changes.map(\.isCardWithTheSameLastFour), [true], name)
            XCTAssertFalse(String(describing: events).contains("5500000008001111"), name)
        }
    }

    func testReencryptingCardNumbersWritesNoEventAndChangesNoVersion() async throws {
        let path = directory.appendingPathComponent("rotation.sqlite").path
        let url = try await TestPostgres.makeDatabase()
        let both = CardKeyring(current: TestCardKeys.other, previous: [TestCardKeys.key])
        let first = try await TestPostgres.openStore(url: url, for: self)
        try await first.migrate()
        let second = try await TestPostgres.openStore(url: url, cards: both, for: self)
        let stores: [(String, Store, any OrdersStoreProtocol & OrderEventsStoreProtocol & CardKeyRotating)] = [
            ("SQLite", OrderStores(try OrdersSQLiteStore(path: path)), OrderStores(try OrdersSQLiteStore(path: path, cards: both))),
            ("PostgreSQL", OrderStores(first), OrderStores(second)),
        ]
        for (name, old, rotator) in stores {
            let created = try await old.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            let before = try await old.fetchEvents(orderID: created.id!)
            let outcome = try await rotator.rotateCardKey(batchSize: 200)
            XCTAssertEqual(outcome, CardKeyRotation(reencrypted: 1, remaining: 0), name)
            let after = try await rotator.fetchEvents(orderID: created.id!)
            XCTAssertEqual(after, before, name)
            let order = try await rotator.fetchOrder(id: created.id!)
            XCTAssertEqual(order, created, "\(name): same version, same record")
        }
    }

    // MARK: One transaction

    /// When the event cannot be written (a trigger refuses every one), the change is rolled back.
    func testAChangeWhoseEventCannotBeWrittenIsRolledBack() async throws {
        let sqlite = try OrdersSQLiteStore(path: directory.appendingPathComponent("refusing.sqlite").path)
        let postgres = try await TestPostgres.makeStore(for: self)
        let stores: [(String, Store, () async throws -> Void)] = [
            (
                "SQLite", OrderStores(sqlite),
                {
                    try await sqlite.database.pool.write { db in
                        try db.execute(
                            sql: "CREATE TRIGGER refuse_events BEFORE INSERT ON order_events BEGIN SELECT RAISE(ABORT, 'no history'); END")
                    }
                }
            ),
            (
                "PostgreSQL", OrderStores(postgres),
                {
                    try await postgres.database.client.query(
                        """
                        CREATE FUNCTION refuse_events() RETURNS trigger LANGUAGE plpgsql AS $$
                        BEGIN RAISE EXCEPTION 'no history'; END $$
                        """)
                    try await postgres.database.client.query(
                        "CREATE TRIGGER refuse_events BEFORE INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION refuse_events()")
                }
            ),
        ]
        for (name, store, refuseEvents) in stores {
            // Given: an order, then every event refused
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.amy, at: Self.t1)
            try await refuseEvents()

            // When: a create, an update, a status change and a delete
            var changed = amy
            changed.firstName = "Ann"
            let errors = [
                await refusal("\(name) status change") { () async throws(OrdersStoreError) in
                    try await store.changeStatus(id: amy.id!, to: .paid, expectedVersion: amy.version, reason: nil, by: Self.sue, at: Self.t2)
                },
                await refusal("\(name) create") { () async throws(OrdersStoreError) in
                    try await store.createOrder(orderToCreate: Self.newOrder(), by: Self.sue, at: Self.t2)
                },
                await refusal("\(name) update") { () async throws(OrdersStoreError) in
                    try await store.updateOrder(orderToUpdate: changed, by: Self.sue, at: Self.t2)
                },
                await refusal("\(name) delete") { () async throws(OrdersStoreError) in
                    try await store.deleteOrder(id: amy.id!, by: Self.sue, at: Self.t2)
                },
            ]

            // Then: each fails, saying why, and changes nothing
            for error in errors {
                XCTAssert("\(String(describing: error))".contains("no history"), "\(name): \(String(describing: error))")
            }
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders, [amy], "\(name): no order created, Amy neither changed, moved on nor deleted")
            let events = try await store.fetchEvents(orderID: amy.id!)
            XCTAssertEqual(events.map(\.kind), [.created], name)
        }
    }

    // MARK: The pure function every store uses

    func testChangesBetweenTwoOrdersNameEveryFieldAsPeopleReadIt() {
        var new = Seeds.Orders.bob
        new.firstName = "Rob"
        new.lastName = "Batt"
        new.phone = "333-333-3333"
        new.email = "rob@example.com"
        new.shipmentAddress = Address(street1: "4 New Street", street2: "Suite 9", city: "Salem", state: "OR", zip: "97301")
        new.shipmentMethod = ShipmentMethod(speed: .standard)
        new.paymentMethod = PaymentMethod(creditCardNumber: "4111111111111111", expirationDate: ExpirationDate(year: 2031, month: 1))
        new.billingAddress = Address(street1: "5 Bill Road", street2: "", city: "Bend", state: "WA", zip: "97701")
        new.status = .cancelled
        new.cancellationReason = "Duplicate"
        new.totals.shippingCents = 0
        new.version = 9
        new.date = Seeds.june29

        XCTAssertEqual(OrderChange.between(Seeds.Orders.bob, new).map { "\($0.field): \($0.old) → \($0.new)" }, [
            "First name: Bob → Rob",
            "Last name: Battery → Batt",
            "Phone number: 222-222-2222 → 333-333-3333",
            "Email address: bob.battery@clean-swift.com → rob@example.com",
            "Shipment address, street line 1: 3 Ship Street → 4 New Street",
            "Shipment address, street line 2:  → Suite 9",
            "Shipment address, city: Boston → Salem",
            "Shipment address, state: MA → OR",
            "Shipment address, ZIP code: 02108-1234 → 97301",
            "Shipping method: Two-Day Shipping → Standard Shipping",
            "Card number: ending 4444 → ending 1111",
            "Expiry date: 12/30 → 01/31",
            "Billing address, street line 1: 2 Bob Road → 5 Bill Road",
            "Billing address, street line 2: Apt 2 → ",
            "Billing address, city: Bobsville → Bend",
            "Billing address, state: NY → WA",
            "Billing address, ZIP code: 10001 → 97701",
            "Status: New → Cancelled",
            "Cancellation reason:  → Duplicate",
        ], "Total, date and version are the store's: not listed")
        XCTAssertEqual(OrderChange.between(Seeds.Orders.bob, Seeds.Orders.bob), [])
        var sameLastFour = Seeds.Orders.bob
        sameLastFour.paymentMethod.creditCardNumber = "5105105105104444"
        XCTAssertNotEqual(Seeds.Orders.bob.paymentMethod.creditCardNumber, sameLastFour.paymentMethod.creditCardNumber)
        XCTAssertEqual(
            OrderChange.between(Seeds.Orders.bob, sameLastFour), [OrderChange(field: "Card number", old: "ending 4444", new: "ending 4444")],
            "Another card with the same last four is a change")
    }
}
