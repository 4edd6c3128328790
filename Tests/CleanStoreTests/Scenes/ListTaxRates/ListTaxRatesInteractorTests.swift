import XCTest

@testable import CleanStore
@testable import CleanStoreTestSupport

final class ListTaxRatesInteractorTests: XCTestCase {
    // MARK: Subject under test

    var sut: ListTaxRatesInteractor!
    var presenterSpy: ListTaxRatesPresentationLogicSpy!

    // MARK: Test lifecycle

    override func setUp() {
        super.setUp()
        sut = ListTaxRatesInteractor(worker: TaxRatesWorkerSpy())
        presenterSpy = ListTaxRatesPresentationLogicSpy()
        sut.presenter = presenterSpy
    }

    // MARK: Test doubles

    final class ListTaxRatesPresentationLogicSpy: ListTaxRatesPresentationLogic {
        var response: ListTaxRates.FetchRates.Response?

        func presentRates(response: ListTaxRates.FetchRates.Response) {
            self.response = response
        }
    }

    final class TaxRatesWorkerSpy: TaxRatesWorker {
        var ratesCalled = false
        var stored: [TaxRate] = [TaxRate(id: 1, region: "NY", ratePPM: 40_000, effectiveFrom: ShopDay("2020-01-01")!)]
        var failure: TaxRatesStoreError?

        init() { super.init(taxRatesStore: TaxRatesMemStore()) }

        override func rates() async throws(TaxRatesStoreError) -> [TaxRate] {
            ratesCalled = true
            if let failure { throw failure }
            return stored
        }
    }

    // MARK: Tests

    func testTheRatesArePresentedAndOnlyASupervisorMayChangeThem() async throws {
        let worker = TaxRatesWorkerSpy()
        sut.worker = worker
        for (role, mayChange) in [(AccountRole.viewer, false), (.clerk, false), (.supervisor, true)] {
            // When
            await sut.fetchRates(request: .init(signedIn: SignedIn(name: testAccount.name, role: role), flash: "Saved."))

            // Then
            XCTAssert(worker.ratesCalled)
            XCTAssertEqual(presenterSpy.response, .found(rates: worker.stored, mayChange: mayChange, flash: "Saved."), "\(role)")
            XCTAssertEqual(sut.rates, worker.stored, "The data store keeps the rates")
        }
    }

    func testAStoreThatFailsIsUnavailable() async {
        let worker = TaxRatesWorkerSpy()
        worker.failure = .unavailable("down")
        sut.worker = worker

        await sut.fetchRates(request: .init(signedIn: nil, flash: nil))

        XCTAssertEqual(presenterSpy.response, .storeUnavailable)
    }
}
