import Mustache

// What `Views/ListTaxRates/rates.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests).
extension ListTaxRates.FetchRates.DisplayedTable: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "rates": { $0.rates },
        "hasRates": { !$0.rates.isEmpty },
        "emptyMessage": { $0.emptyMessage },
        "newRateURL": { $0.newRateURL },
    ]
}

extension ListTaxRates.FetchRates.DisplayedRate: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "region": { $0.region },
        "postalPrefix": { $0.postalPrefix },
        "rate": { $0.rate },
        "shipping": { $0.shipping },
        "effectiveFrom": { $0.effectiveFrom },
        "effectiveTo": { $0.effectiveTo },
        "editURL": { $0.editURL },
        "editLabel": { $0.editLabel },
    ]
}
