import Mustache

// What `Views/EditSavedViews/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). The
// name's field is SignIn's (`ViewModels+SignIn.swift`).
extension EditSavedViewsViewController.ViewsPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "views": views
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditSavedViews.DisplayedViews: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "views": views
        case "opensOn": opensOn
        case "clearDefaultAction": clearDefaultAction
        case "listURL": listURL
        default: nil
        }
    }
}

extension EditSavedViews.DisplayedView: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        case "action": action
        case "isDefault": isDefault
        case "mayMoveUp": mayMoveUp
        case "mayMoveDown": mayMoveDown
        default: nil
        }
    }
}

extension EditSavedViewsViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditSavedViews.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "query": query
        case "summary": summary
        case "listURL": listURL
        case "name": self.name
        case "errors": errors
        case "hasErrors": hasErrors
        case "formMessage": formMessage
        default: nil
        }
    }
}
