import Mustache

// What `Views/EditProduct/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditProductViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditProduct.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "version": version
        case "errors": errors
        case "formMessage": formMessage
        case "sku": sku
        case "name": self.name
        case "price": price
        case "taxable": taxable
        case "trackStock": trackStock
        case "onHand": onHand
        case "committed": committed
        case "allowBackorder": allowBackorder
        case "button": button
        case "cancelURL": cancelURL
        case "hasErrors": hasErrors
        default: nil
        }
    }
}
