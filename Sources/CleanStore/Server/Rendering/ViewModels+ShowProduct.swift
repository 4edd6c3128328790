import Mustache

// What `Views/ShowProduct/show.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ShowProduct.DisplayedProduct: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "price": price
        case "taxable": taxable
        case "status": status
        case "stock": stock
        case "stockNotTracked": stockNotTracked
        case "events": events
        case "productsURL": productsURL
        case "changeURL": changeURL
        case "activeForm": activeForm
        default: nil
        }
    }
}

extension ShowProduct.DisplayedActiveForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "version": version
        case "button": button
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ShowProduct.DisplayedStock: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "onHand": onHand
        case "committed": committed
        case "available": available
        case "backorder": backorder
        default: nil
        }
    }
}

extension ShowProduct.DisplayedEvent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "by": by
        case "date": date
        case "machineDate": machineDate
        case "changes": changes
        case "hasChanges": hasChanges
        default: nil
        }
    }
}

extension ShowProduct.DisplayedChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "old": old
        case "new": new
        default: nil
        }
    }
}
