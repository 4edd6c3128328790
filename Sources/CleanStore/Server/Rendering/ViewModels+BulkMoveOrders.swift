import Mustache

// What `Views/BulkMoveOrders/confirm.mustache` and `result.mustache` can read of the scene's view
// models, as in `ViewModels+Mustache.swift`: exactly the names the templates read (the view
// controller's tests check both ways, with TemplateNameCheck).
extension BulkMoveOrdersViewController.ConfirmationPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension BulkMoveOrders.Confirmation: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "action": { $0.action },
        "move": { $0.move },
        "key": { $0.key },
        "list": { $0.list },
        "listURL": { $0.listURL },
        "orders": { $0.orders },
        "carriers": { $0.carriers },
        "carrierError": { $0.carrierError },
        "carrierOther": { $0.carrierOther },
        "carrierOtherError": { $0.carrierOtherError },
        "button": { $0.button },
        "errors": { $0.errors },
        "hasErrors": { $0.hasErrors },
        "formMessage": { $0.formMessage },
    ]
}

extension BulkMoveOrders.ConfirmedOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "url": { $0.url },
        "field": { $0.field },
        "name": { $0.name },
        "status": { $0.status },
        "total": { $0.total },
    ]
}

extension BulkMoveOrders.Result: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "summary": { $0.summary },
        "moved": { $0.moved },
        "movedHeading": { $0.movedHeading },
        "done": { $0.done },
        "doneHeading": { $0.doneHeading },
        "notMoved": { $0.notMoved },
        "notMovedHeading": { $0.notMovedHeading },
        "unfinished": { $0.unfinished },
        "trackingHint": { $0.trackingHint },
        "listURL": { $0.listURL },
        "listLabel": { $0.listLabel },
    ]
}

extension BulkMoveOrders.ResultOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "url": { $0.url },
        "name": { $0.name },
        "reason": { $0.reason },
    ]
}
