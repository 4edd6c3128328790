import Foundation
import Hummingbird
import HummingbirdTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// A product by its SKU and the customers through the JSON API, over the product and customers
/// pages' own interactors: the same search and keyset pages, money in cents, versions as ETags.
final class APIReadHTTPTests: XCTestCase {
    /// The app of `APIHTTPTests` (a viewer's token unless said), with `CatalogSeeds`' products and
    /// the customers of Jane's two orders and Bob's (linked), and José, added by hand.
    static func makeApp(tokenRole: AccountRole = .viewer) async throws -> (app: TestApp, secret: APITokenSecret) {
        let jane = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com")
        let again = CustomerSeeds.order("Jane", "Doe", phone: "(415) 555-0100", email: "jane@example.com", day: 1)
        let (made, secret) = try await APIHTTPTests.makeApp(orders: [jane, Seeds.Orders.bob, again], tokenRole: tokenRole)
        var app = made
        let database = try XCTUnwrap(app.store as? OrdersMemStore).database
        app.environment.products = ProductsMemStore(database: database)
        await CatalogSeeds.seed(database)
        _ = try await app.environment.customers.linkOrders(limit: 10, at: CustomerSeeds.now)
        _ = try await app.environment.customers.createCustomer(CustomerSeeds.jose, by: testAccount.name, at: CustomerSeeds.now)
        return (app, secret)
    }

    func testAProductIsFoundByItsSKUInAnyCaseWithItsVersionAsETag() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let found = try await client.api(.get, "/api/v1/products/mug-1", token: secret.text)
            XCTAssertEqual(found.status, .ok, found.text)
            XCTAssertEqual(found.headers[.eTag], #""1""#)
            let product = try APIHTTPTests.json(found)
            XCTAssertEqual(product["sku"] as? String, "MUG-1")
            XCTAssertEqual((product["price"] as? [String: Any])?["amount"] as? Int, 1250)
            XCTAssertEqual((product["price"] as? [String: Any])?["currency"] as? String, "USD")
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/products/NOPE-1", token: secret.text), .notFound)
            let archived = try await client.api(.get, "/api/v1/products/LAMP-9", token: secret.text)
            XCTAssertEqual(try APIHTTPTests.json(archived)["active"] as? Bool, false, "an archived product is still read")
        }
    }

    func testCustomersAreTheirPagesSearchAndKeysetPages() async throws {
        let (app, secret) = try await Self.makeApp()
        try await app.test { client in
            let all = try await client.api(.get, "/api/v1/customers", token: secret.text)
            XCTAssertEqual(all.status, .ok, all.text)
            let customers = try XCTUnwrap(try APIHTTPTests.json(all)["customers"] as? [[String: Any]])
            XCTAssertEqual(customers.map { $0["lastName"] as? String }, ["Battery", "Doe", "Núñez"], "by name")
            let jane = try XCTUnwrap(customers.first { $0["lastName"] as? String == "Doe" })
            XCTAssertEqual(jane["orderCount"] as? Int, 2)
            XCTAssertNotNil(jane["lastOrder"] as? [String: Any])

            let byPhone = try await client.api(.get, "/api/v1/customers?q=%2B1+415+555+0100", token: secret.text)
            let found = try XCTUnwrap(try APIHTTPTests.json(byPhone)["customers"] as? [[String: Any]])
            XCTAssertEqual(found.map { $0["firstName"] as? String }, ["Jane"])

            let id = try XCTUnwrap(jane["id"] as? String)
            let one = try await client.api(.get, "/api/v1/customers/\(id)", token: secret.text)
            XCTAssertEqual(one.status, .ok, one.text)
            XCTAssertEqual(one.headers[.eTag], #""1""#)
            let customer = try APIHTTPTests.json(one)
            XCTAssertEqual((customer["orders"] as? [Any])?.count, 2)
            XCTAssertEqual((customer["spend"] as? [String: Any])?["currency"] as? String, "USD")
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/customers/999", token: secret.text), .notFound)
            try APIHTTPTests.assertProblem(try await client.api(.get, "/api/v1/customers/abc", token: secret.text), .notFound)
        }
    }

    func testCustomersComeInPagesOfFiftyWithCursors() async throws {
        let (made, secret) = try await Self.makeApp()
        var app = made
        let store = CustomersMemStore()
        for number in 0..<51 {
            _ = try await store.createCustomer(
                Customer(firstName: "Ann", lastName: String(format: "Lee%02d", number), phone: "", email: "ann\(number)@example.org",
                    createdAt: CustomerSeeds.now),
                by: nil, at: CustomerSeeds.now)
        }
        app.environment.customers = store
        try await app.test { client in
            let first = try APIHTTPTests.json(try await client.api(.get, "/api/v1/customers", token: secret.text))
            XCTAssertEqual((first["customers"] as? [Any])?.count, 50)
            XCTAssertNil(first["previous"])
            let next = try XCTUnwrap(first["next"] as? String)
            let second = try APIHTTPTests.json(try await client.api(.get, "/api/v1/customers?after=\(next)", token: secret.text))
            XCTAssertEqual((second["customers"] as? [[String: Any]])?.map { $0["lastName"] as? String }, ["Lee50"])
            XCTAssertNotNil(second["previous"] as? String)
            XCTAssertNil(second["next"])
        }
    }
}
