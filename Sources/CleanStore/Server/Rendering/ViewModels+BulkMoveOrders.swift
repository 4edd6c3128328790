import Mustache

// What `Views/BulkMoveOrders/confirm.mustache` and `result.mustache` can read of the scene's view
// models, as in `ViewModels+Mustache.swift`: exactly the names the templates read (the view
// controller's tests check both ways, with TemplateNameCheck).
extension BulkMoveOrdersViewController.ConfirmationPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension BulkMoveOrders.Confirmation: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "move": move
        case "key": key
        case "list": list
        case "listURL": listURL
        case "orders": orders
        case "carriers": carriers
        case "carrierError": carrierError
        case "carrierOther": carrierOther
        case "carrierOtherError": carrierOtherError
        case "button": button
        case "errors": errors
        case "hasErrors": hasErrors
        case "formMessage": formMessage
        default: nil
        }
    }
}

extension BulkMoveOrders.ConfirmedOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "url": url
        case "field": field
        case "name": self.name
        case "status": status
        case "total": total
        default: nil
        }
    }
}

extension BulkMoveOrders.Result: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "summary": summary
        case "moved": moved
        case "movedHeading": movedHeading
        case "done": done
        case "doneHeading": doneHeading
        case "notMoved": notMoved
        case "notMovedHeading": notMovedHeading
        case "unfinished": unfinished
        case "trackingHint": trackingHint
        case "listURL": listURL
        case "listLabel": listLabel
        default: nil
        }
    }
}

extension BulkMoveOrders.ResultOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "url": url
        case "name": self.name
        case "reason": reason
        default: nil
        }
    }
}
