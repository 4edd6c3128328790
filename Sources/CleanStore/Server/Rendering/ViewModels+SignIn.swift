import Mustache

// What `Views/SignIn/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension SignInViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension SignIn.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "notice": notice
        case "errors": errors
        case "formMessage": formMessage
        case "username": username
        case "password": password
        case "returnTo": returnTo
        case "draft": draft
        case "action": action
        case "hasErrors": hasErrors
        default: nil
        }
    }
}

extension SignIn.DisplayedField: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name  // `name` alone is the parameter: every field was named "name"
        case "value": value
        case "errorMessage": errorMessage
        case "hint": hint
        case "typedValue": typedValue
        case "describedBy": describedBy
        default: nil
        }
    }
}

extension SignIn.DisplayedError: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "message": message
        default: nil
        }
    }
}
