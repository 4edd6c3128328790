import Mustache

// What `Views/SignIn/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension SignInViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension SignIn.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "notice": { $0.notice },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "username": { $0.username },
        "password": { $0.password },
        "returnTo": { $0.returnTo },
        "draft": { $0.draft },
        "action": { $0.action },
        "hasErrors": { $0.hasErrors },
    ]
}

extension SignIn.DisplayedField: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "value": { $0.value },
        "errorMessage": { $0.errorMessage },
        "hint": { $0.hint },
        "typedValue": { $0.typedValue },
        "describedBy": { $0.describedBy },
    ]
}

extension SignIn.DisplayedError: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "message": { $0.message },
    ]
}
