import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The tax table's pages through the real app: who may read them, each page state compared byte
/// for byte with its reference in `__Snapshots__/TaxRatesHTTPTests/` and checked by libxml2 (as
/// `PageSnapshotTests` does).
final class TaxRatesHTTPTests: XCTestCase {
    static func day(_ text: String) -> ShopDay { ShopDay(text)! }

    /// A memory tax table holding the sample's kind of rates, ids 1, 2, 3….
    static func table() async throws -> TaxRatesMemStore {
        let store = TaxRatesMemStore()
        for rate in [
            TaxRate(region: "NY", ratePPM: 40_000, shippingTaxable: true, effectiveFrom: day("2020-01-01")),
            TaxRate(region: "NY", postalPrefix: "100", ratePPM: 88_750, shippingTaxable: true, effectiveFrom: day("2020-01-01")),
            TaxRate(region: "OR", ratePPM: 0, collect: false, effectiveFrom: day("2020-01-01")),
            TaxRate(region: "TX", ratePPM: 62_500, effectiveFrom: day("2020-01-01"), effectiveTo: day("2025-12-31")),
        ] {
            _ = try await store.createRate(rate, by: nil, at: Seeds.june29)
        }
        return store
    }

    /// A tax table whose every call fails as a database that cannot be reached does.
    final class FailingTaxRates: TaxRatesStoreProtocol {
        static let error = TaxRatesStoreError.unavailable("connection refused")
        func fetchRates() async throws(TaxRatesStoreError) -> [TaxRate] { throw Self.error }
        func fetchRates(region: String) async throws(TaxRatesStoreError) -> [TaxRate] { throw Self.error }
        func fetchRate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate? { throw Self.error }
        func createRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate { throw Self.error }
        func updateRate(_ rate: TaxRate, by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> TaxRate { throw Self.error }
        func importRates(_ rates: [TaxRate], by: AccountName?, at: Date) async throws(TaxRatesStoreError) -> (added: Int, updated: Int) {
            throw Self.error
        }
    }

    func request(
        _ uri: String, form: String? = nil, cookie: String? = nil, role: AccountRole = .supervisor, signedIn: Bool = true,
        taxRates: any TaxRatesStoreProtocol
    ) async throws -> TestResponse {
        var app = try await TestApp(role: role)
        app.environment.taxRates = taxRates
        return try await app.test { client in
            if let form { return try await client.post(uri, form: form, cookie: cookie, signedIn: signedIn) }
            return try await client.get(uri, cookie: cookie, signedIn: signedIn)
        }
    }

    func assertPage(
        _ name: String, _ uri: String, form: String? = nil, cookie: String? = nil, status: HTTPResponse.Status, role: AccountRole = .supervisor,
        taxRates: any TaxRatesStoreProtocol, file: StaticString = #filePath, line: UInt = #line
    ) async throws {
        let response = try await request(uri, form: form, cookie: cookie, role: role, taxRates: taxRates)
        XCTAssertEqual(response.status, status, name, file: file, line: line)
        XCTAssertEqual(response.headers[.contentType], "text/html; charset=utf-8", name, file: file, line: line)
        XCTAssertEqual(HTMLCheck.findings(in: response.text), [], name, file: file, line: line)
        assertSnapshot(of: response.text, as: .lines, named: name, file: file, testName: "page", line: line)
    }

    // MARK: The table

    func testTheTableForASupervisorWithAMessage() async throws {
        try await assertPage("tax-rates", "/tax-rates", cookie: flashCookie("Tax rate added."), status: .ok, taxRates: try await Self.table())
    }

    func testTheTableForAClerkHasNoLinksToChangeIt() async throws {
        try await assertPage("tax-rates-clerk", "/tax-rates", status: .ok, role: .clerk, taxRates: try await Self.table())
    }

    func testAnEmptyTableSaysWhatItMeans() async throws {
        try await assertPage("tax-rates-empty", "/tax-rates", status: .ok, role: .viewer, taxRates: TaxRatesMemStore())
    }

    func testEveryoneSignedInReadsTheTableOnlyASupervisorIsOfferedToChangeIt() async throws {
        let table = try await Self.table()
        for role in AccountRole.allCases {
            let response = try await request("/tax-rates", role: role, taxRates: table)
            XCTAssertEqual(response.status, .ok, "\(role)")
            XCTAssert(response.text.contains("<td class=\"number\">8.875%</td>"), "\(role)")
            XCTAssertEqual(response.text.contains("href=\"/tax-rates/new\""), role == .supervisor, "\(role)")
            XCTAssertEqual(response.text.contains("href=\"/tax-rates/2/edit\""), role == .supervisor, "\(role)")
        }
    }

    func testSignedOutTheTableSendsToSignIn() async throws {
        let response = try await request("/tax-rates", signedIn: false, taxRates: try await Self.table())
        XCTAssertEqual(response.status, .seeOther)
        XCTAssertEqual(response.headers[.location], "/sign-in?return=/tax-rates")
    }

    func testATableThatCannotBeReachedIs503() async throws {
        let response = try await request("/tax-rates", taxRates: FailingTaxRates())
        XCTAssertEqual(response.status, .serviceUnavailable)
        XCTAssert(response.text.contains("Service unavailable"), response.text)
    }
}
