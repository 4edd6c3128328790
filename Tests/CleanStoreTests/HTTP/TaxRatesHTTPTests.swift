import Foundation
import HTMLCheck
import Hummingbird
import HummingbirdTesting
import SnapshotTesting
import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// The tax table's pages through the real app: who may read them, each page state compared byte
/// for byte with its reference among `PageSnapshotTests`' (`__Snapshots__/PageSnapshotTests/page.tax-rates*.txt`)
/// and checked by libxml2, as `PageSnapshotTests` does.
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
        // Beside PageSnapshotTests' references, where the browser tests (Nu checker, axe) find every page state.
        let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__/PageSnapshotTests").path
        if let failure = verifySnapshot(
            of: response.text, as: .lines, named: name, snapshotDirectory: folder, file: file, testName: "page", line: line)
        {
            XCTFail(failure, file: file, line: line)
        }
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
            XCTAssert(response.text.contains("<td data-label=\"Rate\" class=\"number\">8.875%</td>"), "\(role)")
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

    // MARK: Adding and changing a rate

    func testTheFormsStates() async throws {
        try await assertPage("tax-rate-new", "/tax-rates/new", status: .ok, taxRates: try await Self.table())
        try await assertPage("tax-rate-edit", "/tax-rates/2/edit", status: .ok, taxRates: try await Self.table())
        try await assertPage(
            "tax-rate-errors", "/tax-rates/new", form: "region=ZZ&postalPrefix=10a&rate=8.87501&collect=on&effectiveFrom=2026-02-30&effectiveTo=soon",
            status: .unprocessableContent, taxRates: try await Self.table())
        // Opened at version 1; someone saved 8.9 % since (version 2).
        let table = try await Self.table()
        let opened = try await table.fetchRate(id: 2)
        var changed = try XCTUnwrap(opened)
        changed.ratePPM = 89_000
        _ = try await table.updateRate(changed, by: nil, at: Seeds.june30)
        try await assertPage(
            "tax-rate-conflict", "/tax-rates/2/edit",
            form: "region=NY&postalPrefix=100&rate=9&collect=on&shippingTaxable=on&effectiveFrom=2020-01-01&version=1",
            status: .conflict, taxRates: table)
        try await assertPage(
            "tax-rate-unavailable", "/tax-rates/new", form: "region=NY&rate=4&collect=on&effectiveFrom=2026-01-01",
            status: .serviceUnavailable, taxRates: FailingTaxRates())
    }

    func testASupervisorAddsAndChangesARateAndTheTableSaysSo() async throws {
        let table = try await Self.table()
        let added = try await request(
            "/tax-rates/new", form: "region=wa&postalPrefix=981&rate=10.25&collect=on&shippingTaxable=on&effectiveFrom=2026-01-01",
            taxRates: table)
        XCTAssertEqual(added.status, .seeOther)
        XCTAssertEqual(added.headers[.location], "/tax-rates")
        let seattle = try await table.fetchRates(region: "WA")
        XCTAssertEqual(
            seattle,
            [TaxRate(id: 5, region: "WA", postalPrefix: "981", ratePPM: 102_500, collect: true, shippingTaxable: true, effectiveFrom: Self.day("2026-01-01"))])

        let changed = try await request(
            "/tax-rates/5/edit", form: "region=WA&postalPrefix=981&rate=10.35&effectiveFrom=2026-01-01&effectiveTo=2026-12-31&version=1",
            taxRates: table)
        XCTAssertEqual(changed.status, .seeOther)
        let stored = try await table.fetchRate(id: 5)
        XCTAssertEqual(stored?.ratePPM, 103_500)
        XCTAssertEqual(stored?.collect, false, "an unticked box is not collected")
        XCTAssertEqual(stored?.shippingTaxable, false)
        XCTAssertEqual(stored?.effectiveTo, Self.day("2026-12-31"))
        XCTAssertEqual(stored?.version, 2)
    }

    func testOnlyASupervisorMayAddOrChangeARate() async throws {
        for role in [AccountRole.viewer, .clerk] {
            let table = try await Self.table()
            for (uri, form) in [
                ("/tax-rates/new", nil), ("/tax-rates/1/edit", nil), ("/tax-rates/new", "region=NY&rate=5&effectiveFrom=2026-01-01"),
                ("/tax-rates/1/edit", "region=NY&rate=5&effectiveFrom=2020-01-01&version=1"),
            ] {
                let response = try await request(uri, form: form, role: role, taxRates: table)
                XCTAssertEqual(response.status, .forbidden, "\(role) \(uri)")
                XCTAssert(response.text.contains("<h1>You cannot do this</h1>"), "\(role) \(uri)")
            }
            let after = try await table.fetchRates()
            let before = try await Self.table().fetchRates()
            XCTAssertEqual(after, before, "\(role) changed nothing")
        }
    }

    func testNoSuchRateIs404() async throws {
        let table = try await Self.table()
        for uri in ["/tax-rates/99/edit", "/tax-rates/x/edit", "/tax-rates/-1/edit"] {
            let shown = try await request(uri, taxRates: table)
            XCTAssertEqual(shown.status, .notFound, uri)
            let posted = try await request(uri, form: "region=NY&rate=5&effectiveFrom=2020-01-01&version=1", taxRates: table)
            XCTAssertEqual(posted.status, .notFound, uri)
        }
    }

    func testAStaleFormOrARateAtATakenPlaceChangesNothing() async throws {
        let table = try await Self.table()
        let stale = try await request("/tax-rates/2/edit", form: "region=NY&postalPrefix=100&rate=9&effectiveFrom=2020-01-01&version=7", taxRates: table)
        XCTAssertEqual(stale.status, .conflict)
        XCTAssert(stale.text.contains("You typed: <strong>9</strong>"), stale.text)
        let taken = try await request("/tax-rates/new", form: "region=NY&postalPrefix=100&rate=9&effectiveFrom=2020-01-01", taxRates: table)
        XCTAssertEqual(taken.status, .unprocessableContent)
        XCTAssert(taken.text.contains("There is already a rate for NY 100 from 2020-01-01"), taken.text)
        let after = try await table.fetchRates()
        let before = try await Self.table().fetchRates()
        XCTAssertEqual(after, before)
    }
}
