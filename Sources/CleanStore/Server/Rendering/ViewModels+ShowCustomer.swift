import Mustache

// What `Views/ShowCustomer/show.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ShowCustomer.DisplayedCustomer: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "phone": { $0.phone },
        "email": { $0.email },
        "shippingLines": { $0.shippingLines },
        "billingLines": { $0.billingLines },
        "noAddress": { $0.noAddress },
        "note": { $0.note },
        "since": { $0.since },
        "orderCount": { $0.orderCount },
        "spend": { $0.spend },
        "orders": { $0.orders },
        "hasOrders": { $0.hasOrders },
        "ordersCaption": { $0.ordersCaption },
        "events": { $0.events },
        "customersURL": { $0.customersURL },
        "changeURL": { $0.changeURL },
        "mergeURL": { $0.mergeURL },
        "eraseURL": { $0.eraseURL },
        "mergedInto": { $0.mergedInto },
    ]
}

extension ShowCustomer.DisplayedSurvivor: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "url": { $0.url },
    ]
}

extension ShowCustomer.DisplayedOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "url": { $0.url },
        "date": { $0.date },
        "status": { $0.status },
        "statusClass": { $0.statusClass },
        "total": { $0.total },
    ]
}

extension ShowCustomer.DisplayedEvent: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "by": { $0.by },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "changes": { $0.changes },
        "hasChanges": { $0.hasChanges },
    ]
}

extension ShowCustomer.DisplayedChange: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "old": { $0.old },
        "new": { $0.new },
    ]
}
