import Foundation
import GRDB
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Search, filters, sorts and their pages (issue 16): one table of queries and the orders each
/// finds, in order, run on every store.
extension OrdersStoreContractTests {
    /// The orders every query of the table runs on, by label, in order of creation (ids 1 to 8 on
    /// fresh stores; the table names them by label). Dates an hour or a day apart from 6/29/07 06:00
    /// UTC; no search text holds the digit 7, so "7" can only be an order number.
    static let searchFixture: [(label: String, order: Order)] = [
        ("jose", searchOrder("José", "Núñez", "jose.nunez@example.com", "(555) 123-4560", "San José", "95112", .standard, hours: 0)),
        ("zoe", searchOrder("Zoë", "Ångström", "zoe@example.org", "+1 555.986.5432", "Cambridge", "02139-4306", .twoDay, hours: 1)),
        ("obrien", searchOrder("Seán", "O'Brien", "sean.obrien@example.ie", "555 222 3333", "Dublin", "D02", .oneDay, hours: 2)),
        (
            "hyphen",
            searchOrder("Mary-Jane", "Smith-Jones", "mj@smith-jones.co.uk", "555-444-5555", "Springfield", "62501", .standard, hours: 24)
        ),
        ("jose2", searchOrder("Jose", "Nunez-Garcia", "jnunez@example.com", "555-000-1111", "Austin", "03301", .oneDay, hours: 25)),
        (
            "amy",
            searchOrder(
                "Amy", "Apple", "amy.apple@clean-swift.com", "111-111-1111", "Cupertino", "95014", .standard, hours: 48,
                street: "1 Infinite Loop")
        ),
        (
            "card",
            searchOrder(
                "Carl", "Cardholder", "carl@cards.test", "555-666-0000", "Newark", "10001", .oneDay, hours: 49, card: "4242424242424242")
        ),
        (
            "reno",
            searchOrder(
                "Rita", "Reyes", "rita@reyes.test", "555-333-2222", "Sparks", "89431", .twoDay, hours: 50,
                billing: Address(street1: "1 Main St", city: "Reno", state: "NV", zip: "89501"))
        ),
    ]

    static func searchOrder(
        _ first: String, _ last: String, _ email: String, _ phone: String, _ city: String, _ zip: String,
        _ speed: ShipmentMethod.ShippingSpeed, hours: Double, card: String = "4111111111111111", billing: Address? = nil,
        street: String = "1 Main St"
    ) -> Order {
        let address = Address(street1: street, city: city, state: "MA", zip: zip)
        return Order(
            firstName: first, lastName: last, phone: phone, email: email, billingAddress: billing ?? address,
            paymentMethod: PaymentMethod(creditCardNumber: card, expirationDate: ExpirationDate(year: 2030, month: 1)),
            shipmentAddress: address, shipmentMethod: ShipmentMethod(speed: speed), date: hour(hours))
    }

    static func hour(_ hours: Double) -> Date { Seeds.june29.addingTimeInterval(hours * 3600) }

    /// PostgreSQL's plan (`EXPLAIN`) of `statement` on `store`'s database, its lines joined, with
    /// sequential scans off: an empty table is cheapest to scan, so the plan asked for is the one a
    /// large table gets.
    static func postgresPlan(of statement: OrdersQuerySQL.Statement, on store: OrdersPostgresStore) async throws -> String {
        let explain = OrdersQuerySQL.Statement(sql: "EXPLAIN " + statement.sql, arguments: statement.arguments)
        return try await store.database.client.withConnection { connection in
            try await connection.query("SET enable_seqscan = off", logger: TestPostgres.logger)
            var lines: [String] = []
            for try await line in try await connection.query(try PostgresValues.query(explain), logger: TestPostgres.logger).decode(String.self) {
                lines.append(line)
            }
            return lines.joined(separator: "\n")
        }
    }

    /// The statuses the fixture's orders are moved to once created (the others stay new).
    static let searchStatuses: [String: OrderStatus] = ["zoe": .paid, "obrien": .packed, "hyphen": .shipped, "card": .cancelled, "reno": .paid]

    static let newestFirst = ["reno", "card", "amy", "jose2", "hyphen", "obrien", "zoe", "jose"]

    static func q(
        _ text: String? = nil, speed: ShipmentMethod.ShippingSpeed? = nil, status: OrderStatus? = nil, from: Double? = nil,
        before: Double? = nil, sort key: OrdersQuery.SortKey = .date, descending: Bool = true
    ) -> OrdersQuery {
        OrdersQuery(
            text: text, shippingSpeed: speed, status: status, createdFrom: from.map(hour), createdBefore: before.map(hour),
            sort: OrdersQuery.Sort(key, descending: descending))
    }

