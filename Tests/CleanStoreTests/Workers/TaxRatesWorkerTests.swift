import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

/// `TaxRatesWorker.rate(for:on:)`: the state's rates from the store, the most specific in force.
final class TaxRatesWorkerTests: XCTestCase {
    static func day(_ text: String) -> ShopDay { ShopDay(text)! }

    func testAnAddressIsTaxedAtTheMostSpecificRateOfItsStateInForceThatDay() async throws {
        // Given: NY's state rate, NYC's prefix from 2020 and a later one for one ZIP; NJ's
        let store = TaxRatesMemStore()
        let worker = TaxRatesWorker(taxRatesStore: store, now: { Seeds.june29 })
        for rate in [
            TaxRate(region: "NY", ratePPM: 40_000, effectiveFrom: Self.day("2020-01-01")),
            TaxRate(region: "NY", postalPrefix: "100", ratePPM: 88_750, effectiveFrom: Self.day("2020-01-01")),
            TaxRate(region: "NY", postalPrefix: "10001", ratePPM: 90_000, effectiveFrom: Self.day("2027-01-01")),
            TaxRate(region: "NJ", ratePPM: 66_250, effectiveFrom: Self.day("2020-01-01")),
        ] {
            _ = try await worker.createRate(rate, by: nil)
        }
        func address(_ state: String, _ zip: String) -> Address { Address(street1: "1 Main St", city: "Town", state: state, zip: zip) }

        // Then
        let nyc = try await worker.rate(for: address("NY", "10001-2345"), on: Self.day("2026-11-25"))
        XCTAssertEqual(nyc?.ratePPM, 88_750)
        let later = try await worker.rate(for: address("NY", "10001"), on: Self.day("2027-01-01"))
        XCTAssertEqual(later?.ratePPM, 90_000)
        let typed = try await worker.rate(for: address(" ny ", " 14850 "), on: Self.day("2026-11-25"))
        XCTAssertEqual(typed?.ratePPM, 40_000, "a state typed in lower case, with spaces")
        let before = try await worker.rate(for: address("NY", "14850"), on: Self.day("2019-12-31"))
        XCTAssertNil(before)
        let oregon = try await worker.rate(for: address("OR", "97201"), on: Self.day("2026-11-25"))
        XCTAssertNil(oregon, "no rate: nil, never 0")
    }
}
