import Mustache

// What `Views/PlaceDraft/check.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck). Its fields and errors are the order form's.
extension PlaceDraftViewController.CheckPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "check": { $0.check },
        "csrfToken": { $0.csrfToken },
    ]
}

extension PlaceDraft.DisplayedCheck: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "hasErrors": { $0.hasErrors },
        "caller": { $0.caller },
        "delivery": { $0.delivery },
        "lines": { $0.lines },
        "totals": { $0.totals },
        "changeCallerURL": { $0.changeCallerURL },
        "changeItemsURL": { $0.changeItemsURL },
        "changeDeliveryURL": { $0.changeDeliveryURL },
        "problems": { $0.problems },
        "priceChanges": { $0.priceChanges },
        "pricesAction": { $0.pricesAction },
        "duplicateMessage": { $0.duplicateMessage },
        "duplicateURL": { $0.duplicateURL },
        "placeAnywayURL": { $0.placeAnywayURL },
        "canPlace": { $0.canPlace },
        "placeAction": { $0.placeAction },
        "fields": { $0.fields },
        "version": { $0.version },
        "orderKey": { $0.orderKey },
        "placeDuplicateAnyway": { $0.placeDuplicateAnyway },
        "saveCaller": { $0.saveCaller },
        "saveCallerHint": { $0.saveCallerHint },
    ]
}

extension PlaceDraft.DisplayedRow: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "key": { $0.key },
        "value": { $0.value },
    ]
}

extension PlaceDraft.DisplayedLine: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "quantity": { $0.quantity },
        "unitPrice": { $0.unitPrice },
        "amount": { $0.amount },
    ]
}

extension PlaceDraft.DisplayedPriceChange: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "text": { $0.text },
        "line": { $0.line },
        "keepLabel": { $0.keepLabel },
        "useNewLabel": { $0.useNewLabel },
    ]
}
