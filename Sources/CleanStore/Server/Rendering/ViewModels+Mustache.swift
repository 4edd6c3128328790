import Mustache

// The view models, as the templates read them: swift-mustache looks names up through
// `MustacheParent` instead of `Mirror` (several times faster on a page of fifty orders or a long
// form). The scenes' models stay plain structs; only the renderer's side knows the library.
// Each table answers exactly the names the templates read of its view model, and every stored
// property is one of them, but a page's title, which the view controller hands to the layout:
// TemplateNamesTests (Tests/CleanStoreTests/Server) walks every template with a sample of its
// view model and fails on a name no table answers, and on a property or an entry no template reads.

extension PageRenderer.Layout: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "flash": flash
        case "body": body
        case "header": header
        case "ordersURL": ordersURL
        default: nil
        }
    }
}

extension PageRenderer.Header: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "displayName": displayName
        case "role": role
        case "csrfToken": csrfToken
        case "ordersURL": ordersURL
        case "newOrderURL": newOrderURL
        case "draftsURL": draftsURL
        case "customersURL": customersURL
        case "productsURL": productsURL
        case "taxRatesURL": taxRatesURL
        case "accountsURL": accountsURL
        case "signOutURL": signOutURL
        case "sessionWarnAfter": sessionWarnAfter
        case "sessionEndsAfter": sessionEndsAfter
        default: nil
        }
    }
}

extension ErrorPage.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "message": message
        case "ordersURL": ordersURL
        case "orderURL": orderURL
        case "orderLinkText": orderLinkText
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "displayedOrders": displayedOrders
        case "pagination": pagination
        case "errorMessage": errorMessage
        case "newOrderURL": newOrderURL
        case "filters": filters
        case "columns": columns
        case "caption": caption
        case "noMatchMessage": noMatchMessage
        case "exportURL": exportURL
        case "resultCount": resultCount
        case "focusResultCount": focusResultCount
        case "tabs": tabs
        case "bulk": bulk
        case "bulkProblem": bulkProblem
        default: nil
        }
    }
}

extension ListOrders.FetchTabs.ViewModel.Tabs: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "tabs": tabs
        case "saveURL": saveURL
        case "manageURL": manageURL
        default: nil
        }
    }
}

extension ListOrders.FetchTabs.ViewModel.Tab: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "count": count
        case "url": url
        case "current": current
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.Filters: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "text": text
        case "textError": textError
        case "shippingOptions": shippingOptions
        case "statusOptions": statusOptions
        case "cancellationRequested": cancellationRequested
        case "from": from
        case "fromError": fromError
        case "to": to
        case "toError": toError
        case "sortOptions": sortOptions
        case "open": open
        case "tags": tags
        case "clearURL": clearURL
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.Option: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "value": value
        case "label": label
        case "checked": checked
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.Tag: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "removeURL": removeURL
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.Column: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "ariaSort": ariaSort
        case "className": className
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.DisplayedOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "url": url
        case "date": date
        case "machineDate": machineDate
        case "name": self.name
        case "phone": phone
        case "total": total
        case "status": status
        case "statusClass": statusClass
        case "shipped": shipped
        case "selectValue": selectValue
        case "selectLabel": selectLabel
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.BulkForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "move": move
        case "list": list
        case "button": button
        case "hint": hint
        case "errors": errors
        case "hasErrors": hasErrors
        case "formMessage": formMessage
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.ErrorLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "message": message
        default: nil
        }
    }
}

