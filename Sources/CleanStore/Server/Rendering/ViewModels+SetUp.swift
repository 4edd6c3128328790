import Mustache

// What `Views/SetUp/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension SetUpViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension SetUp.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "token": token
        case "errors": errors
        case "formMessage": formMessage
        case "username": username
        case "displayName": displayName
        case "password": password
        case "passwordConfirmation": passwordConfirmation
        case "loadSamples": loadSamples
        case "action": action
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
