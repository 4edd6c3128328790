import Mustache

// What `Views/EditTaxRate/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditTaxRateViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditTaxRate.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "version": version
        case "errors": errors
        case "formMessage": formMessage
        case "region": region
        case "postalPrefix": postalPrefix
        case "rate": rate
        case "collect": collect
        case "shippingTaxable": shippingTaxable
        case "effectiveFrom": effectiveFrom
        case "effectiveTo": effectiveTo
        case "button": button
        case "cancelURL": cancelURL
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
