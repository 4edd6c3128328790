import Foundation
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `POST /setup` with the box "Load the sample catalog": the catalog sample is imported, by the new
/// supervisor, through the same code as `cleanstore products import`, and the log says so.
final class SetUpSamplesHTTPTests: XCTestCase {
    static let token = SetupToken(text: "the-set-up-token-of-the-test-0123456789abc")
    static let password = "a long enough password"

    func makeApp(log: LogCapture) async throws -> TestApp {
        var app = try await TestApp(logger: log.logger(level: .notice), signIn: try await makeTestSignIn(role: .clerk, setupToken: Self.token))
        app.environment.products = ProductsMemStore()
        return app
    }

    func testTheTickedBoxLoadsTheSampleCatalogAndTheLogSaysSo() async throws {
        let log = LogCapture()
        let app = try await makeApp(log: log)
        let (token, password) = (Self.token, Self.password)
        try await app.test { client in
            let page = try await client.get("/setup?token=\(token.text)", signedIn: false)
            XCTAssert(page.text.contains(#"name="loadSamples" value="on" aria-describedby="loadSamples-hint" checked="checked""#), "Ticked")
            let created = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&password=\(password)&passwordConfirmation=\(password)&loadSamples=on",
                signedIn: false)
            XCTAssertEqual(created.status, .seeOther)
        }
        let catalog = try await app.environment.products.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 100)
        XCTAssertEqual(catalog.count, 12)
        XCTAssertEqual(Set(catalog.map { $0.createdBy?.username }), ["boss"])
        XCTAssert(log.text.contains("Loaded the sample catalog: 12 products: 12 added, 0 updated"), log.text)
    }

    func testAnUntickedBoxLoadsNothing() async throws {
        let log = LogCapture()
        let app = try await makeApp(log: log)
        let (token, password) = (Self.token, Self.password)
        try await app.test { client in
            let created = try await client.post(
                "/setup", form: "token=\(token.text)&username=boss&password=\(password)&passwordConfirmation=\(password)", signedIn: false)
            XCTAssertEqual(created.status, .seeOther)
        }
        let catalog = try await app.environment.products.fetchProducts(matching: "", includeArchived: true, after: nil, limit: 100)
        XCTAssertEqual(catalog, [])
        XCTAssertFalse(log.text.contains("sample catalog"), log.text)
    }
}
