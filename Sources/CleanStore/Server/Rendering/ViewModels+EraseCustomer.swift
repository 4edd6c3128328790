import Mustache

// What `Views/EraseCustomer/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension EraseCustomerViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EraseCustomer.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "name": { $0.name },
        "warning": { $0.warning },
        "erased": { $0.erased },
        "kept": { $0.kept },
        "action": { $0.action },
        "version": { $0.version },
        "customerURL": { $0.customerURL },
        "typed": { $0.typed },
        "errorMessage": { $0.errorMessage },
        "conflictMessage": { $0.conflictMessage },
        "describedBy": { $0.describedBy },
    ]
}
