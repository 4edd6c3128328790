import Mustache

// What `Views/PrintPackingSlip/slip.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension PrintPackingSlip.GetSlip.ViewModel.DisplayedSlip: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "orderID": orderID
        case "date": date
        case "machineDate": machineDate
        case "status": status
        case "cancelledNotice": cancelledNotice
        case "shipTo": shipTo
        case "shipmentMethod": shipmentMethod
        case "orderURL": orderURL
        case "lines": lines
        case "itemsNote": itemsNote
        case "deliveryNotes": deliveryNotes
        default: nil
        }
    }
}

extension PrintPackingSlip.GetSlip.ViewModel.DisplayedLine: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "sku": sku
        case "name": self.name
        case "quantity": quantity
        default: nil
        }
    }
}