    /// Queries and the labels of the orders each finds, in the query's order.
    static let searchTable: [(query: OrdersQuery, expected: [String])] = [
        // Everything, and blanks that are no condition
        (q(), newestFirst),
        (q("   "), newestFirst),
        (q("#"), newestFirst),
        // Names: case and accents do not count; every word must match
        (q("jose nunez"), ["jose2", "jose"]),
        (q("José Núñez"), ["jose2", "jose"]),
        (q("JOSÉ"), ["jose2", "jose"]),
        (q("nunez jose"), ["jose2", "jose"]),
        (q("núñez-garcia"), ["jose2"]),
        (q("san jose"), ["jose"]),
        (q("jose springfield"), []),
        (q("jose austin"), ["jose2"]),
        (q("zoe"), ["zoe"]),
        (q("Zoë"), ["zoe"]),
        (q("ANGSTRÖM"), ["zoe"]),
        (q("O'Brien"), ["obrien"]),
        (q("obrien"), ["obrien"]),
        (q("o’brien"), ["obrien"]),
        (q("Seán"), ["obrien"]),
        (q("brien"), ["obrien"]),
        (q("smith-jones"), ["hyphen"]),
        (q("jones smith"), ["hyphen"]),
        (q("Mary-Jane"), ["hyphen"]),
        (q("jane"), ["hyphen"]),
        // Words of one or two characters (no trigram index for them in SQLite)
        (q("jo"), ["jose2", "hyphen", "jose"]),
        (q("zo"), ["zoe"]),
        (q("é"), newestFirst),
        (q("%"), []),
        (q("_"), []),
        // Emails
        (q("sean.obrien@example.ie"), ["obrien"]),
        (q("@example.com"), ["jose2", "jose"]),
        (q("example"), ["jose2", "obrien", "zoe", "jose"]),
        (q("CLEAN-SWIFT.COM"), ["amy"]),
        // Phones, on digits only
        (q("(555) 123-4560"), ["jose"]),
        (q("555-123-4560"), ["jose"]),
        (q("5551234560"), ["jose"]),
        (q("555.986.5432"), ["zoe"]),
        (q("+1 (555) 986-5432"), ["zoe"]),
        (q("555"), ["reno", "card", "jose2", "hyphen", "obrien", "zoe", "jose"]),
        // Cities and ZIPs, of the shipment address and of the billing address
        (q("02139"), ["zoe"]),
        (q("02139-4306"), ["zoe"]),
        (q("springfield"), ["hyphen"]),
        (q("SPARKS"), ["reno"]),
        (q("reno"), ["reno"]),
        (q("89501"), ["reno"]),
        (q("amy cupertino 95014"), ["amy"]),
        // Street line 1, of either address
        (q("infinite loop"), ["amy"]),
        (q("1 INFINITE"), ["amy"]),
        (q("main st"), ["reno", "card", "jose2", "hyphen", "obrien", "zoe", "jose"]),
        (q("main reno"), ["reno"]),
        // Words most orders share beside a rarer one (PostgreSQL asks its index without the shared
        // trigrams: `PostgresSearchWords`), and a word split around one ("newark": `ark` of "sparks")
        (q("zoe example"), ["zoe"]),
        (q("main 555 reno"), ["reno"]),
        (q("newark"), ["card"]),
        // Order numbers, exact, with or without #
        (q("#7"), ["card"]),
        (q("7"), ["card"]),
        (q("#3"), ["obrien"]),
        (q("#3 obrien"), ["obrien"]),
        (q("#3 jose"), []),
        (q("#99"), []),
        (q("#abc"), []),
        // A leading "order" names what is sought
        (q("order 7"), ["card"]),
        (q("Order #3"), ["obrien"]),
        (q("order#3"), ["obrien"]),
        (q("ORDER: 7"), ["card"]),
        (q("order"), []),
        // Card numbers are never searched
        (q("4242424242424242"), []),
        (q("4242"), []),
        (q("4111111111111111"), []),
        // Filters, alone and together
        (q(speed: .standard), ["amy", "hyphen", "jose"]),
        (q(speed: .twoDay), ["reno", "zoe"]),
        (q(speed: .oneDay), ["card", "jose2", "obrien"]),
        (q("jose", speed: .oneDay), ["jose2"]),
        (q("example", speed: .standard), ["jose"]),
        (q(from: 24, before: 48), ["jose2", "hyphen"]),
        (q(from: 48), ["reno", "card", "amy"]),
        (q(before: 1), ["jose"]),
        (q(from: 1, before: 2), ["zoe"]),
        (q(from: 2, before: 2), []),
        (q("example", speed: .oneDay, from: 24), ["jose2"]),
        (q("555", speed: .twoDay, before: 48), ["zoe"]),
        // Statuses, alone and with the rest
        (q(status: .new), ["amy", "jose2", "jose"]),
        (q(status: .paid), ["reno", "zoe"]),
        (q(status: .packed), ["obrien"]),
        (q(status: .shipped), ["hyphen"]),
        (q(status: .cancelled), ["card"]),
        (q("jose", status: .new), ["jose2", "jose"]),
        (q("example", status: .packed), ["obrien"]),
        (q("example", status: .shipped), []),
        (q("#8", status: .paid), ["reno"]),
        (q("#8", status: .new), []),
        (q("555", speed: .twoDay, status: .paid), ["reno", "zoe"]),
        (q(speed: .oneDay, status: .new), ["jose2"]),
        (q(status: .paid, from: 24), ["reno"]),
        (q(status: .new, before: 24), ["jose"]),
        (q(status: .new, sort: .total, descending: true), ["jose2", "amy", "jose"]),
        (q(status: .paid, sort: .name, descending: false), ["zoe", "reno"]),
        (q(status: .new, sort: .date, descending: false), ["jose", "jose2", "amy"]),
        // Every sort, both ways (ties by id, the same way)
        (q(sort: .date, descending: false), newestFirst.reversed()),
        (q(sort: .name, descending: false), ["zoe", "amy", "card", "jose", "jose2", "obrien", "reno", "hyphen"]),
        (q(sort: .name, descending: true), ["hyphen", "reno", "obrien", "jose2", "jose", "card", "amy", "zoe"]),
        (q(sort: .total, descending: false), ["jose", "hyphen", "amy", "zoe", "reno", "obrien", "jose2", "card"]),
        (q(sort: .total, descending: true), ["card", "jose2", "obrien", "reno", "zoe", "amy", "hyphen", "jose"]),
        // Sorts of what a search or a filter finds
        (q("example", sort: .name, descending: false), ["zoe", "jose", "jose2", "obrien"]),
        (q("555", sort: .total, descending: true), ["card", "jose2", "obrien", "reno", "zoe", "hyphen", "jose"]),
        (q(speed: .oneDay, sort: .name, descending: true), ["obrien", "jose2", "card"]),
        (q("jo", from: 0, sort: .date, descending: false), ["jose", "hyphen", "jose2"]),
    ]

