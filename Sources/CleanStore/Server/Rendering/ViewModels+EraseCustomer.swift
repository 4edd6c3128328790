import Mustache

// What `Views/EraseCustomer/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension EraseCustomerViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EraseCustomer.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "name": self.name
        case "warning": warning
        case "erased": erased
        case "kept": kept
        case "action": action
        case "version": version
        case "customerURL": customerURL
        case "typed": typed
        case "errorMessage": errorMessage
        case "conflictMessage": conflictMessage
        case "describedBy": describedBy
        default: nil
        }
    }
}
