import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// One contract, every store: each test runs against a fresh memory store, a fresh SQLite file and
/// a fresh PostgreSQL database (on the cluster the test command starts).
final class OrdersStoreContractTests: TemporaryDirectoryTestCase {
    /// Fresh, empty stores of every kind, by name.
    func makeStores() async throws -> [(String, any OrdersStoreProtocol)] {
        [
            ("memory", OrderStores(OrdersMemStore())),
            ("SQLite", OrderStores(try OrdersSQLiteStore(path: directory.appendingPathComponent("orders-\(UUID().uuidString).sqlite").path))),
            ("PostgreSQL", OrderStores(try await TestPostgres.makeStore(for: self))),
        ]
    }

    static func newOrder(_ order: Order) -> Order {
        var order = order
        order.id = nil
        order.totals.shippingCents = 12_300  // ignored: the store computes it
        return order
    }

    // MARK: Tests

    func testCreateChoosesAUniqueIDAndComputesTheTotal() async throws {
        for (name, store) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
            XCTAssertNotNil(amy.id, name)
            XCTAssertNotEqual(amy.id, bob.id, name)
            XCTAssertEqual(amy.total, Decimal(string: "0.00"), name)
            XCTAssertEqual(bob.total, Decimal(string: "9.99"), name)
            var expected = Seeds.Orders.bob
            expected.id = bob.id
            XCTAssertEqual(bob, expected, "\(name): every field is kept")
        }
    }

    func testCreateOrdersWritesEachInOrderWithItsNumberAndEvent() async throws {
        for (name, store) in try await makeStores() {
            let first = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            var ann = Self.newOrder(Seeds.Orders.amy)
            ann.firstName = "Ann"
            let clerk = AccountName(username: "clerk", displayName: "Casey Clerk")
            let made = try await store.createOrders([Self.newOrder(Seeds.Orders.bob), ann], by: clerk, at: Seeds.june29)
            XCTAssertEqual(made.map(\.firstName), ["Bob", "Ann"], name)
            let ids = made.compactMap { $0.id.flatMap(Int64.init) }
            XCTAssertEqual(ids.count, 2, "\(name): each gets its id")
            XCTAssertEqual(ids, [Int64(first.id!)! + 1, Int64(first.id!)! + 2], "\(name): numbered by the counter, in order, no gaps")
            for order in made {
                let stored = try await store.fetchOrder(id: order.id!)
                XCTAssertEqual(stored, order, "\(name): stored as returned (every field, the totals computed)")
                XCTAssertEqual(stored?.createdBy, clerk, name)
                let events = try await (store as! OrderStores).fetchEvents(orderID: order.id!)
                XCTAssertEqual(events.map(\.kind), [.created], "\(name): one created event each")
                XCTAssertEqual(events.first?.at, Seeds.june29, name)
            }
            XCTAssertEqual(made[1].total, Decimal(string: "0.00"), name)
            XCTAssertEqual(made[0].total, Decimal(string: "9.99"), name)
            let none = try await store.createOrders([], by: nil, at: Seeds.june29)
            XCTAssertEqual(none, [], name)
            let count = try await store.countOrders(matching: .all, upTo: 100)
            XCTAssertEqual(count, 3, name)
        }
    }

    func testIDsStayUniqueOverManyCreates() async throws {
        for (name, store) in try await makeStores() {
            var ids = Set<String>()
            for _ in 0..<50 {
                ids.insert(try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy)).id ?? "")
            }
            XCTAssertEqual(ids.count, 50, name)
        }
    }

    func testFetchOrdersReturnsEveryOrderNewestFirst() async throws {
        for (name, store) in try await makeStores() {
            let empty = try await store.fetchOrders()
            XCTAssertEqual(empty, [], name)
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))  // 6/29
            let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))  // 6/30
            var sameDay = Self.newOrder(Seeds.Orders.amy)
            sameDay.firstName = "Ann"
            let ann = try await store.createOrder(orderToCreate: sameDay)  // 6/29, created later than Amy
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders, [bob, ann, amy], name)
        }
    }

    func testAPageThatOpensNoCardGivesEachCardsLastFourDigitsOnly() async throws {
        for (name, store) in try await makeStores() {
            // Given: two orders, with cards of 16 and of 15 digits
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            var short = Self.newOrder(Seeds.Orders.bob)
            short.paymentMethod.creditCardNumber = "378282246310005"
            let bob = try await store.createOrder(orderToCreate: short)

            // When: a page is read without opening the cards, and then with
            let listed = try await store.fetchOrders(page: OrdersPageRequest(limit: 10, opensCards: false))
            let opened = try await store.fetchOrders(page: OrdersPageRequest(limit: 10))

            // Then: each order as the opened page has it, but for its card: the last four digits only
            XCTAssertEqual(opened.orders, [bob, amy], name)
            var expected = opened.orders
            for index in expected.indices { expected[index].paymentMethod = expected[index].paymentMethod.lastFourOnly }
            XCTAssertEqual(listed.orders, expected, name)
            XCTAssertEqual(listed.orders.map(\.paymentMethod.creditCardNumber), ["0005", String(amy.paymentMethod.creditCardNumber.suffix(4))], name)
            XCTAssert(listed.orders.allSatisfy { $0.paymentMethod.isLastFourOnly && !$0.paymentMethod.isCardUnreadable }, name)
            XCTAssertEqual(listed.hasOlder, opened.hasOlder, name)

            // And an update carrying such a card is refused: the whole card is never replaced by four digits
            do {
                let saved = try await store.updateOrder(orderToUpdate: listed.orders[1])
                XCTFail("\(name): saved a card of four digits: \(saved)")
            } catch {
                XCTAssert("\(error)".contains("last four digits only"), "\(name): \(error)")
            }
            let fetched = try await store.fetchOrder(id: amy.id!)
            XCTAssertEqual(fetched, amy, "\(name): nothing changed")
        }
    }

    func testPagesWalkTheWholeListByKeysetBothWays() async throws {
        for (name, store) in try await makeStores() {
            // 7 orders, some on the same date: newest first is date, then id, descending
            var created: [Order] = []
            for index in 0..<7 {
                var order = Self.newOrder(Seeds.Orders.amy)
                order.date = Seeds.june29.addingTimeInterval(Double(index / 2) * 60)
                order.lastName = "Number \(index)"
                created.append(try await store.createOrder(orderToCreate: order))
            }
            let newestFirst = try await store.fetchOrders()
            XCTAssertEqual(newestFirst.map(\.lastName), [6, 5, 4, 3, 2, 1, 0].map { "Number \($0)" }, name)

            // Forwards, 3 at a time
            var pages: [OrdersPage] = [try await store.fetchOrders(page: OrdersPageRequest(limit: 3))]
            while pages.last!.hasOlder {
                let cursor = OrdersCursor(order: pages.last!.orders.last!)!
                pages.append(try await store.fetchOrders(page: OrdersPageRequest(position: .after(cursor), limit: 3)))
            }
            XCTAssertEqual(pages.map(\.orders.count), [3, 3, 1], name)
            XCTAssertEqual(pages.flatMap(\.orders), newestFirst, "\(name): every order once, in order")
            XCTAssertEqual(pages.map(\.hasNewer), [false, true, true], name)

            // Backwards from the last page
            let back = try await store.fetchOrders(
                page: OrdersPageRequest(position: .before(OrdersCursor(order: pages[2].orders[0])!), limit: 3))
            XCTAssertEqual(back, pages[1], "\(name): the page before the last is the second")
            let first = try await store.fetchOrders(
                page: OrdersPageRequest(position: .before(OrdersCursor(order: pages[1].orders[0])!), limit: 3))
            XCTAssertEqual(first.orders, pages[0].orders, name)
            XCTAssertFalse(first.hasNewer, name)
            XCTAssertTrue(first.hasOlder, name)

            // A page past the end is empty, and says there is something newer
            let past = try await store.fetchOrders(
                page: OrdersPageRequest(position: .after(OrdersCursor(date: Seeds.june29.addingTimeInterval(-1), id: 1)), limit: 3))
            XCTAssertEqual(past, OrdersPage(orders: [], hasNewer: true, hasOlder: false), name)
        }
    }

    func testFetchOrderFindsOneOrderAndNothingForAnUnknownID() async throws {
        for (name, store) in try await makeStores() {
            let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
            let fetched = try await store.fetchOrder(id: bob.id!)
            XCTAssertEqual(fetched, bob, name)
            for unknown in ["999", "abc", "-1", "", "1.0", "99999999999999999999999"] {
                let none = try await store.fetchOrder(id: unknown)
                XCTAssertNil(none, "\(name): \(unknown)")
            }
        }
    }

    func testUpdateKeepsIDAndDateAndRecomputesTheTotal() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            var changed = created
            changed.email = "amy@example.com"
            changed.shipmentMethod = ShipmentMethod(speed: .oneDay)
            changed.date = Seeds.june30
            let updated = try await store.updateOrder(orderToUpdate: changed)
            XCTAssertEqual(updated.id, created.id, name)
            XCTAssertEqual(updated.date, created.date, "\(name): the date never changes")
            XCTAssertEqual(updated.email, "amy@example.com", name)
            XCTAssertEqual(updated.total, Decimal(string: "19.99"), name)
            XCTAssertEqual(created.version, 1, name)
            XCTAssertEqual(updated.version, 2, "\(name): each update is one more version")
            let fetched = try await store.fetchOrder(id: created.id!)
            XCTAssertEqual(fetched, updated, name)
        }
    }

    func testUpdateFromAnOlderVersionIsAConflictAndChangesNothing() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            var first = created
            first.email = "first@example.com"
            let saved = try await store.updateOrder(orderToUpdate: first)
            var second = created  // made from version 1, which is no longer the stored one
            second.email = "second@example.com"
            do {
                _ = try await store.updateOrder(orderToUpdate: second)
                XCTFail("\(name): an update from an older version should fail")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            let stored = try await store.fetchOrder(id: created.id!)
            XCTAssertEqual(stored, saved, "\(name): the first update is kept")
            var newer = created
            newer.version = 7
            do {
                _ = try await store.updateOrder(orderToUpdate: newer)
                XCTFail("\(name): an update from a version never saved should fail")
            } catch {
                XCTAssertEqual(error, .conflict(current: saved), name)
            }
            var fromCurrent = saved
            fromCurrent.email = "third@example.com"
            let third = try await store.updateOrder(orderToUpdate: fromCurrent)
            XCTAssertEqual(third.version, 3, name)
        }
    }

    func testConcurrentUpdatesFromOneVersionSaveExactlyOne() async throws {
        for (name, store) in try await makeStores() {
            let created = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            let outcomes = await withTaskGroup(of: Result<Order, OrdersStoreError>.self) { group in
                for index in 0..<10 {
                    group.addTask {
                        var order = created
                        order.email = "clerk\(index)@example.com"
                        do throws(OrdersStoreError) {
                            return .success(try await store.updateOrder(orderToUpdate: order))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let saved = outcomes.compactMap { try? $0.get() }
            XCTAssertEqual(saved.count, 1, "\(name): exactly one update wins")
            let stored = try await store.fetchOrder(id: created.id!)
            XCTAssertEqual(stored, saved.first, name)
            for case .failure(let error) in outcomes {
                XCTAssertEqual(error, OrdersStoreError.conflict(current: stored!), "\(name): every other one is told what is stored")
            }
        }
    }

    func testConcurrentCreatesGetDistinctIDs() async throws {
        for (name, store) in try await makeStores() {
            let ids = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<100 {
                    group.addTask { try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob)).id ?? "" }
                }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            XCTAssertEqual(ids.count, 100, name)
            let all = try await store.fetchOrders()
            XCTAssertEqual(Set(all.compactMap(\.id)), ids, name)
        }
    }

    func testUpdateOfAnUnknownOrderIsNotFound() async throws {
        for (name, store) in try await makeStores() {
            for id in ["999", "abc", nil] {
                var order = Seeds.Orders.amy
                order.id = id
                do {
                    _ = try await store.updateOrder(orderToUpdate: order)
                    XCTFail("\(name): updating order \(id ?? "nil") should fail")
                } catch {
                    XCTAssertEqual(error, .notFound(id: id ?? ""), name)
                }
            }
        }
    }

    func testDeleteRemovesTheOrderAndAnUnknownIDIsNotFound() async throws {
        for (name, store) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
            let deleted = try await store.deleteOrder(id: amy.id!)
            XCTAssertEqual(deleted, amy, name)
            let gone = try await store.fetchOrder(id: amy.id!)
            XCTAssertNil(gone, name)
            let remaining = try await store.fetchOrders()
            XCTAssertEqual(remaining, [bob], name)
            do {
                _ = try await store.deleteOrder(id: amy.id!)
                XCTFail("\(name): deleting twice should fail")
            } catch {
                XCTAssertEqual(error, .notFound(id: amy.id!), name)
            }
        }
    }

    // MARK: Health

    func testCheckHealthPassesOnAWorkingStoreAndChangesNothing() async throws {
        for (name, store) in try await makeStores() {
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            try await store.checkHealth()
            try await store.checkHealth()
            let orders = try await store.fetchOrders()
            XCTAssertEqual(orders, [amy], "\(name): the probe's write is rolled back")
            let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
            XCTAssertEqual(Int(bob.id ?? ""), Int(amy.id ?? "")! + 1, "\(name): the probe takes no order id")
        }
    }

    func testSQLiteHealthFailsAndWritesAreRefusedOnceTheDatabaseFileIsDeletedOrReplaced() async throws {
        for replacement in ["deleted", "replaced"] {
            // Given: a store serving orders
            let path = directory.appendingPathComponent("\(replacement).sqlite").path
            let store = try OrdersSQLiteStore(path: path)
            let amy = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
            try await store.checkHealth()

            // When: its file is deleted (with its -wal and -shm), or another file takes its place
            for suffix in ["", "-wal", "-shm"] {
                try? FileManager.default.removeItem(atPath: path + suffix)
            }
            if replacement == "replaced" {
                _ = try OrdersSQLiteStore(path: path)
            }

            // Then: the probe says so, and nothing more is written into the file no one can open again
            do {
                try await store.checkHealth()
                XCTFail("\(replacement): the probe should fail")
            } catch {
                XCTAssert("\(error)".contains("is no longer the file opened at start-up"), "\(replacement): \(error)")
            }
            do {
                _ = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
                XCTFail("\(replacement): a create should be refused")
            } catch {
                XCTAssert("\(error)".contains("deleted, moved or replaced"), "\(replacement): \(error)")
            }
            do {
                _ = try await store.updateOrder(orderToUpdate: amy)
                XCTFail("\(replacement): an update should be refused")
            } catch {
                XCTAssert("\(error)".contains("deleted, moved or replaced"), "\(replacement): \(error)")
            }
            do {
                _ = try await store.deleteOrder(id: amy.id!)
                XCTFail("\(replacement): a delete should be refused")
            } catch {
                XCTAssert("\(error)".contains("deleted, moved or replaced"), "\(replacement): \(error)")
            }
        }
    }

    func testPostgresHealthFailsOnAReadOnlyDatabase() async throws {
        // Given: a migrated database, then made read-only (as a standby, or a database out of space
        // put in read-only mode, is)
        let url = try await TestPostgres.makeDatabase()
        let writable = try await TestPostgres.openStore(url: url, for: self)
        try await writable.migrate()
        _ = try await writable.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
        let name = String(URLComponents(string: url)!.path.dropFirst())
        _ = try await TestPostgres.withClient(url: try TestPostgres.clusterURL()) { client in
            try await client.query("ALTER DATABASE \(unescaped: name) SET default_transaction_read_only = on")
        }

        // When: a store connects to it
        let store = try await TestPostgres.openStore(url: url, for: self)

        // Then: it reads, but the probe fails, saying why
        let orders = try await store.fetchOrders()
        XCTAssertEqual(orders.count, 1)
        do {
            try await store.checkHealth()
            XCTFail("The probe should fail on a read-only database")
        } catch {
            XCTAssert("\(error)".contains("cannot be read and written"), "\(error)")
            XCTAssert("\(error)".contains("read-only transaction"), "\(error)")
        }
    }

    // MARK: SQLite and PostgreSQL

    func testSQLiteStoreKeepsEverythingAcrossARestart() async throws {
        // Given
        let path = directory.appendingPathComponent("restart.sqlite").path
        var created: [Order] = []
        do {
            let store = try OrdersSQLiteStore(path: path)
            created.append(try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy)))
            created.append(try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob)))
            var updated = created[0]
            updated.phone = "333-333-3333"
            created[0] = try await store.updateOrder(orderToUpdate: updated)
        }

        // When
        let reopened = try OrdersSQLiteStore(path: path)

        // Then
        let orders = try await reopened.fetchOrders()
        XCTAssertEqual(orders, created.reversed())
        let next = try await reopened.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
        XCTAssertFalse(created.map(\.id).contains(next.id), "Ids are never reused")
    }

    // MARK: PostgreSQL

    func testPostgresMigrationsAreSafeWhenInstancesStartTogether() async throws {
        // Given: four instances' stores on one new database
        let url = try await TestPostgres.makeDatabase()
        var stores: [OrdersPostgresStore] = []
        for _ in 0..<4 {
            stores.append(try await TestPostgres.openStore(url: url, for: self))
        }

        // When: they all migrate at once, then once more
        try await withThrowingTaskGroup(of: Void.self) { group in
            for store in stores {
                group.addTask { try await store.migrate() }
            }
            try await group.waitForAll()
        }
        try await stores[0].migrate()

        // Then: one schema, each version applied once, and every store works on it
        let versions = try await stores[0].database.client.query("SELECT version FROM cleanstore_schema_migrations ORDER BY version")
            .decode(Int.self).reduce(into: [Int]()) { $0.append($1) }
        XCTAssertEqual(versions, PostgresAppDatabase.migrations.map(\.version))
        let created = try await stores[1].createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
        let fetched = try await stores[3].fetchOrder(id: created.id!)
        XCTAssertEqual(fetched, created)
    }

    func testPostgresStoreKeepsEverythingAcrossARestart() async throws {
        let url = try await TestPostgres.makeDatabase()
        let first = try await TestPostgres.openStore(url: url, for: self)
        try await first.migrate()
        let amy = try await first.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.amy))
        var changed = amy
        changed.phone = "333-333-3333"
        let updated = try await first.updateOrder(orderToUpdate: changed)

        let second = try await TestPostgres.openStore(url: url, for: self)
        try await second.migrate()
        let orders = try await second.fetchOrders()
        XCTAssertEqual(orders, [updated])
    }

    func testPostgresURLsAreReadAndPasswordsNeverShown() throws {
        let configuration = try PostgresAppDatabase.configuration(url: "postgres://shop:s3cret@db.example:6432/orders?sslmode=disable")
        XCTAssertEqual(configuration.host, "db.example")
        XCTAssertEqual(configuration.port, 6432)
        XCTAssertEqual(configuration.username, "shop")
        XCTAssertEqual(configuration.password, "s3cret")
        XCTAssertEqual(configuration.database, "orders")
        XCTAssertEqual(
            PostgresAppDatabase.redacted("postgres://shop:s3cret@db.example:6432/orders"), "postgres://shop:***@db.example:6432/orders")
        for bad in ["postgres://db.example/orders", "mysql://shop@db.example/orders", "postgres://shop@db.example/x?sslmode=sometimes"] {
            XCTAssertThrowsError(try PostgresAppDatabase.configuration(url: bad), bad)
        }
    }
}
