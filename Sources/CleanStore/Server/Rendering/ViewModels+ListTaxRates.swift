import Mustache

// What `Views/ListTaxRates/rates.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests).
extension ListTaxRates.FetchRates.DisplayedTable: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "rates": rates
        case "hasRates": !rates.isEmpty
        case "emptyMessage": emptyMessage
        case "newRateURL": newRateURL
        default: nil
        }
    }
}

extension ListTaxRates.FetchRates.DisplayedRate: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "region": region
        case "postalPrefix": postalPrefix
        case "rate": rate
        case "shipping": shipping
        case "effectiveFrom": effectiveFrom
        case "effectiveTo": effectiveTo
        case "editURL": editURL
        case "editLabel": editLabel
        default: nil
        }
    }
}
