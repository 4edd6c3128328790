import Mustache

// What `Views/EditCustomer/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditCustomerViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditCustomer.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "version": version
        case "errors": errors
        case "formMessage": formMessage
        case "notice": notice
        case "fields": fields
        case "billingAddressSameAsShipping": billingAddressSameAsShipping
        case "note": note
        case "duplicates": duplicates
        case "hasDuplicates": hasDuplicates
        case "button": button
        case "cancelURL": cancelURL
        case "hasErrors": hasErrors
        default: nil
        }
    }
}

extension EditCustomer.DisplayedDuplicate: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "message": message
        case "useLabel": useLabel
        case "url": url
        default: nil
        }
    }
}
