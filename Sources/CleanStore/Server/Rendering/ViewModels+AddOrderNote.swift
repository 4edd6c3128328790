import Mustache

// What `Views/AddOrderNote/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// field and errors are SignIn's (`ViewModels+SignIn.swift`).
extension AddOrderNoteViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension AddOrderNote.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "text": { $0.text },
        "action": { $0.action },
        "orderURL": { $0.orderURL },
        "backLinkText": { $0.backLinkText },
        "forPacker": { $0.forPacker },
        "hasErrors": { $0.hasErrors },
    ]
}
