protocol ListTaxRatesBusinessLogic: AnyObject {
    func fetchRates(request: ListTaxRates.FetchRates.Request) async
}

protocol ListTaxRatesDataStore: AnyObject {
    var rates: [TaxRate] { get }
}

/// The tax table, for everyone signed in; who may change it is the route table's rule
/// (`OrderUse.changeTaxRates`), asked here only to offer the links.
final class ListTaxRatesInteractor: ListTaxRatesBusinessLogic, ListTaxRatesDataStore {
    var presenter: ListTaxRatesPresentationLogic?
    var worker: TaxRatesWorker
    var rates: [TaxRate] = []

    init(worker: TaxRatesWorker) {
        self.worker = worker
    }

    // MARK: Fetch rates

    func fetchRates(request: ListTaxRates.FetchRates.Request) async {
        do {
            rates = try await worker.rates()
            presenter?.presentRates(
                response: .found(rates: rates, mayChange: request.signedIn.may(.changeTaxRates), flash: request.flash))
        } catch {
            presenter?.presentRates(response: .storeUnavailable)
        }
    }
}
