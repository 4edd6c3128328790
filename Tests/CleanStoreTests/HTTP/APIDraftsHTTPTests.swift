import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// Drafts through the JSON API (`/api/v1/drafts…`, openapi.yaml) over the draft pages' own
/// interactors: a draft made once per Idempotency-Key and body, its sections and lines saved by the
/// pages' rules (422 in the pages' words), and placing with the card from the draft's ETag.
final class APIDraftsHTTPTests: XCTestCase {
    static let ref = DraftsHTTPTests.ref
    static let caller = #"{"firstName":"Amy","lastName":"Adams","phone":"(415) 555-0100","email":"amy@example.com"}"#
    static func delivery(state: String = "CA") -> String {
        #"{"shippingAddress":{"street1":"1 Market St","street2":"","city":"San Francisco","state":"\#(state)","zip":"94105"},"shipping":"oneDay"}"#
    }
    static let address = #"{"street1":"1 Market St","street2":"","city":"San Francisco","state":"CA","zip":"94105"}"#
    static let card = #"{"cardNumber":"4111 1111 1111 1111","expirationDate":"04/29","securityCode":"123"}"#

    /// The app of `APIHTTPTests` (a token of `tokenRole`), its drafts numbered `D-ABCDEB`, … over
    /// `CatalogSeeds`' products and California's rate, its idempotency keys beside its tokens.
    static func makeApp(tokenRole: AccountRole = .clerk) async throws -> (app: TestApp, secret: APITokenSecret) {
        let (made, secret) = try await APIHTTPTests.makeApp(orders: [], tokenRole: tokenRole)
        var app = made
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        let counter = SessionCounter()
        app.environment.drafts = DraftsMemStore(
            database: database, refs: DraftRefs { "D-ABCDE" + String(DraftRefs.alphabet[Int(counter.next())]) })
        app.environment.products = ProductsMemStore(database: database)
        await CatalogSeeds.seed(database)
        let accounts = try XCTUnwrap(app.environment.signIn.accounts as? AccountsMemStore)
        app.environment.idempotencyKeys = IdempotencyKeysMemStore(database: accounts.database)
        return (app, secret)
    }

    static func create(_ client: any TestClientProtocol, _ secret: APITokenSecret, key: String? = "k-1", json: String = "{}") async throws
        -> TestResponse
    {
        var headers: HTTPFields = [.authorization: "Bearer \(secret.text)", .contentType: "application/json"]
        if let key { headers[.init("Idempotency-Key")!] = key }
        return try await client.execute(uri: "/api/v1/drafts", method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    static func place(
        _ client: any TestClientProtocol, _ secret: APITokenSecret, ifMatch: String?, key: String? = nil, json: String = card
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.authorization: "Bearer \(secret.text)", .contentType: "application/json"]
        if let ifMatch { headers[.ifMatch] = ifMatch }
        if let key { headers[.init("Idempotency-Key")!] = key }
        return try await client.execute(uri: "/api/v1/drafts/\(ref)/place", method: .post, headers: headers, body: ByteBuffer(string: json))
    }

    // MARK: Making a draft

    func testADraftIsMadeOncePerKeyAndBodyAndAnotherBodyIsRefused() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let body = #"{"caller":\#(Self.caller)}"#
            let made = try await Self.create(client, secret, json: body)
            XCTAssertEqual(made.status, .created, made.text)
            XCTAssertEqual(made.headers[.location], "/api/v1/drafts/\(Self.ref)")
            XCTAssertEqual(made.headers[.eTag], #""2""#, "made, then its caller saved")
            let draft = try APIHTTPTests.json(made)
            XCTAssertEqual(draft["ref"] as? String, Self.ref)
            XCTAssertEqual((draft["caller"] as? [String: Any])?["lastName"] as? String, "Adams")
            XCTAssertEqual(draft["readyToPlace"] as? Bool, false)
            XCTAssertEqual(draft["problems"] as? [String], ["Add at least one item", "Enter the shipment address"])

            // The same key and body, spaced otherwise: the same draft, 200
            let again = try await Self.create(client, secret, json: #"{ "caller" : \#(Self.caller) }"#)
            XCTAssertEqual(again.status, .ok, again.text)
            XCTAssertEqual(try APIHTTPTests.json(again)["ref"] as? String, Self.ref)

            let other = try await Self.create(client, secret, json: "{}")
            let problem = try APIHTTPTests.assertProblem(other, .unprocessableContent)
            XCTAssertEqual(problem["title"] as? String, "This Idempotency-Key was used with another body")

            let second = try await Self.create(client, secret, key: "k-2")
            XCTAssertEqual(second.status, .created)
            XCTAssertEqual(second.headers[.location], "/api/v1/drafts/D-ABCDEC")
        }
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts.map(\.ref).sorted(), [Self.ref, "D-ABCDEC"], "two keys, two drafts")
    }

