import Mustache

// What `Views/SetPassword/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension SetPasswordViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension SetPassword.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "token": { $0.token },
        "username": { $0.username },
        "displayName": { $0.displayName },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "password": { $0.password },
        "passwordConfirmation": { $0.passwordConfirmation },
        "action": { $0.action },
        "hasErrors": { $0.hasErrors },
    ]
}
