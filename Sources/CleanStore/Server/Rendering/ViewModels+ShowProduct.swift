import Mustache

// What `Views/ShowProduct/show.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck).
extension ShowProduct.DisplayedProduct: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "price": { $0.price },
        "taxable": { $0.taxable },
        "status": { $0.status },
        "stock": { $0.stock },
        "stockNotTracked": { $0.stockNotTracked },
        "events": { $0.events },
        "productsURL": { $0.productsURL },
        "changeURL": { $0.changeURL },
        "activeForm": { $0.activeForm },
    ]
}

extension ShowProduct.DisplayedActiveForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "version": { $0.version },
        "button": { $0.button },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ShowProduct.DisplayedStock: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "onHand": { $0.onHand },
        "committed": { $0.committed },
        "available": { $0.available },
        "backorder": { $0.backorder },
    ]
}

extension ShowProduct.DisplayedEvent: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "by": { $0.by },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "changes": { $0.changes },
        "hasChanges": { $0.hasChanges },
    ]
}

extension ShowProduct.DisplayedChange: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "old": { $0.old },
        "new": { $0.new },
    ]
}
