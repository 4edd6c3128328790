import Mustache

// What `Views/SetUp/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension SetUpViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension SetUp.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "token": { $0.token },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "username": { $0.username },
        "displayName": { $0.displayName },
        "password": { $0.password },
        "passwordConfirmation": { $0.passwordConfirmation },
        "loadSamples": { $0.loadSamples },
        "action": { $0.action },
        "hasErrors": { $0.hasErrors },
    ]
}
