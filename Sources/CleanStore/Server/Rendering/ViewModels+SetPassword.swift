import Mustache

// What `Views/SetPassword/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension SetPasswordViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension SetPassword.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "token": token
        case "username": username
        case "displayName": displayName
        case "errors": errors
        case "formMessage": formMessage
        case "password": password
        case "passwordConfirmation": passwordConfirmation
        case "action": action
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
