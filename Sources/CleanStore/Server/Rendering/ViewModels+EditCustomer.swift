import Mustache

// What `Views/EditCustomer/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditCustomerViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditCustomer.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "action": { $0.action },
        "version": { $0.version },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "notice": { $0.notice },
        "fields": { $0.fields },
        "billingAddressSameAsShipping": { $0.billingAddressSameAsShipping },
        "note": { $0.note },
        "duplicates": { $0.duplicates },
        "hasDuplicates": { $0.hasDuplicates },
        "button": { $0.button },
        "cancelURL": { $0.cancelURL },
        "hasErrors": { $0.hasErrors },
    ]
}

extension EditCustomer.DisplayedDuplicate: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "message": { $0.message },
        "useLabel": { $0.useLabel },
        "url": { $0.url },
    ]
}
