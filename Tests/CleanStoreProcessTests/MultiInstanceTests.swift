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

    func testAnOrderCreatedThroughOneInstanceIsListedShownAndEditableThroughTheOther() async throws {
        // Given: a browser that opened its form on the first instance
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = onFirst.talking(to: second.baseURL)

        // When: it creates an order through the first
        let created = try await onFirst.postForm("/orders", fields: Seeds.validFormFields)
        XCTAssertEqual(created.status, 303)
        let id = try XCTUnwrap(created.orderID)

        // Then: the second shows the first's confirmation, lists, shows and edits the order
        let confirmed = try await onSecond.get("/orders/\(id)", extraCookie: created.flashCookie)
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
        let created = try await onSecond.post("/orders", fields: Seeds.validFormFields)
        XCTAssertEqual(created.status, 303, "The token the first instance made is good on the second")

        // When: the clerk signs out through the second
        let signOut = try await onSecond.send("/sign-out", body: "")
        XCTAssertEqual(signOut.status, 303)

        // Then: the cookie the first instance set signs no one in there either
        let afterwards = try await onFirst.get("/orders")
        XCTAssertEqual(afterwards.status, 303, "Signed out everywhere")
        let post = try await onFirst.post("/orders", fields: Seeds.validFormFields)
        XCTAssertEqual(post.status, 403)
    }

    func testTwoEditsOfOneOrderFromOneVersionThroughBothInstancesExactlyOneWins() async throws {
        let onFirst = try await LiveBrowser.open(first.baseURL, client: client)
        let onSecond = try await LiveBrowser.open(second.baseURL, client: client)
        let created = try await onFirst.post("/orders", fields: Seeds.validFormFields)
        let id = try XCTUnwrap(created.orderID)

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

    func testTwoHundredConcurrentCreatesAcrossBothInstancesGiveTwoHundredDistinctOrders() async throws {
        let browsers = [
            try await LiveBrowser.open(first.baseURL, client: client), try await LiveBrowser.open(second.baseURL, client: client),
        ]
        let results = await withTaskGroup(of: [(status: UInt, orderID: String?)].self) { group in
            for lane in 0..<32 {
                group.addTask {
                    var results: [(status: UInt, orderID: String?)] = []
                    for index in stride(from: lane, to: 200, by: 32) {
                        var fields = Seeds.validFormFields
                        fields.lastName = "Number \(index)"
                        guard let result = try? await browsers[index % 2].post("/orders", fields: fields) else { break }
                        results.append(result)
                    }
                    return results
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        XCTAssertEqual(results.filter { $0.status == 303 }.count, 200)
        XCTAssertEqual(Set(results.compactMap(\.orderID)).count, 200, "200 distinct ids")

        let store = try await TestPostgres.openStore(url: databaseURL, for: self)
        let orders = try await store.fetchOrders()
        XCTAssertEqual(orders.count, 200)
        XCTAssertEqual(Set(orders.map(\.lastName)), Set((0..<200).map { "Number \($0)" }), "Every order complete")
    }
}
