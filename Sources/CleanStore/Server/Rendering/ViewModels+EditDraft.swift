import Mustache

// What `Views/EditDraft/draft.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck). Its fields, errors and shipping methods are the order
// form's (`CreateOrder.DisplayedForm`).
extension EditDraftViewController.DraftPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "draft": draft
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditDraft.DisplayedDraft: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "errors": errors
        case "formMessage": formMessage
        case "hasErrors": hasErrors
        case "fields": fields
        case "billingAddressSameAsShipping": billingAddressSameAsShipping
        case "shippingMethods": shippingMethods
        case "sku": sku
        case "quantity": quantity
        case "lines": lines
        case "noLinesMessage": noLinesMessage
        case "totals": totals
        case "callerSearchText": callerSearchText
        case "callers": callers
        case "callersCaption": callersCaption
        case "noCallersMessage": noCallersMessage
        case "useCustomerAction": useCustomerAction
        case "fromCustomer": fromCustomer
        case "fromCustomerURL": fromCustomerURL
        case "callerFolded": callerFolded
        case "callerSummary": callerSummary
        case "searchText": searchText
        case "searchResults": searchResults
        case "noResultsMessage": noResultsMessage
        case "callerAction": callerAction
        case "deliveryAction": deliveryAction
        case "addLineAction": addLineAction
        case "quantitiesAction": quantitiesAction
        case "removeLineAction": removeLineAction
        case "priceAction": priceAction
        case "searchAction": searchAction
        case "checkURL": checkURL
        case "readyToCheck": readyToCheck
        case "draftsURL": draftsURL
        case "repeatNotice": repeatNotice
        case "repeatOrderURL": repeatOrderURL
        case "repeatOrderLabel": repeatOrderLabel
        case "repeatProblems": repeatProblems
        default: nil
        }
    }
}

extension EditDraft.DisplayedLine: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "unitPrice": unitPrice
        case "priceNote": priceNote
        case "quantity": quantity
        case "quantityName": quantityName
        case "price": price
        case "reason": reason
        case "priceLegend": priceLegend
        case "savePriceLabel": savePriceLabel
        case "quantityLabel": quantityLabel
        case "amount": amount
        case "key": key
        case "removeLabel": removeLabel
        case "priceChanged": priceChanged
        default: nil
        }
    }
}

extension EditDraft.DisplayedProduct: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "price": price
        case "addLabel": addLabel
        default: nil
        }
    }
}

extension EditDraft.DisplayedTotals: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "subtotal": subtotal
        case "shipping": shipping
        case "tax": tax
        case "total": total
        default: nil
        }
    }
}

extension EditDraft.DisplayedCaller: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "phone": phone
        case "city": city
        case "lastOrder": lastOrder
        case "id": id
        case "useLabel": useLabel
        default: nil
        }
    }
}
