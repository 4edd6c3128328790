import Mustache

// What `Views/EditTaxRate/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditTaxRateViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditTaxRate.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "action": { $0.action },
        "version": { $0.version },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "region": { $0.region },
        "postalPrefix": { $0.postalPrefix },
        "rate": { $0.rate },
        "collect": { $0.collect },
        "shippingTaxable": { $0.shippingTaxable },
        "effectiveFrom": { $0.effectiveFrom },
        "effectiveTo": { $0.effectiveTo },
        "button": { $0.button },
        "cancelURL": { $0.cancelURL },
        "hasErrors": { $0.hasErrors },
    ]
}