    func testAKeyIsRequiredAndOfItsShape() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            // A null is no value of any field: never read as a field left out
            let null = try await Self.create(client, secret, key: "k-null", json: #"{"delivery":{"shippingAddress":\#(Self.address),"shipping":"standard","billingSameAsShipping":false,"billingAddress":null}}"#)
            try APIHTTPTests.assertProblem(null, .badRequest)
            try APIHTTPTests.assertProblem(try await Self.create(client, secret, key: nil), .badRequest)
            try APIHTTPTests.assertProblem(try await Self.create(client, secret, key: String(repeating: "k", count: 256)), .badRequest)
            // A key is compared as sent, never percent-decoded: `k%41` and `kA` are two keys
            let encoded = try await Self.create(client, secret, key: "k%41")
            XCTAssertEqual(encoded.status, .created, encoded.text)
            let plain = try await Self.create(client, secret, key: "kA")
            XCTAssertEqual(plain.status, .created, plain.text)
        }
        let keys = try await app.environment.idempotencyKeys.storedKey(tokenPrefix: secret.prefix, key: "k%41")
        XCTAssertEqual(keys?.ref, Self.ref)
        let drafts = try await app.environment.drafts.fetchDrafts(mineFirst: nil, limit: 10)
        XCTAssertEqual(drafts.count, 2, "the two good keys' drafts only")
    }

    func testASectionTheFormsRulesRefuseIs422InTheFormsWordsAndTheDraftKeepsTheOthers() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let body = #"{"caller":{"firstName":"","lastName":"Adams","phone":"12","email":"amy@example.com"},"delivery":\#(Self.delivery())}"#
            let refused = try await Self.create(client, secret, json: body)
            let problem = try APIHTTPTests.assertProblem(refused, .unprocessableContent)
            XCTAssertEqual(refused.headers[.location], "/api/v1/drafts/\(Self.ref)")
            let errors = try XCTUnwrap(problem["errors"] as? [[String: String]])
            XCTAssertEqual(errors.map { $0["field"] }, ["firstName", "phone"])
            XCTAssertEqual(errors.first?["message"], "Enter the customer's first name")

            // The retry answers the draft the key made
            let again = try await Self.create(client, secret, json: body)
            XCTAssertEqual(again.status, .ok, again.text)
            let draft = try APIHTTPTests.json(again)
            XCTAssertEqual(((draft["delivery"] as? [String: Any])?["shippingAddress"] as? [String: Any])?["city"] as? String, "San Francisco")
            XCTAssertEqual(draft["tax"] != nil, true, "California has a rate")
        }
    }

    // MARK: Sections and lines

    func testSectionsAndLinesAreSavedByThePagesRules() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            _ = try await Self.create(client, secret)
            let path = "/api/v1/drafts/\(Self.ref)"
            let caller = try await client.api(.put, "\(path)/caller", token: secret.text, json: Self.caller, ifMatch: #""1""#)
            XCTAssertEqual(caller.status, .ok, caller.text)
            XCTAssertEqual(caller.headers[.eTag], #""2""#)
            let badDelivery = try await client.api(
                .put, "\(path)/delivery", token: secret.text,
                json: #"{"shippingAddress":{"street1":"","street2":"","city":"X","state":"ZZ","zip":"1"},"shipping":"standard","billingSameAsShipping":false}"#,
                ifMatch: #""2""#)
            let problem = try APIHTTPTests.assertProblem(badDelivery, .unprocessableContent)
            let fields = (problem["errors"] as? [[String: String]])?.compactMap { $0["field"] } ?? []
            XCTAssertTrue(fields.contains("shippingAddress.street1"), "\(fields)")
            XCTAssertTrue(fields.contains("billingAddress.street1"), "\(fields)")
            let delivery = try await client.api(.put, "\(path)/delivery", token: secret.text, json: Self.delivery(), ifMatch: #""2""#)
            XCTAssertEqual(delivery.status, .ok, delivery.text)
            XCTAssertEqual(delivery.headers[.eTag], #""3""#)

            let added = try await client.api(.post, "\(path)/lines", token: secret.text, json: #"{"sku":"MUG-1","quantity":2}"#, ifMatch: #""3""#)
            XCTAssertEqual(added.status, .ok, added.text)
            let lines = try XCTUnwrap(try APIHTTPTests.json(added)["lines"] as? [[String: Any]])
            XCTAssertEqual(lines.first?["quantity"] as? Int, 2)
            XCTAssertEqual((lines.first?["unitPrice"] as? [String: Any])?["amount"] as? Int, 1250)

            let unknown = try await client.api(.post, "\(path)/lines", token: secret.text, json: #"{"sku":"NOPE","quantity":0}"#, ifMatch: #""4""#)
            let refusal = try APIHTTPTests.assertProblem(unknown, .unprocessableContent)
            XCTAssertEqual(refusal["errors"] as? [[String: String]], [
                ["field": "sku", "message": "Enter a SKU from the catalog, or search the catalog"],
                ["field": "quantity", "message": "Enter a quantity from 1 to 9,999"],
            ])
            let archived = try await client.api(.post, "\(path)/lines", token: secret.text, json: #"{"sku":"LAMP-9","quantity":1}"#, ifMatch: #""4""#)
            try APIHTTPTests.assertProblem(archived, .unprocessableContent)

            let changed = try await client.api(.put, "\(path)/lines/mug-1", token: secret.text, json: #"{"quantity":5}"#, ifMatch: #""4""#)
            XCTAssertEqual(changed.status, .ok, changed.text)
            XCTAssertEqual((try APIHTTPTests.json(changed)["lines"] as? [[String: Any]])?.first?["quantity"] as? Int, 5)
            let tooMany = try await client.api(.put, "\(path)/lines/MUG-1", token: secret.text, json: #"{"quantity":10000}"#, ifMatch: #""5""#)
            let tooManyProblem = try APIHTTPTests.assertProblem(tooMany, .unprocessableContent)
            XCTAssertEqual(tooManyProblem["errors"] as? [[String: String]], [["field": "quantity", "message": "Enter a quantity of Blue mug from 1 to 9,999"]])
            try APIHTTPTests.assertProblem(
                try await client.api(.put, "\(path)/lines/CAP-1", token: secret.text, json: #"{"quantity":1}"#, ifMatch: #""5""#), .notFound)

            let removed = try await client.api(.delete, "\(path)/lines/MUG-1", token: secret.text, ifMatch: #""5""#)
            XCTAssertEqual(removed.status, .ok, removed.text)
            XCTAssertEqual((try APIHTTPTests.json(removed)["lines"] as? [Any])?.count, 0)
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/drafts/D-NONEXX", token: secret.text), .notFound)
        }
    }

    /// Each of a draft's five writes from its ETag: without If-Match 428, from a stale one 412 with
    /// the draft's ETag now (nothing saved), from the one it is at 200 with the next.
    func testEachWriteNeedsTheDraftsETagIn428Stale412Right200WithTheNext() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            _ = try await Self.create(client, secret)
            let path = "/api/v1/drafts/\(Self.ref)"
            let writes: [(String, HTTPRequest.Method, String, String?)] = [
                ("saveDraftCaller", .put, "\(path)/caller", Self.caller),
                ("saveDraftDelivery", .put, "\(path)/delivery", Self.delivery()),
                ("addDraftLine", .post, "\(path)/lines", #"{"sku":"MUG-1","quantity":2}"#),
                ("changeDraftLine", .put, "\(path)/lines/MUG-1", #"{"quantity":3}"#),
                ("removeDraftLine", .delete, "\(path)/lines/MUG-1", nil),
            ]
            for (version, (operation, method, uri, json)) in zip(1..., writes) {
                let missing = try await client.api(method, uri, token: secret.text, json: json)
                let required = try APIHTTPTests.assertProblem(missing, .preconditionRequired)
                XCTAssertEqual(required["title"] as? String, "Send the draft's ETag in If-Match", operation)

                let stale = try await client.api(method, uri, token: secret.text, json: json, ifMatch: "\"\(version - 1)\"")
                let failed = try APIHTTPTests.assertProblem(stale, .preconditionFailed)
                XCTAssertEqual(stale.headers[.eTag], "\"\(version)\"", "\(operation): the draft's ETag now")
                XCTAssertEqual(failed["title"] as? String, "The draft changed since it was read", operation)
                let ahead = try await client.api(method, uri, token: secret.text, json: json, ifMatch: "\"\(version + 1)\"")
                try APIHTTPTests.assertProblem(ahead, .preconditionFailed)
                try APIHTTPTests.assertProblem(try await client.api(method, uri, token: secret.text, json: json, ifMatch: "*"), .preconditionFailed)
                let unchanged = try await client.api(.get, path, token: secret.text)
                XCTAssertEqual(unchanged.headers[.eTag], "\"\(version)\"", "\(operation): nothing saved")

                let right = try await client.api(method, uri, token: secret.text, json: json, ifMatch: "\"\(version)\"")
                XCTAssertEqual(right.status, .ok, "\(operation): \(right.text)")
                XCTAssertEqual(right.headers[.eTag], "\"\(version + 1)\"", operation)
                XCTAssertEqual(try APIHTTPTests.json(right)["version"] as? Int, version + 1, operation)
            }
        }
        let draft = try await app.environment.drafts.fetchDraft(ref: Self.ref)
        XCTAssertEqual(draft?.version, 6)
        XCTAssertEqual(draft?.contact.lastName, "Adams")
        XCTAssertEqual(draft?.shipmentAddress.city, "San Francisco")
        XCTAssertEqual(draft?.lines, [], "added, changed to 3, removed")
    }

    func testAViewersTokenMayNotTouchDrafts() async throws {
        let (app, secret) = try await Self.makeApp(tokenRole: .viewer)
        try await app.test { client in
            try APIHTTPTests.assertProblem(try await Self.create(client, secret), .forbidden)
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/drafts/\(Self.ref)", token: secret.text), .forbidden)
        }
    }

    // MARK: Placing

    /// A draft ready to place: Amy calling, a mug ×2 and a cap, to California (version 5).
    static func fill(_ client: any TestClientProtocol, _ secret: APITokenSecret) async throws {
        _ = try await create(client, secret, json: #"{"caller":\#(caller),"delivery":\#(delivery())}"#)
        let path = "/api/v1/drafts/\(ref)"
        _ = try await client.api(.post, "\(path)/lines", token: secret.text, json: #"{"sku":"MUG-1","quantity":2}"#, ifMatch: #""3""#)
        _ = try await client.api(.post, "\(path)/lines", token: secret.text, json: #"{"sku":"CAP-1","quantity":1}"#, ifMatch: #""4""#)
    }

    func testADraftIsPlacedFromItsETagOncePerKeyAndTheCardIsNeverAnswered() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            try await Self.fill(client, secret)
            let read = try await client.api(.get, "/api/v1/drafts/\(Self.ref)", token: secret.text)
            XCTAssertEqual(read.headers[.eTag], #""5""#)
            XCTAssertEqual(try APIHTTPTests.json(read)["readyToPlace"] as? Bool, true)

            try APIHTTPTests.assertProblem(try await Self.place(client, secret, ifMatch: nil), .preconditionRequired)
            try APIHTTPTests.assertProblem(try await Self.place(client, secret, ifMatch: nil, key: "short"), .badRequest)
            let tooLong = try await client.execute(
                uri: "/api/v1/drafts/D-ABCDEBABCDEBABCDEBABCDEB/place", method: .post,
                headers: [.authorization: "Bearer \(secret.text)", .contentType: "application/json", .ifMatch: ""],
                body: ByteBuffer(string: Self.card))
            try APIHTTPTests.assertProblem(tooLong, .notFound)
            // An Address holds its five fields and no other (so no null can hide in one)
            let extra = try await client.api(
                .put, "/api/v1/drafts/\(Self.ref)/delivery", token: secret.text,
                json: #"{"shipping":"standard","shippingAddress":{"street1":"1 Market St","street2":"","city":"SF","state":"CA","zip":"94105","floor":null}}"#)
            try APIHTTPTests.assertProblem(extra, .badRequest)
            // An If-Match is read as sent, never percent-decoded: one of no version is a 412
            try APIHTTPTests.assertProblem(try await Self.place(client, secret, ifMatch: "%C2%84"), .preconditionFailed)
            try APIHTTPTests.assertProblem(try await Self.place(client, secret, ifMatch: "%00{"), .preconditionFailed)
            let stale = try await Self.place(client, secret, ifMatch: #""4""#)
            try APIHTTPTests.assertProblem(stale, .preconditionFailed)
            XCTAssertEqual(stale.headers[.eTag], #""5""#)
            let badCard = try await Self.place(
                client, secret, ifMatch: #""5""#, json: #"{"cardNumber":"4111 1111 1111 1112","expirationDate":"13/29","securityCode":""}"#)
            let cardProblem = try APIHTTPTests.assertProblem(badCard, .unprocessableContent)
            XCTAssertEqual((cardProblem["errors"] as? [[String: String]])?.map { $0["field"] ?? "" }, ["cardNumber", "expirationDate", "securityCode"])
            XCTAssertFalse(badCard.text.contains("4111"), badCard.text)

            let key = "place-0123456789abcdef"
            let placed = try await Self.place(client, secret, ifMatch: #""5""#, key: key)
            XCTAssertEqual(placed.status, .created, placed.text)
            XCTAssertEqual(placed.headers[.location], "/api/v1/orders/1")
            XCTAssertEqual(placed.headers[.eTag], #""1""#)
            let order = try APIHTTPTests.json(placed)
            XCTAssertEqual(order["cardLastFour"] as? String, "1111")
            XCTAssertEqual((order["tax"] as? [String: Any])?["amount"] as? Int, 181)
            XCTAssertFalse(placed.text.contains("4111 1111") || placed.text.contains("4111111111111111") || placed.text.contains("123\""))

            let again = try await Self.place(client, secret, ifMatch: #""5""#, key: key)
            XCTAssertEqual(again.status, .ok, "the same key: the order it placed")
            XCTAssertEqual(try APIHTTPTests.json(again)["id"] as? String, "1")
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/drafts/\(Self.ref)", token: secret.text), .notFound)
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders.count, 1)
    }

    func testADraftThatCannotBePlacedIs409WithWhatStandsInTheWay() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            _ = try await Self.create(client, secret, json: #"{"caller":\#(Self.caller),"delivery":\#(Self.delivery(state: "OR"))}"#)
            _ = try await client.api(.post, "/api/v1/drafts/\(Self.ref)/lines", token: secret.text, json: #"{"sku":"MUG-1","quantity":1}"#, ifMatch: #""3""#)
            let refused = try await Self.place(client, secret, ifMatch: #""4""#)
            let problem = try APIHTTPTests.assertProblem(refused, .conflict)
            XCTAssertTrue((problem["detail"] as? String)?.contains("No tax rate for OR — ask a supervisor") == true, refused.text)
        }
        let orders = try await app.store.fetchOrders()
        XCTAssertEqual(orders, [])
    }

    func testAnUnknownMethodOnADraftsPathIs405WithItsAllow() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let response = try await client.api(.patch, "/api/v1/drafts/\(Self.ref)/lines/MUG-1", token: secret.text)
            try APIHTTPTests.assertProblem(response, .methodNotAllowed)
            XCTAssertEqual(response.headers[.allow], "PUT, DELETE")
        }
    }
}
