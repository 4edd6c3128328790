import Mustache

// What `Views/AddOrderNote/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// field and errors are SignIn's (`ViewModels+SignIn.swift`).
extension AddOrderNoteViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension AddOrderNote.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "errors": errors
        case "formMessage": formMessage
        case "text": text
        case "action": action
        case "orderURL": orderURL
        case "backLinkText": backLinkText
        case "forPacker": forPacker
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
