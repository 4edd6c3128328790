import Mustache

// What `Views/EditProduct/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditProductViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditProduct.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "action": { $0.action },
        "version": { $0.version },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "sku": { $0.sku },
        "name": { $0.name },
        "price": { $0.price },
        "taxable": { $0.taxable },
        "trackStock": { $0.trackStock },
        "onHand": { $0.onHand },
        "committed": { $0.committed },
        "allowBackorder": { $0.allowBackorder },
        "button": { $0.button },
        "cancelURL": { $0.cancelURL },
        "hasErrors": { $0.hasErrors },
    ]
}
