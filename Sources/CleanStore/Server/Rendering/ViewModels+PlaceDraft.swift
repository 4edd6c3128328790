import Mustache

// What `Views/PlaceDraft/check.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck). Its fields and errors are the order form's.
extension PlaceDraftViewController.CheckPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "check": check
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension PlaceDraft.DisplayedCheck: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "errors": errors
        case "formMessage": formMessage
        case "hasErrors": hasErrors
        case "caller": caller
        case "delivery": delivery
        case "lines": lines
        case "totals": totals
        case "changeCallerURL": changeCallerURL
        case "changeItemsURL": changeItemsURL
        case "changeDeliveryURL": changeDeliveryURL
        case "problems": problems
        case "priceChanges": priceChanges
        case "pricesAction": pricesAction
        case "duplicateMessage": duplicateMessage
        case "duplicateURL": duplicateURL
        case "placeAnywayURL": placeAnywayURL
        case "canPlace": canPlace
        case "placeAction": placeAction
        case "fields": fields
        case "version": version
        case "orderKey": orderKey
        case "placeDuplicateAnyway": placeDuplicateAnyway
        case "saveCaller": saveCaller
        case "saveCallerHint": saveCallerHint
        default: nil
        }
    }
}

extension PlaceDraft.DisplayedRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "key": key
        case "value": value
        default: nil
        }
    }
}

extension PlaceDraft.DisplayedLine: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "quantity": quantity
        case "unitPrice": unitPrice
        case "amount": amount
        default: nil
        }
    }
}

extension PlaceDraft.DisplayedPriceChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "text": text
        case "line": line
        case "keepLabel": keepLabel
        case "useNewLabel": useNewLabel
        default: nil
        }
    }
}