    /// Creates the fixture in `store`, each order moved to its status (`searchStatuses`); returns
    /// each order's label by id.
    func createSearchFixture(in store: any OrdersStoreProtocol) async throws -> [String: String] {
        var labels: [String: String] = [:]
        for (label, order) in Self.searchFixture {
            let created = try await store.createOrder(orderToCreate: order)
            _ = try await store.changeStatus(of: created, to: Self.searchStatuses[label] ?? .new)
            labels[created.id!] = label
        }
        return labels
    }

    func testEveryQueryOfTheTableFindsTheSameOrdersInTheSameOrderOnEveryStore() async throws {
        for (name, store) in try await makeStores() {
            let labels = try await createSearchFixture(in: store)
            for (query, expected) in Self.searchTable {
                let context = "\(name): \(query)"
                func label(_ orders: [Order]) -> [String] { orders.map { labels[$0.id!] ?? "?" } }

                // One page
                let all = try await store.fetchOrders(page: OrdersPageRequest(limit: 100, query: query))
                XCTAssertEqual(label(all.orders), expected, context)
                XCTAssertFalse(all.hasNewer || all.hasOlder, context)

                // Pages of 3 forwards, then backwards from the last, by cursors of the query's sort
                var pages = [try await store.fetchOrders(page: OrdersPageRequest(limit: 3, query: query))]
                while pages.last!.hasOlder {
                    let cursor = OrdersCursor(order: pages.last!.orders.last!, sortedBy: query.sort.key)!
                    pages.append(try await store.fetchOrders(page: OrdersPageRequest(position: .after(cursor), limit: 3, query: query)))
                }
                XCTAssertEqual(label(pages.flatMap(\.orders)), expected, "\(context): forwards")
                XCTAssertEqual(pages.map(\.hasNewer), [false] + Array(repeating: true, count: pages.count - 1), context)
                var back = pages.last!
                var backwards = [back]
                while back.hasNewer {
                    let cursor = OrdersCursor(order: back.orders.first!, sortedBy: query.sort.key)!
                    back = try await store.fetchOrders(page: OrdersPageRequest(position: .before(cursor), limit: 3, query: query))
                    backwards.insert(back, at: 0)
                }
                XCTAssertEqual(label(backwards.flatMap(\.orders)), expected, "\(context): backwards")
                XCTAssertFalse(backwards.first!.hasNewer, context)

                // In batches, as an export reads them
                var batches: [[Order]] = []
                for try await batch in store.orders(matching: query, batchSize: 2) {
                    batches.append(batch)
                }
                XCTAssertEqual(label(batches.flatMap { $0 }), expected, "\(context): batches")
                XCTAssert(batches.allSatisfy { (1...2).contains($0.count) }, context)
            }
        }
    }

    /// A list's count: as many as the query finds over all its pages, counted no further than asked.
    func testEveryQueryOfTheTableCountsWhatItFindsUpToTheLimitOnEveryStore() async throws {
        for (name, store) in try await makeStores() {
            _ = try await createSearchFixture(in: store)
            for (query, expected) in Self.searchTable {
                let counted = try await store.countOrders(matching: query, upTo: 100)
                XCTAssertEqual(counted, expected.count, "\(name): \(query)")
                let capped = try await store.countOrders(matching: query, upTo: 2)
                XCTAssertEqual(capped, min(expected.count, 2), "\(name): \(query), up to 2")
            }
        }
    }

    /// An export's read: every order a query finds, in batches read one at a time as the loop asks.
    func testOrdersMatchingAQueryAreReadInBatchesAsTheLoopAsks() async throws {
        for (name, store) in try await makeStores() {
            var created: [Order] = []
            for index in 0..<25 {
                var order = Self.newOrder(Seeds.Orders.amy)
                order.lastName = "Zimmer \(index % 5)"
                order.shipmentMethod = ShipmentMethod(speed: index % 4 == 0 ? .standard : .twoDay)
                created.append(try await store.createOrder(orderToCreate: order))
            }
            let counting = CountingStore(store: store)
            let query = OrdersQuery(text: "zimmer", shippingSpeed: .twoDay, sort: OrdersQuery.Sort(.name, descending: true))
            let expected = created.filter { $0.shipmentMethod.speed == .twoDay }
                .sorted { ($0.lastName, Int($0.id!)!) > ($1.lastName, Int($1.id!)!) }
            var batches: [[Order]] = []
            var readsBeforeEachBatch: [Int] = []
            for try await batch in counting.orders(matching: query, batchSize: 7) {
                readsBeforeEachBatch.append(await counting.reads)
                batches.append(batch)
            }
            XCTAssertEqual(batches.flatMap { $0 }, expected, name)
            XCTAssertEqual(batches.map(\.count), [7, 7, 4], name)
            XCTAssertEqual(readsBeforeEachBatch, [1, 2, 3], "\(name): one page read per batch, when the loop asks for it")
            var none = 0
            for try await _ in store.orders(matching: OrdersQuery(text: "nobody")) { none += 1 }
            XCTAssertEqual(none, 0, name)
        }
    }

