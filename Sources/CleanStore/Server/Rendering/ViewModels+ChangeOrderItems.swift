import Mustache

// What `Views/ChangeOrderItems/form.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (TemplateNamesTests). Its
// fields and errors are SignIn's (`ViewModels+SignIn.swift`).
extension ChangeOrderItemsViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ChangeOrderItems.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "errors": errors
        case "action": action
        case "submitLabel": submitLabel
        case "version": version
        case "addLine": addLine
        case "quantities": quantities
        case "price": price
        case "orderURL": orderURL
        case "backLinkText": backLinkText
        default: nil
        }
    }
}

extension ChangeOrderItems.DisplayedAddLine: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "quantity": quantity
        default: nil
        }
    }
}

extension ChangeOrderItems.DisplayedQuantity: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "name": self.name
        case "label": label
        case "value": value
        case "errorMessage": errorMessage
        case "describedBy": describedBy
        default: nil
        }
    }
}

extension ChangeOrderItems.DisplayedPrice: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "line": line
        case "price": price
        case "reason": reason
        default: nil
        }
    }
}