extension ListOrders.FetchOrders.ViewModel.Pagination: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "newerPageURL": newerPageURL
        case "olderPageURL": olderPageURL
        case "newerPageLabel": newerPageLabel
        case "olderPageLabel": olderPageLabel
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "backLabel": backLabel
        case "nextURL": nextURL
        case "nextLabel": nextLabel
        case "id": id
        case "date": date
        case "email": email
        case "name": self.name
        case "total": total
        case "phone": phone
        case "shipmentAddress": shipmentAddress
        case "shipmentMethod": shipmentMethod
        case "billingAddress": billingAddress
        case "cardNumber": cardNumber
        case "expirationDate": expirationDate
        case "createdBy": createdBy
        case "lastChanged": lastChanged
        case "editURL": editURL
        case "historyURL": historyURL
        case "slipURL": slipURL
        case "deleteURL": deleteURL
        case "ordersURL": ordersURL
        case "status": status
        case "statusClass": statusClass
        case "statusButton": statusButton
        case "shipURL": shipURL
        case "customerURL": customerURL
        case "newDraftURL": newDraftURL
        case "repeatURL": repeatURL
        case "startDraftKey": startDraftKey
        case "shipment": shipment
        case "undo": undo
        case "reprintSlipURL": reprintSlipURL
        case "savedBanner": savedBanner
        case "statusURL": statusURL
        case "version": version
        case "cancelURL": cancelURL
        case "requestCancelURL": requestCancelURL
        case "cancellationRequest": cancellationRequest
        case "cancellationReason": cancellationReason
        case "readOnlyNotice": readOnlyNotice
        case "timeline": timeline
        case "noteURL": noteURL
        case "noteHint": noteHint
        case "csrfToken": csrfToken
        case "confirmation": confirmation
        case "lines": lines
        case "itemsNote": itemsNote
        case "totals": totals
        case "itemForms": itemForms
        case "errors": errors
        case "hasErrors": hasErrors
        case "formMessage": formMessage
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedItemForms: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "lines": lines
        case "quantitiesURL": quantitiesURL
        case "addLineURL": addLineURL
        case "addSKU": addSKU
        case "addQuantity": addQuantity
        case "addSKUError": addSKUError
        case "addQuantityError": addQuantityError
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedItemForms.Line: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "quantityID": quantityID
        case "quantityName": quantityName
        case "quantity": quantity
        case "removeURL": removeURL
        case "priceURL": priceURL
        case "priceID": priceID
        case "reasonID": reasonID
        case "price": price
        case "reason": reason
        case "quantityError": quantityError
        case "priceError": priceError
        case "reasonError": reasonError
        case "priceOpen": priceOpen
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedLine: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "quantity": quantity
        case "unitPrice": unitPrice
        case "priceNote": priceNote
        case "amount": amount
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedTotals: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "subtotal": subtotal
        case "shipping": shipping
        case "taxLabel": taxLabel
        case "tax": tax
        case "total": total
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedCancellationRequest: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "asked": asked
        case "reason": reason
        case "decisionURL": decisionURL
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedUndo: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "message": message
        case "label": label
        case "url": url
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedShipment: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "shippedOn": shippedOn
        case "carrier": carrier
        case "trackingNumber": trackingNumber
        case "trackingURL": trackingURL
        case "trackingLabel": trackingLabel
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.TimelineEntry: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "by": by
        case "date": date
        case "machineDate": machineDate
        case "text": text
        case "changes": changes
        case "hasChanges": !changes.isEmpty
        case "noChanges": noChanges
        case "batchURL": batchURL
        case "batchLabel": batchLabel
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.StatusButton: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "label": label
        case "action": action
        default: nil
        }
    }
}

extension ShowOrder.GetOrder.ViewModel.DisplayedConfirmation: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "orderNumber": orderNumber
        case "confirmationNote": confirmationNote
        case "createAnotherURL": createAnotherURL
        default: nil
        }
    }
}

extension CreateOrderViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm.ShippingMethod: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "value": value
        case "name": self.name
        case "selected": selected
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "submitLabel": submitLabel
        case "action": action
        case "cancelURL": cancelURL
        case "version": version
        case "errors": errors
        case "formMessage": formMessage
        case "fields": fields
        case "billingAddressSameAsShipping": billingAddressSameAsShipping
        case "shippingMethods": shippingMethods
        case "notice": notice
        case "hasErrors": hasErrors
        case "base": base
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm.DisplayedField: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        case "errorMessage": errorMessage
        case "typedValue": typedValue
        case "theirChange": theirChange
        case "hint": hint
        case "describedBy": describedBy
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm.TheirChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "who": who
        case "value": value
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm.HiddenValue: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "value": value
        default: nil
        }
    }
}

extension CreateOrder.DisplayedForm.DisplayedError: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "message": message
        default: nil
        }
    }
}

extension DeleteOrderViewController.ConfirmationPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "order": order
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "date": date
        case "name": self.name
        case "email": email
        case "total": total
        case "deleteURL": deleteURL
        case "orderURL": orderURL
        default: nil
        }
    }
}