    /// A store that counts its page reads.
    actor CountingStore: OrdersStoreProtocol {
        let store: any OrdersStoreProtocol
        var reads = 0
        init(store: any OrdersStoreProtocol) { self.store = store }
        func countOrders(matching query: OrdersQuery, upTo: Int) async throws(OrdersStoreError) -> Int {
            try await store.countOrders(matching: query, upTo: upTo)
        }
        func fetchOrders(page: OrdersPageRequest) async throws(OrdersStoreError) -> OrdersPage {
            reads += 1
            return try await store.fetchOrders(page: page)
        }
        func fetchOrder(id: String) async throws(OrdersStoreError) -> Order? { try await store.fetchOrder(id: id) }
        func createOrder(orderToCreate: Order, idempotencyKey: String?, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await store.createOrder(orderToCreate: orderToCreate, idempotencyKey: idempotencyKey, by: by, at: at)
        }
        func updateOrder(orderToUpdate: Order, timeZone: TimeZone, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await store.updateOrder(orderToUpdate: orderToUpdate, timeZone: timeZone, by: by, at: at)
        }
        func deleteOrder(id: String, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await store.deleteOrder(id: id, by: by, at: at)
        }
        func changeStatus(
            id: String, to status: OrderStatus, expectedVersion: Int, reason: String?, shipment: Shipment?, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await store.changeStatus(id: id, to: status, expectedVersion: expectedVersion, reason: reason, shipment: shipment, by: by, at: at)
        }
        func undoStatusChange(id: String, expectedVersion: Int, by: AccountName?, at: Date) async throws(OrdersStoreError) -> Order {
            try await store.undoStatusChange(id: id, expectedVersion: expectedVersion, by: by, at: at)
        }
        func decideCancellation(
            id: String, _ decision: CancellationDecision, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await store.decideCancellation(id: id, decision, expectedVersion: expectedVersion, by: by, at: at)
        }
        func changeTracking(
            id: String, trackingNumber: String?, expectedVersion: Int, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await store.changeTracking(id: id, trackingNumber: trackingNumber, expectedVersion: expectedVersion, by: by, at: at)
        }
        func changeItems(
            id: String, change: DraftChange, expectedVersion: Int, timeZone: TimeZone, by: AccountName?, at: Date
        ) async throws(OrdersStoreError) -> Order {
            try await store.changeItems(id: id, change: change, expectedVersion: expectedVersion, timeZone: timeZone, by: by, at: at)
        }
        func checkHealth() async throws(OrdersStoreError) { try await store.checkHealth() }
    }

    func testSearchFollowsUpdatesAndDeletes() async throws {
        for (name, store) in try await makeStores() {
            let labels = try await createSearchFixture(in: store)
            let jose = labels.first { $0.value == "jose" }!.key
            var changed = try await store.fetchOrder(id: jose)!
            changed.lastName = "Ødegård"
            changed.email = "jose@odegard.no"
            changed.shipmentMethod = ShipmentMethod(speed: .oneDay)
            _ = try await store.updateOrder(orderToUpdate: changed)
            let byOldName = try await store.fetchOrders(page: OrdersPageRequest(limit: 10, query: OrdersQuery(text: "núñez")))
            XCTAssertEqual(byOldName.orders.map { labels[$0.id!]! }, ["jose2"], name)
            let byNewName = try await store.fetchOrders(page: OrdersPageRequest(limit: 10, query: OrdersQuery(text: "jose odegard")))
            XCTAssertEqual(byNewName.orders.map(\.id), [jose], name)
            let byTotal = try await store.fetchOrders(
                page: OrdersPageRequest(limit: 2, query: OrdersQuery(sort: OrdersQuery.Sort(.total, descending: false))))
            XCTAssertEqual(byTotal.orders.map { labels[$0.id!]! }, ["hyphen", "amy"], "\(name): the total's key follows too")
            let byName = try await store.fetchOrders(
                page: OrdersPageRequest(limit: 8, query: OrdersQuery(sort: OrdersQuery.Sort(.name, descending: false))))
            XCTAssertEqual(
                byName.orders.map { labels[$0.id!]! }, ["zoe", "amy", "card", "jose2", "obrien", "jose", "reno", "hyphen"],
                "\(name): the name's key follows too")
            _ = try await store.deleteOrder(id: jose)
            let afterDelete = try await store.fetchOrders(page: OrdersPageRequest(limit: 10, query: OrdersQuery(text: "odegard")))
            XCTAssertEqual(afterDelete.orders, [], name)
        }
    }

