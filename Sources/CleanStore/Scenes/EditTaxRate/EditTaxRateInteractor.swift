protocol EditTaxRateBusinessLogic: AnyObject {
    func showForm(request: EditTaxRate.ShowForm.Request) async
    func saveRate(request: EditTaxRate.SaveRate.Request) async
}

protocol EditTaxRateDataStore: AnyObject {
    var rate: TaxRate? { get }
}

/// Adding and changing a tax rate (supervisors: the route table's rule, `OrderUse.changeTaxRates`).
/// A change is saved over the version the form was opened at only (`TaxRateWrites`).
final class EditTaxRateInteractor: EditTaxRateBusinessLogic, EditTaxRateDataStore {
    var presenter: EditTaxRatePresentationLogic?
    var worker: EditTaxRateWorker
    var taxRatesWorker: TaxRatesWorker
    var rate: TaxRate?

    init(worker: EditTaxRateWorker, taxRatesWorker: TaxRatesWorker) {
        self.worker = worker
        self.taxRatesWorker = taxRatesWorker
    }

    // MARK: Show form

    func showForm(request: EditTaxRate.ShowForm.Request) async {
        guard let id = request.id else {
            // A new rate: collected, shipping not taxed, until said otherwise.
            return presenter?.presentForm(response: .form(id: nil, EditTaxRate.RateFormFields(collect: "on"))) ?? ()
        }
        do {
            guard let stored = try await taxRatesWorker.rate(id: id) else { return presenter?.presentForm(response: .notFound) ?? () }
            rate = stored
            presenter?.presentForm(response: .form(id: id, EditTaxRate.RateFormFields(stored)))
        } catch {
            presenter?.presentForm(response: .unavailable)
        }
    }

    // MARK: Save rate

    func saveRate(request: EditTaxRate.SaveRate.Request) async {
        presenter?.presentSavedRate(response: await save(request))
    }

    private func save(_ request: EditTaxRate.SaveRate.Request) async -> EditTaxRate.SaveRate.Response {
        let fields = request.fields
        let typed: TaxRate
        switch worker.rate(from: fields, id: request.id) {
        case .failure(let problems): return .invalid(id: request.id, fields, problems.problems)
        case .success(let rate): typed = rate
        }
        do {
            let saved =
                request.id == nil
                ? try await taxRatesWorker.createRate(typed, by: request.by) : try await taxRatesWorker.updateRate(typed, by: request.by)
            rate = saved
            return .saved(saved, isNew: request.id == nil)
        } catch {
            switch error {
            case .notFound: return .notFound
            case .conflict(let current): return .conflict(current: current, typed: fields)
            case .placeTaken(let existing):
                let place = "\(existing.region) \(existing.postalPrefix.isEmpty ? "(whole state)" : existing.postalPrefix) from \(existing.effectiveFrom)"
                return .invalid(
                    id: request.id, fields, [.init(field: .effectiveFrom, message: "There is already a rate for \(place): change that one, or choose another first day")])
            case .invalid(let problems):
                // The form's rules are the store's: said here only if they ever differ.
                return .invalid(id: request.id, fields, problems.map { .init(field: Self.field(of: $0), message: "Check this value") })
            case .unavailable: return .unavailable(id: request.id, fields)
            }
        }
    }

    private static func field(of problem: TaxRateProblem) -> EditTaxRate.RateFormFields.CodingKeys {
        switch problem {
        case .region: .region
        case .postalPrefix: .postalPrefix
        case .rate: .rate
        case .effectiveTo: .effectiveTo
        }
    }
}
