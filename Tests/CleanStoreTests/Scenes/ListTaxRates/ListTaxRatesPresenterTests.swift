import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListTaxRatesPresenterTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListTaxRatesPresenter!
    var spy: ListTaxRatesDisplayLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListTaxRatesPresenter()
        spy = ListTaxRatesDisplayLogicSpy()
        sut.viewController = spy
    }

    // MARK: Test doubles

    final class ListTaxRatesDisplayLogicSpy: ListTaxRatesDisplayLogic {
        var viewModel: ListTaxRates.FetchRates.ViewModel?

        func displayRates(viewModel: ListTaxRates.FetchRates.ViewModel) {
            self.viewModel = viewModel
        }
    }

    static let rates = [
        TaxRate(id: 1, region: "NY", postalPrefix: "100", ratePPM: 88_750, shippingTaxable: true, effectiveFrom: ShopDay("2020-01-01")!),
        TaxRate(id: 2, region: "OR", ratePPM: 0, collect: false, effectiveFrom: ShopDay("2020-01-01")!),
        TaxRate(
            id: 3, region: "TX", ratePPM: 62_500, shippingTaxable: false, effectiveFrom: ShopDay("2020-01-01")!,
            effectiveTo: ShopDay("2025-12-31")!),
    ]

    // MARK: Tests

    func testEachRateReadsAsAClerkReadsItWithChangeLinksForASupervisor() throws {
        // When
        sut.presentRates(response: .found(rates: Self.rates, mayChange: true, flash: "Tax rate changed."))

        // Then
        guard case .table(let table, let flash) = spy.viewModel else { return XCTFail("no table") }
        XCTAssertEqual(table.title, "Tax rates")
        XCTAssertEqual(flash, "Tax rate changed.")
        XCTAssertEqual(table.newRateURL, "/tax-rates/new")
        XCTAssertNil(table.emptyMessage)
        XCTAssertEqual(
            table.rates,
            [
                .init(
                    region: "NY", postalPrefix: "100", rate: "8.875%", shipping: "Taxed", effectiveFrom: "2020-01-01", effectiveTo: "No end",
                    editURL: "/tax-rates/1/edit", editLabel: "NY 100 from 2020-01-01"),
                .init(
                    region: "OR", postalPrefix: "Whole state", rate: "Not collected", shipping: "Not taxed", effectiveFrom: "2020-01-01",
                    effectiveTo: "No end", editURL: "/tax-rates/2/edit", editLabel: "OR whole state from 2020-01-01"),
                .init(
                    region: "TX", postalPrefix: "Whole state", rate: "6.25%", shipping: "Not taxed", effectiveFrom: "2020-01-01",
                    effectiveTo: "2025-12-31", editURL: "/tax-rates/3/edit", editLabel: "TX whole state from 2020-01-01"),
            ])
    }

    func testOthersGetNoLinksAndAnEmptyTableSaysWhatItMeans() {
        sut.presentRates(response: .found(rates: Self.rates, mayChange: false, flash: nil))
        guard case .table(let table, _) = spy.viewModel else { return XCTFail("no table") }
        XCTAssertNil(table.newRateURL)
        XCTAssertEqual(table.rates.compactMap(\.editURL), [])

        sut.presentRates(response: .found(rates: [], mayChange: false, flash: nil))
        guard case .table(let empty, _) = spy.viewModel else { return XCTFail("no table") }
        XCTAssertEqual(empty.emptyMessage, "There are no tax rates yet: no order can be placed until its state has one.")

        sut.presentRates(response: .storeUnavailable)
        guard case .unavailable = spy.viewModel else { return XCTFail("not unavailable") }
    }
}
