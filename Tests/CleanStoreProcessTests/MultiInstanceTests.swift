import AsyncHTTPClient
import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Two `cleanstore` processes on one PostgreSQL database, as behind a load balancer: whatever one
/// instance saved or signed, the other reads; no edit overwrites another; no create is lost.
final class MultiInstanceTests: XCTestCase {
    var client: HTTPClient!
    var first: ServerProcess!
    var second: ServerProcess!
    var databaseURL: String!

    override func setUp() async throws {
        try await super.setUp()
        client = HTTPClient(
            eventLoopGroupProvider: .singleton, configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))
        databaseURL = try await TestPostgres.makeDatabase()
        // Both start at once on a new database: both migrate it, safely.
        let url = databaseURL!
        async let first = Task.detached { try ServerProcess(database: url, secret: "shared-secret-of-both-instances-32b") }.value
        async let second = Task.detached { try ServerProcess(database: url, secret: "shared-secret-of-both-instances-32b") }.value
        (self.first, self.second) = try await (first, second)
    }

    override func tearDown() async throws {
        XCTAssertEqual(first?.stop(with: SIGTERM).status, 0, first?.log ?? "")
        XCTAssertEqual(second?.stop(with: SIGTERM).status, 0, second?.log ?? "")
        try await client.shutdown()
        try await super.tearDown()
    }

    func testAnOrderPlacedThroughOneInstanceIsListedShownAndEditableThroughTheOther() async throws {
        // Given: a browser signed in on the first instance
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = onFirst.talking(to: second.baseURL)

        // When: it places an order through the first (draft, sections, check, place)
        let placed = try await onFirst.placeOrderForm(fields: Seeds.validFormFields)
        XCTAssertEqual(placed.posted.status, 303, placed.posted.body)
        let id = try XCTUnwrap(placed.orderID)

        // Then: the second shows the first's confirmation, lists, shows and edits the order
        let confirmed = try await onSecond.get("/orders/\(id)", extraCookie: placed.posted.flashCookie)
        XCTAssertEqual(confirmed.status, 200)
        XCTAssert(
            confirmed.body.contains(#"<strong class="panel-number">\#(id)</strong>"#), "A confirmation set by one instance is shown by the other")
        let list = try await onSecond.get("/orders")
        XCTAssertEqual(list.status, 200)
        XCTAssert(list.body.contains(#"href="/orders/\#(id)""#))
        let detail = try await onSecond.get("/orders/\(id)")
        XCTAssertEqual(detail.status, 200)
        XCTAssert(detail.body.contains("Amy Apple"))
        let edit = try await onSecond.get("/orders/\(id)/edit")
        XCTAssertEqual(edit.status, 200)
        XCTAssert(edit.body.contains(#"<input type="hidden" name="version" value="1" />"#))

        // And: the form's token, signed by the first instance, is good on the second
        var fields = Seeds.validFormFields
        fields.shipmentAddressCity = "Palo Alto"
        let updated = try await onSecond.postForm("/orders/\(id)", fields: fields)
        XCTAssertEqual(updated.status, 303)
        let shown = try await onFirst.get("/orders/\(id)", extraCookie: updated.flashCookie)
        XCTAssert(shown.body.contains("Order \(id) was updated."))
        XCTAssert(shown.body.contains("Palo Alto"), "The first instance shows what the second saved")
    }

    func testSignedInThroughOneInstanceWorksThroughTheOtherAndSigningOutThroughItEndsTheSessionOnBoth() async throws {
        // Given: a clerk signed in through the first instance
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        var onSecond = onFirst.talking(to: second.baseURL)

        // Then: the second knows the session (the sessions are in the shared database)
        let list = try await onSecond.get("/orders")
        XCTAssertEqual(list.status, 200)
        XCTAssert(list.body.contains("Signed in as <strong>\(LiveBrowser.username)</strong>"), list.body)
        let placed = try await onSecond.placeOrder(fields: Seeds.validFormFields)
        XCTAssertEqual(placed.status, 303, "The token the first instance made is good on the second")

        // When: the clerk signs out through the second
        let signOut = try await onSecond.send("/sign-out", body: "")
        XCTAssertEqual(signOut.status, 303)

        // Then: the cookie the first instance set signs no one in there either
        let afterwards = try await onFirst.get("/orders")
        XCTAssertEqual(afterwards.status, 303, "Signed out everywhere")
        let post = try await onFirst.placeOrder(fields: Seeds.validFormFields)
        XCTAssertEqual(post.status, 403)
    }

    /// Both change the same field (forms without their base, so every differing field is asked):
    /// one saves, the other gets the 409 page.
    func testTwoEditsOfOneOrderFromOneVersionThroughBothInstancesExactlyOneWins() async throws {
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = try await LiveBrowser.open(second.baseURL, client: client)
        let placed = try await onFirst.placeOrder(fields: Seeds.validFormFields)
        let id = try XCTUnwrap(placed.orderID)

        for round in 1...5 {
            // Both clerks opened the form at the same version and save at once.
            let version = String(round)
            var mine = Seeds.validFormFields
            mine.version = version
            mine.phone = "111-111-000\(round)"
            var theirs = Seeds.validFormFields
            theirs.version = version
            theirs.phone = "222-222-000\(round)"
            let (myForm, theirForm) = (mine, theirs)
            async let a = onFirst.postForm("/orders/\(id)", fields: myForm)
            async let b = onSecond.postForm("/orders/\(id)", fields: theirForm)
            let (resultA, resultB) = try await (a, b)
            XCTAssertEqual([resultA.status, resultB.status].sorted(), [303, 409], "round \(round)")
            let loser = resultA.status == 409 ? resultA : resultB
            let (winner, lost) = resultA.status == 303 ? (mine, theirs) : (theirs, mine)
            XCTAssert(loser.body.contains("\(LiveBrowser.username) changed order \(id)"), "round \(round): who did")
            XCTAssert(loser.body.contains(#"value="\#(winner.phone)""#), "round \(round): the form shows what was saved")
            XCTAssert(loser.body.contains("You typed: <strong>\(lost.phone)</strong>"), "round \(round): and what was typed")
            XCTAssert(loser.body.contains(#"name="version" value="\#(round + 1)""#), "round \(round)")
            let stored = try await onSecond.get("/orders/\(id)")
            XCTAssert(stored.body.contains(winner.phone), "round \(round): the winner's edit is what is stored")
        }
    }

    /// Issue 29: two clerks open one order's edit form, one through each instance, change
    /// different fields and save at once: both saves succeed (303), the order holds both changes,
    /// and exactly one of them was merged over the other (its banner says so). Whichever instance
    /// reads the order before the other's write commits finds its own write refused by the
    /// database's version check and merges again: never a lost update.
    func testTwoClerksSavingDifferentFieldsAtOnceThroughBothInstancesBothChangesAreKept() async throws {
        var onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        var onSecond = try await LiveBrowser.open(second.baseURL, client: client)
        let placed = try await onFirst.placeOrder(fields: Seeds.validFormFields)
        let id = try XCTUnwrap(placed.orderID)

        for round in 1...3 {
            // Both open the form (through their own instance) at the same version.
            let formA = try await onFirst.load("/orders/\(id)/edit").body
            let formB = try await onSecond.load("/orders/\(id)/edit").body
            func opened(_ html: String) throws -> CreateOrder.OrderFormFields {
                var fields = Seeds.validFormFields
                fields.version = try XCTUnwrap(LiveBrowser.hiddenValue("version", in: html))
                for field in OrderEditMerge.comparedFields {
                    fields.base[field] = LiveBrowser.hiddenValue("base-\(field.rawValue)", in: html)
                }
                fields.phone = fields.base[.phone] ?? ""
                fields.shipmentAddressCity = fields.base[.shipmentAddressCity] ?? ""
                fields.billingAddressSameAsShipping = "on"
                return fields
            }
            var mine = try opened(formA)
            mine.phone = "111-111-000\(round)"
            var theirs = try opened(formB)
            theirs.shipmentAddressCity = "Palo Alto \(round)"
            XCTAssertEqual(mine.version, theirs.version, "round \(round)")
            let (myForm, theirForm, browserA, browserB) = (mine, theirs, onFirst, onSecond)
            async let a = browserA.postForm("/orders/\(id)", fields: myForm)
            async let b = browserB.postForm("/orders/\(id)", fields: theirForm)
            let (resultA, resultB) = try await (a, b)
            XCTAssertEqual([resultA.status, resultB.status], [303, 303], "round \(round): \(resultA.body) \(resultB.body)")

            let stored = try await onSecond.get("/orders/\(id)")
            XCTAssert(stored.body.contains("111-111-000\(round)"), "round \(round): the first clerk's phone is kept")
            XCTAssert(stored.body.contains("Palo Alto \(round)"), "round \(round): the second clerk's city is kept")
            let bannerA = try await onFirst.get("/orders/\(id)", extraCookie: resultA.flashCookie).body
            let bannerB = try await onSecond.get("/orders/\(id)", extraCookie: resultB.flashCookie).body
            let merged = [bannerA, bannerB].filter { $0.contains("meanwhile: both changes are kept.") }
            XCTAssertEqual(merged.count, 1, "round \(round): exactly one save was merged over the other")
        }
    }

    /// Issue 28: two clerks bulk-ship overlapping selections at once, one through each instance:
    /// each order is moved once, its history says so once, and each batch counts the orders the
    /// other moved as already shipped.
    func testTwoClerksBulkShippingOverlappingSelectionsThroughBothInstancesMoveEachOrderOnce() async throws {
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = try await LiveBrowser.open(second.baseURL, client: client)
        var ids: [String] = []
        for _ in 1...6 {
            let placed = try await onFirst.placeOrder()
            let id = try XCTUnwrap(placed.orderID)
            for (version, action) in [(1, "markPaid"), (2, "markPacked")] {
                let moved = try await onFirst.post("/orders/\(id)/status", body: "action=\(action)&version=\(version)")
                XCTAssertEqual(moved.status, 303, "order \(id): \(action)")
            }
            ids.append(id)
        }
        func form(_ selected: ArraySlice<String>, key: String) -> String {
            (["action=markShipped", "key=\(key)", "carrier=UPS"] + selected.map { "selected%5B%5D=\($0).3" }).joined(separator: "&")
        }
        let (mine, theirs) = (form(ids[0..<4], key: "first-clerk"), form(ids[2..<6], key: "second-clerk"))
        async let a = onFirst.post("/orders/bulk", body: mine)
        async let b = onSecond.post("/orders/bulk", body: theirs)
        let (resultA, resultB) = try await (a, b)
        XCTAssertEqual([resultA.status, resultB.status], [303, 303])
        // A replay of either, through the other instance, finds its batch.
        let replay = try await onSecond.post("/orders/bulk", body: mine)
        XCTAssertEqual(replay.location, resultA.location)

        var moved = 0
        for result in [resultA, resultB] {
            let page = try await onFirst.get(result.location ?? "")
            XCTAssertEqual(page.status, 200)
            XCTAssert(page.body.contains("<h1>4 orders marked as shipped</h1>"), page.body)
            moved += page.body.components(separatedBy: "<h2 id=\"moved\">Moved by this batch (").dropFirst()
                .compactMap { Int($0.prefix { $0.isNumber }) }.reduce(0, +)
        }
        XCTAssertEqual(moved, 6, "Each order moved by one batch")
        for id in ids {
            let history = try await onSecond.get("/orders/\(id)/history")
            XCTAssertEqual(history.body.components(separatedBy: "Order marked as shipped").count - 1, 1, "order \(id): one history entry")
            XCTAssertEqual(history.body.components(separatedBy: "Part of bulk move").count - 1, 1, "order \(id)")
        }
    }

    /// Issue 26: the last 5 units of a product, 20 placings of 1 each posted at the same instant,
    /// half through each instance → exactly 5 orders (numbered 1 to 5), 15 shortage pages, and never
    /// more committed than on hand.
    func testTwentyPlacingsOfTheLastFiveUnitsAtOnceThroughBothInstancesPlaceExactlyFive() async throws {
        // Given: 5 lamps left (saved as a supervisor would, in the shared database)
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = onFirst.talking(to: second.baseURL)
        let database = try await TestPostgres.openStore(url: databaseURL, for: self).database
        let products = ProductsPostgresStore(database: database)
        let lamp = try await products.createProduct(
            Product(sku: "LAST-5", name: "Desk lamp", priceCents: 3_000, stock: Product.Stock(onHand: 5), createdAt: Seeds.june29),
            by: nil, at: Seeds.june29)
        // and 20 drafts of one lamp each, each checked (different callers: none is a duplicate)
        var drafts: [LiveBrowser.CheckedDraft] = []
        for index in 0..<20 {
            var fields = Seeds.validFormFields
            fields.phone = "555-01\(10 + index)"
            fields.email = "caller\(index)@example.com"
            let browser = index % 2 == 0 ? onFirst : onSecond
            drafts.append(try await browser.checkedDraft(fields: fields, sku: "LAST-5").get())
        }

        // When: all 20 are placed at once, in turn through each instance
        let answers = try await withThrowingTaskGroup(of: (LiveBrowser.Posted, String?).self) { group in
            for (index, draft) in drafts.enumerated() {
                let browser = index % 2 == 0 ? onFirst : onSecond
                group.addTask { try await browser.place(draft, fields: Seeds.validFormFields) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }

        // Then
        XCTAssertEqual(Set(answers.compactMap(\.1)), ["1", "2", "3", "4", "5"], "Five orders, numbered without gaps")
        let refused = answers.filter { $0.1 == nil }.map(\.0)
        XCTAssertEqual(refused.map(\.status), Array(repeating: 409, count: 15), "Fifteen refused")
        XCTAssert(
            refused.allSatisfy { $0.body.contains("Only 0 of Desk lamp (LAST-5) in stock, 1 wanted") },
            "Each refusal is the check page listing the shortage: \(refused.first?.body ?? "")")
        let stock = try await products.fetchProduct(id: try XCTUnwrap(lamp.id))?.stock
        XCTAssertEqual(stock, Product.Stock(onHand: 5, committed: 5), "Never more committed than on hand")
        let orders = try await TestPostgres.openStore(url: databaseURL, for: self).fetchOrders()
        XCTAssertEqual(orders.count, 5)
    }

    func testTwoHundredConcurrentPlacingsAcrossBothInstancesGiveTwoHundredDistinctOrders() async throws {
        let browsers = [
            try await LiveBrowser.open(first.baseURL, client: client), try await LiveBrowser.open(second.baseURL, client: client),
        ]
        // Every placing's outcome is kept, a refusal's page or the client's error too, so that a
        // failure says which placing failed, how, and what the instances logged meanwhile.
        struct Outcome: Sendable {
            var index: Int
            var status: UInt?
            var orderID: String?
            var problem: String
        }
        let results = await withTaskGroup(of: [Outcome].self) { group in
            for lane in 0..<32 {
                group.addTask {
                    var results: [Outcome] = []
                    for index in stride(from: lane, to: 200, by: 32) {
                        var fields = Seeds.validFormFields
                        fields.lastName = "Number \(index)"
                        do {
                            let placed = try await browsers[index % 2].placeOrderForm(fields: fields)
                            results.append(
                                Outcome(
                                    index: index, status: placed.posted.status, orderID: placed.orderID,
                                    problem: placed.orderID == nil ? String(placed.posted.body.prefix(2_000)) : ""))
                        } catch {
                            results.append(Outcome(index: index, status: nil, orderID: nil, problem: "\(error)"))
                        }
                    }
                    return results
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        let failed = results.filter { $0.status != 303 || $0.orderID == nil }
        let described = failed.map { "placing \($0.index): \($0.status.map(String.init) ?? "no answer") \($0.problem)" }
        let logged = [first.log, second.log].flatMap { $0.split(separator: "\n") }.filter { $0.contains("error") || $0.contains("warning") }
        XCTAssertEqual(
            results.filter { $0.status == 303 }.count, 200,
            (described + ["instances' errors and warnings:"] + logged.suffix(40).map(String.init)).joined(separator: "\n"))
        XCTAssertEqual(Set(results.compactMap(\.orderID)).count, 200, "200 distinct ids")

        let store = try await TestPostgres.openStore(url: databaseURL, for: self)
        let orders = try await store.fetchOrders()
        XCTAssertEqual(orders.count, 200)
        XCTAssertEqual(Set(orders.map(\.lastName)), Set((0..<200).map { "Number \($0)" }), "Every order complete")
    }
}