    func testACursorOfAnotherSortMeansTheFirstPage() async throws {
        for (name, store) in try await makeStores() {
            let labels = try await createSearchFixture(in: store)
            let byName = OrdersQuery(sort: OrdersQuery.Sort(.name, descending: false))
            // A link from the list by date (today's token format), followed once the sort is by name
            let oldToken = OrdersCursor(date: Self.hour(24), id: 4).token
            let page = try await store.fetchOrders(
                page: OrdersPageRequest(position: .after(OrdersCursor(token: oldToken)!), limit: 2, query: byName))
            XCTAssertEqual(page.orders.map { labels[$0.id!]! }, ["zoe", "amy"], name)
            XCTAssertFalse(page.hasNewer, name)
        }
    }

    func testCursorTokensRoundTripForEverySort() {
        let cursors = [
            OrdersCursor(date: Date(timeIntervalSince1970: 1_183_096_800.25), id: 12),
            OrdersCursor(key: .name("núñez-garcia josé_ o'x/+="), id: 5),
            OrdersCursor(key: .name(""), id: 1),
            OrdersCursor(key: .total(1999), id: 9_000_000_000),
        ]
        for cursor in cursors {
            XCTAssertEqual(OrdersCursor(token: cursor.token), cursor, cursor.token)
        }
        XCTAssertEqual(OrdersCursor(token: "1183096800.0_7"), OrdersCursor(date: Seeds.june29, id: 7), "Today's tokens still work")
        // The last two: name keys holding a NUL ("a\0b") and an escape: no name holds one, and
        // PostgreSQL refuses any NUL in text (issue 25, bug 5), so they are no cursor.
        for bad in ["", "_", "n_", "n_1", "n_x_YQ", "n_1_!!", "t_1_x", "t_x_1", "x_1_1", "nan_1", "1_2_3", "1__2", "n_1_YQBi", "n_1_G1sySg"] {
            XCTAssertNil(OrdersCursor(token: bad), bad)
        }
    }

    func testQueryWordsAreFoldedAndClassified() {
        XCTAssertEqual(
            OrderSearch.words(in: " José, O’Brien; #12 (555) 123-4567 12 Ørsted ' - "),
            [
                .text("jose", orderNumber: nil), .text("obrien", orderNumber: nil), .orderNumber(12), .text("555", orderNumber: nil),
                .text("1234567", orderNumber: nil), .text("12", orderNumber: 12), .text("orsted", orderNumber: nil),
            ])
        XCTAssertEqual(OrderSearch.words(in: (1...30).map { "w\($0)" }.joined(separator: " ")).count, OrderSearch.maximumWords)
        XCTAssertEqual(OrderSearch.words(in: "Order #12"), [.orderNumber(12)], "A leading “order” is left out")
        XCTAssertEqual(OrderSearch.words(in: "order 12"), [.text("12", orderNumber: 12)])
        XCTAssertEqual(OrderSearch.words(in: "order#12"), [.orderNumber(12)])
        XCTAssertEqual(OrderSearch.words(in: "order"), [.text("order", orderNumber: nil)], "Alone it is a word like any")
        XCTAssertEqual(OrderSearch.words(in: "jose order"), [.text("jose", orderNumber: nil), .text("order", orderNumber: nil)])
        XCTAssertEqual(OrderSearch.sortName(firstName: "Zoë", lastName: "Ångström"), "angstrom zoe")
    }

    // MARK: Migrations fill what orders written before have

