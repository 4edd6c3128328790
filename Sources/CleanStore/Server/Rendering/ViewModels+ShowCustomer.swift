import Mustache

// What `Views/ShowCustomer/show.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ShowCustomer.DisplayedCustomer: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "phone": phone
        case "email": email
        case "shippingLines": shippingLines
        case "billingLines": billingLines
        case "noAddress": noAddress
        case "note": note
        case "since": since
        case "orderCount": orderCount
        case "spend": spend
        case "orders": orders
        case "hasOrders": hasOrders
        case "ordersCaption": ordersCaption
        case "events": events
        case "customersURL": customersURL
        case "changeURL": changeURL
        case "mergeURL": mergeURL
        case "eraseURL": eraseURL
        case "mergedInto": mergedInto
        default: nil
        }
    }
}

extension ShowCustomer.DisplayedSurvivor: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "url": url
        default: nil
        }
    }
}

extension ShowCustomer.DisplayedOrder: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "url": url
        case "date": date
        case "status": status
        case "statusClass": statusClass
        case "total": total
        default: nil
        }
    }
}

extension ShowCustomer.DisplayedEvent: MustacheParent {
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

extension ShowCustomer.DisplayedChange: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "old": old
        case "new": new
        default: nil
        }
    }
}
