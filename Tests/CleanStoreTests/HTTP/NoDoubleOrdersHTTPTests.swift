import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// No double orders (issue 17), through the real router, middleware and templates: every check
/// page's placing form carries a one-time key; a double click, a Back-and-resubmit or a retried
/// POST of it places one order, and the repeat goes to that order's page, saying so. The old
/// one-page form's key (`POST /orders`) places nothing: that form becomes a draft.
final class NoDoubleOrdersHTTPTests: TemporaryDirectoryTestCase {
    typealias Drafts = DraftsHTTPTests
    typealias Place = PlaceDraftHTTPTests

    static let note = "This form was sent more than once: order 1 was saved the first time, so nothing new was saved."

    /// The page a placing's redirect leads to, as the browser shows it (with the cookie it was given).
    static func follow(_ response: TestResponse, with client: any TestClientProtocol) async throws -> TestResponse {
        let location = try XCTUnwrap(response.headers[.location])
        return try await client.get(location, cookie: response.cookieToSendBack)
    }

    // MARK: The key

    func testTheCheckPageCarriesAOneTimeKeyAndTheEditFormNone() async throws {
        let app = try await Drafts.makeApp()
        try await app.seedOrder()
        try await app.test { client in
            try await Place.fillDraft(client)
            let check = try await client.get("\(Place.path)/check")
            XCTAssertEqual(AccessControlTests.hiddenValue("orderKey", in: check.text), testOrderKey)
            let edit = try await client.get("/orders/1/edit")
            XCTAssertFalse(edit.text.contains("orderKey"), "An edit saves over its order")
        }
    }

    func testTheKeyIsRandom128BitsOfBase64URLWhereNoTestFixesIt() {
        let keys = (0..<100).map { _ in OrderKeyWorker.random() }
        XCTAssertEqual(Set(keys).count, 100)
        for key in keys {
            XCTAssertEqual(key.count, 22)
            XCTAssertEqual(Base64URL.decoded(key)?.count, 16)
            XCTAssertEqual(OrderKeyWorker(newKey: { "" }).key(posted: key), key, "A key the app makes is one it takes")
        }
    }

    // MARK: One placing, one order

    /// A double click whose POSTs reach the app at the same instant: one order; every answer goes
    /// to it, all but the one that placed it saying the form was sent more than once.
    func testPostsOfOnePlacingFormAtTheSameInstantPlaceExactlyOneOrder() async throws {
        let count = 5
        let app = try await Drafts.makeApp(role: .clerk)
        let answers = try await app.test { client in
            try await Place.fillDraft(client)
            _ = try await client.get("\(Place.path)/check")
            return try await withThrowingTaskGroup(of: (HTTPResponse.Status, String?, Bool).self) { group in
                for _ in 0..<count {
                    group.addTask {
                        let response = try await client.post("\(Place.path)/place", form: Place.placeForm(version: 5))
                        let page = try await Self.follow(response, with: client)
                        return (response.status, response.headers[.location], page.text.contains(Self.note))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
        }
        let stored = try await app.store.fetchOrders()
        XCTAssertEqual(stored.count, 1, "\(count) at once place one order")
        XCTAssertEqual(answers.map(\.0), Array(repeating: .seeOther, count: count))
        XCTAssertEqual(answers.map(\.1), Array(repeating: "/orders/1", count: count), "All go to it")
        XCTAssertEqual(answers.filter(\.2).count, count - 1, "All but the one that placed it say so")
    }

    // MARK: The old one-page form

    func testTheOldFormsKeyPlacesNothingEachPostIsADraft() async throws {
        let app = try await Drafts.makeApp()
        try await app.test { client in
            var fields = Seeds.validFormFields
            fields.version = ""
            let body = Seeds.formBody(fields) + "&orderKey=form-key-of-the-tests-01"
            let first = try await client.post("/orders", form: body)
            let second = try await client.post("/orders", form: body)
            XCTAssertEqual([first.headers[.location], second.headers[.location]], ["/drafts/D-ABCDEB", "/drafts/D-ABCDEC"])
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [], "An order is placed from its check page, with the card")
    }
}