    func testSQLiteSearchFindsOrdersWrittenBeforeTheSearchMigration() async throws {
        // Given: a database of schema v8, with an order as that release wrote it
        let path = directory.appendingPathComponent("v8.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger).migrate(queue, upTo: "v8: order history")
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        try await queue.write { db in
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
        }
        try queue.close()

        // When
        let store = try OrdersSQLiteStore(path: path)

        // Then
        for text in ["jose nunez", "5551234560", "reno", "#1"] {
            let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(text: text)))
            XCTAssertEqual(found.orders.map(\.id), ["1"], text)
        }
        let bob = try await store.createOrder(orderToCreate: Self.newOrder(Seeds.Orders.bob))
        let byTotal = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(sort: .init(.total, descending: true))))
        XCTAssertEqual(byTotal.orders.map(\.id), ["1", bob.id], "19.99, then 9.99")
        let byName = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(sort: .init(.name, descending: false))))
        XCTAssertEqual(byName.orders.map(\.id), [bob.id, "1"], "Battery, then Núñez")
    }

    func testPostgresSearchFindsOrdersWrittenBeforeTheSearchMigration() async throws {
        // Given: a database of schema version 7, with orders as that release wrote them
        let url = try await TestPostgres.makeDatabase()
        let old = try await TestPostgres.openStore(url: url, for: self)
        try await old.migrate(upTo: 7)
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        for index in 0..<1_500 {  // more than one batch of the migration
            try await old.database.client.query(
                """
                INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1, shipment_street2,
                    shipment_city, shipment_state, shipment_zip, shipment_speed, card_ciphertext, card_key_id, card_last4,
                    card_expiry_year, card_expiry_month, billing_street1, billing_street2, billing_city, billing_state,
                    billing_zip, total)
                VALUES (\(Seeds.june29.timeIntervalSince1970 + Double(index)), \(index == 1_200 ? "José" : "Amy"),
                    \(index == 1_200 ? "Núñez" : "Apple"), '(555) 123-4560', 'jose@example.com', '1 Main St', '', 'San José',
                    'CA', '95112', 1, \(sealed.ciphertext), \(sealed.keyID), '4242', 2030, 1, '1 Main St', '', 'Reno', 'NV',
                    '89501', \(index == 1_200 ? Decimal(string: "19.99")! : Decimal(0)))
                """)
        }

        // When
        let store = try await TestPostgres.openStore(url: url, for: self)
        try await store.migrate()

        // Then
        let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(text: "jose nunez")))
        XCTAssertEqual(found.orders.map(\.id), ["1201"])
        let byTotal = try await store.fetchOrders(page: OrdersPageRequest(limit: 1, query: OrdersQuery(sort: .init(.total, descending: true))))
        XCTAssertEqual(byTotal.orders.map(\.id), ["1201"])
        let byName = try await store.fetchOrders(page: OrdersPageRequest(limit: 1, query: OrdersQuery(sort: .init(.name, descending: true))))
        XCTAssertEqual(byName.orders.map(\.id), ["1201"], "Núñez after Apple")
    }

    /// v19 (SQLite) and 18 (PostgreSQL): orders written before search knew streets are found by theirs.
    func testSQLiteSearchFindsTheStreetOfOrdersWrittenBeforeStreetsWereSearched() async throws {
        // Given: a database of schema v16, with an order whose search text is as that release wrote it
        let path = directory.appendingPathComponent("v16.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try SQLiteAppDatabase.migrator(cards: TestCardKeys.keyring, logger: TestStores.silentLogger)
            .migrate(queue, upTo: "v16: order lines and drafts")
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        try await queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1,
                        shipment_street2, shipment_city, shipment_state, shipment_zip, shipment_speed, card_ciphertext,
                        card_key_id, card_last4, card_expiry_year, card_expiry_month, billing_street1, billing_street2,
                        billing_city, billing_state, billing_zip, total, search_text, sort_name, total_cents)
                    VALUES (?, 'Amy', 'Apple', '111-111-1111', 'amy@example.com', '1 Infinite Loop', '', 'Cupertino', 'CA',
                        '95014', 1, ?, ?, '4242', 2030, 1, '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', '19.99',
                        'amy apple amy@example.com 1111111111 cupertino 95014 cupertino 95014', 'apple amy', 1999)
                    """,
                arguments: [Seeds.june29.timeIntervalSince1970, sealed.ciphertext, sealed.keyID])
        }
        try queue.close()

        // When
        let store = try OrdersSQLiteStore(path: path)

        // Then
        let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(text: "infinite loop")))
        XCTAssertEqual(found.orders.map(\.id), ["1"])
        let counted = try await store.countOrders(matching: OrdersQuery(text: "amy loop"), upTo: 10)
        XCTAssertEqual(counted, 1)
    }

    func testPostgresSearchFindsTheStreetOfOrdersWrittenBeforeStreetsWereSearched() async throws {
        // Given: a database of schema version 15, with an order whose search text is as that release wrote it
        let url = try await TestPostgres.makeDatabase()
        let old = try await TestPostgres.openStore(url: url, for: self)
        try await old.migrate(upTo: 15)
        let sealed = try TestCardKeys.keyring.seal("4242424242424242")
        try await old.database.client.query(
            """
            INSERT INTO orders (created_at, first_name, last_name, phone, email, shipment_street1, shipment_street2,
                shipment_city, shipment_state, shipment_zip, shipment_speed, card_ciphertext, card_key_id, card_last4,
                card_expiry_year, card_expiry_month, billing_street1, billing_street2, billing_city, billing_state,
                billing_zip, total, search_text, sort_name, total_cents)
            VALUES (\(Seeds.june29.timeIntervalSince1970), 'Amy', 'Apple', '111-111-1111', 'amy@example.com',
                '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 1, \(sealed.ciphertext), \(sealed.keyID), '4242', 2030, 1,
                '1 Infinite Loop', '', 'Cupertino', 'CA', '95014', 19.99,
                'amy apple amy@example.com 1111111111 cupertino 95014 cupertino 95014', 'apple amy', 1999)
            """)

        // When
        let store = try await TestPostgres.openStore(url: url, for: self)
        try await store.migrate()

        // Then
        let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 5, query: OrdersQuery(text: "infinite loop")))
        XCTAssertEqual(found.orders.count, 1)
        let counted = try await store.countOrders(matching: OrdersQuery(text: "amy loop"), upTo: 10)
        XCTAssertEqual(counted, 1)
    }

    // MARK: Indexes

    /// SQLite's search without its trigram index (words every order has) finds what it finds with it.
    func testSQLiteFindsTheSameWithoutTheTrigramIndex() async throws {
        let store = try OrdersSQLiteStore(path: directory.appendingPathComponent("scan.sqlite").path)
        _ = try await createSearchFixture(in: store)
        for (query, _) in Self.searchTable {
            let found = try await store.fetchOrders(page: OrdersPageRequest(limit: 100, query: query)).orders.map(\.id!)
            let sql = OrdersQuerySQL(
                page: OrdersPageRequest(limit: 100, query: query), columns: "id", dialect: .sqlite(trigramIndex: false))
            XCTAssertFalse(sql.rows.sql.contains("orders_search"))
            let scanned = try await store.database.pool.read { db in
                try Int64.fetchAll(db, sql: sql.rows.sql, arguments: StatementArguments(sql.rows.arguments.map(\.sqliteValue)))
            }
            XCTAssertEqual(scanned.map(String.init), found, "\(query)")
        }
    }

    /// SQLite's plan for a placing's duplicate check looks the caller up in the indexes of the
    /// phone's digits and the email (v34), merges the two walks in the order they give (newest
    /// first), and neither sorts, scans the table nor searches the trigram index (issue 31: the
    /// search was 0.55 ms of each check page at 100,000 orders). Each key alone is one walk.
    func testSQLiteDuplicateCheckLooksTheCallerUpInTheirIndexes() async throws {
        let store = try OrdersSQLiteStore(path: directory.appendingPathComponent("duplicates.sqlite").path)
        _ = try await createSearchFixture(in: store)
        func plan(phone: String, email: String) async throws -> String {
            var draft = Draft(ref: "D-AAAAA2", createdAt: Seeds.june30, createdBy: nil)
            draft.contact = Draft.Contact(firstName: "Ann", lastName: "Lee", phone: phone, email: email)
            let sql = try XCTUnwrap(
                OrdersQuerySQL.duplicateCandidates(
                    of: draft, since: Seeds.june29, columns: OrderColumns.duplicateCandidate, dialect: .sqlite(trigramIndex: true)))
            XCTAssertFalse(sql.sql.contains("orders_search"), sql.sql)
            return try await store.database.pool.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql.sql, arguments: StatementArguments(sql.arguments.map(\.sqliteValue)))
                    .map { $0["detail"] as String }.joined(separator: "\n")
            }
        }
        let both = try await plan(phone: "(415) 555-0100", email: "Ann@Example.com")
        XCTAssert(both.contains("USING INDEX orders_by_phone_digits (phone_digits=? AND created_at>?)"), both)
        XCTAssert(both.contains("USING INDEX orders_by_email_key (email_key=? AND created_at>?)"), both)
        XCTAssert(both.contains("MERGE (UNION)"), both)
        for (phone, email, index) in [("415-555-0100", "", "orders_by_phone_digits"), ("", "ann@example.com", "orders_by_email_key")] {
            let one = try await plan(phone: phone, email: email)
            XCTAssert(one.contains("USING INDEX \(index)"), one)
            XCTAssertFalse(one.contains("UNION"), one)
            XCTAssertFalse(one.contains("TEMP B-TREE"), "no sorting: \(one)")
        }
        XCTAssertFalse(both.contains("TEMP B-TREE"), "no sorting: \(both)")
        let scans = both.split(separator: "\n").filter { $0.contains("SCAN orders") }
        XCTAssertEqual(scans, [], "the table is never scanned: \(both)")
    }

    /// PostgreSQL's plan for a round of the duplicate check (`limit`, `DraftsPostgresStore`): each
    /// key's index read backwards in the check's own order, nothing sorted, so a round reads no more
    /// of a caller's orders than its limit however many they have. With the indexes ending at
    /// `created_at`, the run at 1,000,000 orders sorted all 2,487 of the bench caller's orders of the
    /// day for every placing.
    func testPostgresDuplicateCheckRoundsReadTheIndexesInOrderAndSortNothing() async throws {
        let store = try await TestPostgres.makeStore(for: self)
        var draft = Draft(ref: "D-AAAAA2", createdAt: Seeds.june30, createdBy: nil)
        draft.contact = Draft.Contact(firstName: "Ann", lastName: "Lee", phone: "(415) 555-0100", email: "Ann@Example.com")
        let round = try XCTUnwrap(
            OrdersQuerySQL.duplicateCandidates(
                of: draft, since: Seeds.june29, columns: OrderColumns.duplicateCandidate, dialect: .postgres, limit: 16))
        let plan = try await Self.postgresPlan(of: round, on: store)
        XCTAssert(plan.contains("Index Scan Backward using orders_by_phone_digits"), plan)
        XCTAssert(plan.contains("Index Scan Backward using orders_by_email_key"), plan)
        XCTAssert(plan.contains("Merge Append"), "the two walks merged as they go: \(plan)")
        let sorts = plan.split(separator: "\n").filter { $0.contains("Sort  (") || $0.contains("Incremental Sort") }
        XCTAssertEqual(sorts, [], "nothing sorted: \(plan)")
    }

    /// SQLite's plan for a page of each kind uses the index made for it: the trigram index for a
    /// search by a name, the sort's own index for each sort (read forwards or backwards, no sorting)
    /// and for words that more than `OrdersQuerySQL.commonMatches` orders have.
    func testSQLitePagesUseTheirIndexes() async throws {
        let store = try OrdersSQLiteStore(path: directory.appendingPathComponent("plans.sqlite").path)
        _ = try await createSearchFixture(in: store)
        func plan(_ query: OrdersQuery, _ position: OrdersPageRequest.Position = .newest, trigramIndex: Bool = true) async throws -> String {
            let sql = OrdersQuerySQL(
                page: OrdersPageRequest(position: position, limit: 50, query: query), columns: "id",
                dialect: .sqlite(trigramIndex: trigramIndex))
            return try await store.database.pool.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql.rows.sql, arguments: StatementArguments(sql.rows.arguments.map(\.sqliteValue)))
                    .map { $0["detail"] as String }.joined(separator: "\n")
            }
        }
        let search = try await plan(OrdersQuery(text: "nunez"))
        XCTAssert(search.contains("orders_search VIRTUAL TABLE INDEX"), search)
        XCTAssert(search.contains("USING INTEGER PRIMARY KEY"), search)
        let common = try await plan(OrdersQuery(text: "example"), trigramIndex: false)
        XCTAssert(common.contains("USING INDEX orders_newest_first"), common)
        XCTAssertFalse(common.contains("TEMP B-TREE"), common)

        // The store asks the index whether words are common: "nunez" is not, a word of 1,001 orders is
        func isCommon(_ text: String) async throws -> Bool {
            let probe = OrdersQuerySQL.commonWordsProbe(OrderSearch.words(in: text))!
            return try await store.database.pool.read { db in
                try Bool.fetchOne(db, sql: probe.sql, arguments: StatementArguments(probe.arguments.map(\.sqliteValue)))!
            }
        }
        let nunez = try await isCommon("nunez")
        XCTAssertFalse(nunez)
        try await store.database.pool.write { db in
            let columns = try db.columns(in: "orders").map(\.name).filter { $0 != "id" }.joined(separator: ", ")
            for _ in 0...OrdersQuerySQL.commonMatches {
                try db.execute(sql: "INSERT INTO orders (\(columns)) SELECT \(columns) FROM orders WHERE id = 1")
            }
            try db.execute(sql: "UPDATE orders SET search_text = search_text || ' zzzcommon' WHERE id > 8")
        }
        let zzz = try await isCommon("zzzcommon")
        XCTAssertTrue(zzz)
        let page = try await store.fetchOrders(page: OrdersPageRequest(limit: 50, query: OrdersQuery(text: "zzzcommon")))
        XCTAssertEqual(page.orders.count, 50)
        XCTAssertTrue(page.hasOlder)
        // A status, newest first: its own index, read by keyset too
        let cursor = OrdersCursor(date: Seeds.june29, id: 3)
        for position in [OrdersPageRequest.Position.newest, .after(cursor), .before(cursor)] {
            for text in [nil, "zzzcommon"] {
                let plan = try await plan(OrdersQuery(text: text, status: .paid), position, trigramIndex: false)
                XCTAssert(
                    plan.contains("USING INDEX orders_by_status") || plan.contains("USING COVERING INDEX orders_by_status"), "\(position): \(plan)")
                XCTAssertFalse(plan.contains("TEMP B-TREE"), "\(position): no sorting, \(plan)")
            }
        }
        for (key, index) in [(OrdersQuery.SortKey.date, "orders_newest_first"), (.name, "orders_by_name"), (.total, "orders_by_total")] {
            for descending in [true, false] {
                let query = OrdersQuery(sort: OrdersQuery.Sort(key, descending: descending))
                let cursor = OrdersCursor(key: key == .date ? .date(Seeds.june29) : key == .name ? .name("m") : .total(999), id: 3)
                for position in [OrdersPageRequest.Position.newest, .after(cursor), .before(cursor)] {
                    let plan = try await plan(query, position)
                    XCTAssert(plan.contains("USING INDEX \(index)") || plan.contains("USING COVERING INDEX \(index)"), "\(key) \(descending): \(plan)")
                    XCTAssertFalse(plan.contains("TEMP B-TREE"), "\(key) \(descending) \(position): no sorting, \(plan)")
                }
            }
        }

        // The list's tab counts (every order, each status tab, the cancellation requests) read an
        // index, up to the count's limit: never the table (issue 31). The cancellation requests'
        // partial index holds only the orders asked about; each is read from the table to count it.
        let tabs: [(OrdersQuery, String)] = [
            (OrdersQuery(), "USING COVERING INDEX"), (OrdersQuery(status: .new), "USING COVERING INDEX orders_by_status"),
            (OrdersQuery(status: .paid), "USING COVERING INDEX orders_by_status"),
            (OrdersQuery(status: .packed), "USING COVERING INDEX orders_by_status"),
            ({ var query = OrdersQuery(); query.cancellationRequested = true; return query }(), "USING INDEX orders_cancellation_requested"),
        ]
        for (query, index) in tabs {
            let count = OrdersQuerySQL.count(query, upTo: ListOrdersInteractor.countLimit + 1, dialect: .sqlite(trigramIndex: true))
            let plan = try await store.database.pool.read { db in
                try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + count.sql, arguments: StatementArguments(count.arguments.map(\.sqliteValue)))
                    .map { $0["detail"] as String }.joined(separator: "\n")
            }
            XCTAssert(plan.contains(index), "\(query): \(plan)")
            let scans = plan.split(separator: "\n").filter { $0.hasPrefix("SCAN orders") && !$0.contains(" INDEX ") }
            XCTAssertEqual(scans, [], "\(query): the table is never scanned, \(plan)")
        }
    }
}

extension OrderColumns.Value {
    var sqliteValue: DatabaseValue {
        switch self {
        case .text(let text): text.databaseValue
        case .integer(let integer): integer.databaseValue
        case .decimal(let decimal): "\(decimal)".databaseValue
        case .bytes(let bytes): bytes.databaseValue
        case .real(let real): real.databaseValue
        case .bool(let bool): (bool ? 1 : 0).databaseValue
        case .money(let cents): Money.plainText(cents: cents).databaseValue
        case .null: .null
        }
    }
}
