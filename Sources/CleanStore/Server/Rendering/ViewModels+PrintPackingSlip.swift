import Mustache

// What `Views/PrintPackingSlip/slip.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension PrintPackingSlip.GetSlip.ViewModel.DisplayedSlip: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "orderID": { $0.orderID },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "status": { $0.status },
        "cancelledNotice": { $0.cancelledNotice },
        "shipTo": { $0.shipTo },
        "shipmentMethod": { $0.shipmentMethod },
        "orderURL": { $0.orderURL },
        "lines": { $0.lines },
        "itemsNote": { $0.itemsNote },
        "deliveryNotes": { $0.deliveryNotes },
    ]
}

extension PrintPackingSlip.GetSlip.ViewModel.DisplayedLine: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "quantity": { $0.quantity },
    ]
}
