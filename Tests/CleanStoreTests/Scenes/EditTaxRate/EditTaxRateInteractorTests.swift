import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class EditTaxRateInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: EditTaxRateInteractor!
    var presenterSpy: EditTaxRatePresentationLogicSpy!
    var workerSpy: TaxRatesWorkerSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        workerSpy = TaxRatesWorkerSpy()
        sut = EditTaxRateInteractor(worker: EditTaxRateWorker(), taxRatesWorker: workerSpy)
        presenterSpy = EditTaxRatePresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class EditTaxRatePresentationLogicSpy: EditTaxRatePresentationLogic {
        var formResponse: EditTaxRate.ShowForm.Response?
        var saveResponse: EditTaxRate.SaveRate.Response?
        func presentForm(response: EditTaxRate.ShowForm.Response) { formResponse = response }
        func presentSavedRate(response: EditTaxRate.SaveRate.Response) { saveResponse = response }
    }

    final class TaxRatesWorkerSpy: TaxRatesWorker {
        var stored: TaxRate? = EditTaxRateInteractorTests.ny
        var failure: TaxRatesStoreError?
        var created: [TaxRate] = []
        var updated: [TaxRate] = []
        var by: AccountName?

        init() { super.init(taxRatesStore: TaxRatesMemStore()) }

        override func rate(id: Int64) async throws(TaxRatesStoreError) -> TaxRate? {
            if let failure { throw failure }
            return stored?.id == id ? stored : nil
        }

        override func createRate(_ rate: TaxRate, by: AccountName?) async throws(TaxRatesStoreError) -> TaxRate {
            if let failure { throw failure }
            created.append(rate)
            self.by = by
            var saved = rate
            saved.id = 7
            saved.version = 1
            return saved
        }

        override func updateRate(_ rate: TaxRate, by: AccountName?) async throws(TaxRatesStoreError) -> TaxRate {
            if let failure { throw failure }
            updated.append(rate)
            self.by = by
            var saved = rate
            saved.version += 1
            return saved
        }
    }

    static let ny = TaxRate(id: 3, region: "NY", postalPrefix: "100", ratePPM: 88_750, shippingTaxable: true, effectiveFrom: ShopDay("2020-01-01")!, version: 2)
    static let sue = AccountSeeds.sue.name

    // MARK: Show form

    func testANewFormCollectsAndAnEditFormIsTheStoredRate() async {
        await sut.showForm(request: .init(id: nil))
        XCTAssertEqual(presenterSpy.formResponse, .form(id: nil, .init(collect: "on")))

        await sut.showForm(request: .init(id: 3))
        XCTAssertEqual(
            presenterSpy.formResponse,
            .form(id: 3, .init(region: "NY", postalPrefix: "100", rate: "8.875", collect: "on", shippingTaxable: "on", effectiveFrom: "2020-01-01", version: "2")))
        XCTAssertEqual(sut.rate, Self.ny, "The data store keeps the rate")

        await sut.showForm(request: .init(id: 4))
        XCTAssertEqual(presenterSpy.formResponse, .notFound)

        workerSpy.failure = .unavailable("down")
        await sut.showForm(request: .init(id: 3))
        XCTAssertEqual(presenterSpy.formResponse, .unavailable)
    }

    // MARK: Save

    func testATypedRateIsSavedAsExactPartsPerMillionByWhoeverSavesIt() async {
        let fields = EditTaxRate.RateFormFields(
            region: " ny ", postalPrefix: "100", rate: "8.875%", collect: "on", shippingTaxable: "", effectiveFrom: "2026-01-01",
            effectiveTo: "2026-12-31")
        await sut.saveRate(request: .init(id: nil, fields: fields, by: Self.sue))

        let expected = TaxRate(
            region: "NY", postalPrefix: "100", ratePPM: 88_750, collect: true, shippingTaxable: false, effectiveFrom: ShopDay("2026-01-01")!,
            effectiveTo: ShopDay("2026-12-31")!, version: 0)
        XCTAssertEqual(workerSpy.created, [expected])
        XCTAssertEqual(workerSpy.by, Self.sue)
        var saved = expected
        saved.id = 7
        saved.version = 1
        XCTAssertEqual(presenterSpy.saveResponse, .saved(saved, isNew: true))
    }

    func testAnEditIsSavedFromTheVersionItWasOpenedAt() async {
        var fields = EditTaxRate.RateFormFields(Self.ny)
        fields.rate = "9"
        await sut.saveRate(request: .init(id: 3, fields: fields, by: Self.sue))
        XCTAssertEqual(workerSpy.updated.first?.version, 2)
        XCTAssertEqual(workerSpy.updated.first?.ratePPM, 90_000)
        XCTAssertEqual(workerSpy.updated.first?.id, 3)
        guard case .saved(let saved, isNew: false) = presenterSpy.saveResponse else { return XCTFail("not saved") }
        XCTAssertEqual(saved.version, 3)
    }

    func testEveryFieldsProblemIsSaidAndNothingIsSaved() async {
        let fields = EditTaxRate.RateFormFields(
            region: "ZZ", postalPrefix: "1000a", rate: "8.87501", effectiveFrom: "2026-02-30", effectiveTo: "soon")
        await sut.saveRate(request: .init(id: nil, fields: fields, by: Self.sue))
        XCTAssertEqual(
            presenterSpy.saveResponse,
            .invalid(
                id: nil, fields,
                [
                    .init(field: .region, message: EditTaxRateWorker.regionMessage),
                    .init(field: .postalPrefix, message: EditTaxRateWorker.postalPrefixMessage),
                    .init(field: .rate, message: EditTaxRateWorker.rateMessage),
                    .init(field: .effectiveFrom, message: EditTaxRateWorker.effectiveFromMessage),
                    .init(field: .effectiveTo, message: EditTaxRateWorker.effectiveToMessage),
                ]))
        XCTAssertEqual(workerSpy.created, [])

        let backwards = EditTaxRate.RateFormFields(region: "NY", rate: "4", effectiveFrom: "2026-02-01", effectiveTo: "2026-01-31")
        await sut.saveRate(request: .init(id: nil, fields: backwards, by: nil))
        XCTAssertEqual(presenterSpy.saveResponse, .invalid(id: nil, backwards, [.init(field: .effectiveTo, message: EditTaxRateWorker.effectiveToBeforeMessage)]))
    }

    func testTheStoresRefusalsAreAConflictATakenPlaceNoRateOrUnavailable() async {
        let fields = EditTaxRate.RateFormFields(Self.ny)
        workerSpy.failure = .conflict(current: Self.ny)
        await sut.saveRate(request: .init(id: 3, fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.saveResponse, .conflict(current: Self.ny, typed: fields))

        workerSpy.failure = .placeTaken(existing: Self.ny)
        await sut.saveRate(request: .init(id: nil, fields: fields, by: nil))
        XCTAssertEqual(
            presenterSpy.saveResponse,
            .invalid(id: nil, fields, [.init(field: .effectiveFrom, message: "There is already a rate for NY 100 from 2020-01-01: change that one, or choose another first day")]))

        workerSpy.failure = .notFound(id: 3)
        await sut.saveRate(request: .init(id: 3, fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.saveResponse, .notFound)

        workerSpy.failure = .unavailable("down")
        await sut.saveRate(request: .init(id: 3, fields: fields, by: nil))
        XCTAssertEqual(presenterSpy.saveResponse, .unavailable(id: 3, fields))
    }
}
