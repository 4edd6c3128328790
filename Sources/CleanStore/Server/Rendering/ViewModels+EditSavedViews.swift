import Mustache

// What `Views/EditSavedViews/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). The
// name's field is SignIn's (`ViewModels+SignIn.swift`).
extension EditSavedViewsViewController.ViewsPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "views": { $0.views },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditSavedViews.DisplayedViews: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "views": { $0.views },
        "opensOn": { $0.opensOn },
        "clearDefaultAction": { $0.clearDefaultAction },
        "listURL": { $0.listURL },
    ]
}

extension EditSavedViews.DisplayedView: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "url": { $0.url },
        "action": { $0.action },
        "isDefault": { $0.isDefault },
        "mayMoveUp": { $0.mayMoveUp },
        "mayMoveDown": { $0.mayMoveDown },
    ]
}

extension EditSavedViewsViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditSavedViews.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "query": { $0.query },
        "summary": { $0.summary },
        "listURL": { $0.listURL },
        "name": { $0.name },
        "errors": { $0.errors },
        "hasErrors": { $0.hasErrors },
        "formMessage": { $0.formMessage },
    ]
}
