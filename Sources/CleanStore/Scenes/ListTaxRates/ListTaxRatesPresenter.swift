protocol ListTaxRatesPresentationLogic: AnyObject {
    func presentRates(response: ListTaxRates.FetchRates.Response)
}

final class ListTaxRatesPresenter: ListTaxRatesPresentationLogic {
    weak var viewController: ListTaxRatesDisplayLogic?

    // MARK: Present rates

    func presentRates(response: ListTaxRates.FetchRates.Response) {
        let viewModel: ListTaxRates.FetchRates.ViewModel
        switch response {
        case .found(let rates, let mayChange, let flash):
            viewModel = .table(
                ListTaxRates.FetchRates.DisplayedTable(
                    title: "Tax rates", rates: rates.map { Self.displayed($0, mayChange: mayChange) },
                    emptyMessage: rates.isEmpty ? "There are no tax rates yet: no order can be placed until its state has one." : nil,
                    newRateURL: mayChange ? Paths.newTaxRate.description : nil), flash: flash)
        case .storeUnavailable:
            viewModel = .unavailable
        }
        viewController?.displayRates(viewModel: viewModel)
    }

    static func displayed(_ rate: TaxRate, mayChange: Bool) -> ListTaxRates.FetchRates.DisplayedRate {
        ListTaxRates.FetchRates.DisplayedRate(
            region: rate.region, postalPrefix: rate.postalPrefix.isEmpty ? "Whole state" : rate.postalPrefix,
            rate: rate.collect ? rate.applied.percentText : "Not collected",
            shipping: rate.collect ? (rate.shippingTaxable ? "Taxed" : "Not taxed") : "Not taxed",
            effectiveFrom: rate.effectiveFrom.text, effectiveTo: rate.effectiveTo?.text ?? "No end",
            editURL: mayChange ? rate.id.map { Paths.editTaxRate(String($0)) } : nil,
            editLabel: "\(rate.region) \(rate.postalPrefix.isEmpty ? "whole state" : rate.postalPrefix) from \(rate.effectiveFrom.text)")
    }
}
