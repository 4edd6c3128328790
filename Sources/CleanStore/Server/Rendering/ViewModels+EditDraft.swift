import Mustache

// What `Views/EditDraft/draft.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the template reads (the view controller's tests
// check both ways, with TemplateNameCheck). Its fields, errors and shipping methods are the order
// form's (`CreateOrder.DisplayedForm`).
extension EditDraftViewController.DraftPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "draft": { $0.draft },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditDraft.DisplayedDraft: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "hasErrors": { $0.hasErrors },
        "fields": { $0.fields },
        "billingAddressSameAsShipping": { $0.billingAddressSameAsShipping },
        "shippingMethods": { $0.shippingMethods },
        "sku": { $0.sku },
        "quantity": { $0.quantity },
        "lines": { $0.lines },
        "noLinesMessage": { $0.noLinesMessage },
        "totals": { $0.totals },
        "callerSearchText": { $0.callerSearchText },
        "callers": { $0.callers },
        "callersCaption": { $0.callersCaption },
        "noCallersMessage": { $0.noCallersMessage },
        "useCustomerAction": { $0.useCustomerAction },
        "fromCustomer": { $0.fromCustomer },
        "fromCustomerURL": { $0.fromCustomerURL },
        "callerFolded": { $0.callerFolded },
        "callerSummary": { $0.callerSummary },
        "searchText": { $0.searchText },
        "searchResults": { $0.searchResults },
        "noResultsMessage": { $0.noResultsMessage },
        "callerAction": { $0.callerAction },
        "deliveryAction": { $0.deliveryAction },
        "addLineAction": { $0.addLineAction },
        "quantitiesAction": { $0.quantitiesAction },
        "removeLineAction": { $0.removeLineAction },
        "priceAction": { $0.priceAction },
        "searchAction": { $0.searchAction },
        "checkURL": { $0.checkURL },
        "readyToCheck": { $0.readyToCheck },
        "draftsURL": { $0.draftsURL },
        "repeatNotice": { $0.repeatNotice },
        "repeatOrderURL": { $0.repeatOrderURL },
        "repeatOrderLabel": { $0.repeatOrderLabel },
        "repeatProblems": { $0.repeatProblems },
    ]
}

extension EditDraft.DisplayedLine: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "unitPrice": { $0.unitPrice },
        "priceNote": { $0.priceNote },
        "quantity": { $0.quantity },
        "quantityName": { $0.quantityName },
        "price": { $0.price },
        "reason": { $0.reason },
        "priceLegend": { $0.priceLegend },
        "savePriceLabel": { $0.savePriceLabel },
        "quantityLabel": { $0.quantityLabel },
        "amount": { $0.amount },
        "key": { $0.key },
        "removeLabel": { $0.removeLabel },
        "priceChanged": { $0.priceChanged },
    ]
}

extension EditDraft.DisplayedProduct: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "price": { $0.price },
        "addLabel": { $0.addLabel },
    ]
}

extension EditDraft.DisplayedTotals: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "subtotal": { $0.subtotal },
        "shipping": { $0.shipping },
        "tax": { $0.tax },
        "total": { $0.total },
    ]
}

extension EditDraft.DisplayedCaller: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "phone": { $0.phone },
        "city": { $0.city },
        "lastOrder": { $0.lastOrder },
        "id": { $0.id },
        "useLabel": { $0.useLabel },
    ]
}
