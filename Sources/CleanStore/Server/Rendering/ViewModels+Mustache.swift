import Mustache

// The view models, as the templates read them: each type's table (`TemplateFields`) maps the
// names its templates read to a closure reading the property, which `CompiledTemplates` resolves
// once to an index per name, so that rendering a value reads the property directly, without a
// string comparison or a dynamic cast (see `TemplateParent`). The scenes' models stay plain
// structs; only the renderer's side knows the tables.
// Each table answers exactly the names the templates read of its view model, and every stored
// property is one of them, but a page's title, which the view controller hands to the layout:
// TemplateNamesTests (Tests/CleanStoreTests/Server) walks every template with a sample of its
// view model and fails on a name no table answers, and on a property or an entry no template reads.

extension PageRenderer.Layout: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "flash": { $0.flash },
        "body": { $0.body },
        "header": { $0.header },
        "ordersURL": { $0.ordersURL },
    ]
}

extension PageRenderer.Header: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "displayName": { $0.displayName },
        "role": { $0.role },
        "csrfToken": { $0.csrfToken },
        "ordersURL": { $0.ordersURL },
        "newOrderURL": { $0.newOrderURL },
        "draftsURL": { $0.draftsURL },
        "customersURL": { $0.customersURL },
        "productsURL": { $0.productsURL },
        "taxRatesURL": { $0.taxRatesURL },
        "accountsURL": { $0.accountsURL },
        "signOutURL": { $0.signOutURL },
        "sessionWarnAfter": { $0.sessionWarnAfter },
        "sessionEndsAfter": { $0.sessionEndsAfter },
    ]
}

extension ErrorPage.ViewModel: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "message": { $0.message },
        "ordersURL": { $0.ordersURL },
        "orderURL": { $0.orderURL },
        "orderLinkText": { $0.orderLinkText },
    ]
}

extension ListOrders.FetchOrders.ViewModel: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "displayedOrders": { $0.displayedOrders },
        "pagination": { $0.pagination },
        "errorMessage": { $0.errorMessage },
        "newOrderURL": { $0.newOrderURL },
        "filters": { $0.filters },
        "columns": { $0.columns },
        "caption": { $0.caption },
        "noMatchMessage": { $0.noMatchMessage },
        "exportURL": { $0.exportURL },
        "resultCount": { $0.resultCount },
        "focusResultCount": { $0.focusResultCount },
        "tabs": { $0.tabs },
        "bulk": { $0.bulk },
        "bulkProblem": { $0.bulkProblem },
    ]
}

extension ListOrders.FetchTabs.ViewModel.Tabs: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "tabs": { $0.tabs },
        "saveURL": { $0.saveURL },
        "manageURL": { $0.manageURL },
    ]
}

extension ListOrders.FetchTabs.ViewModel.Tab: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "count": { $0.count },
        "url": { $0.url },
        "current": { $0.current },
    ]
}

extension ListOrders.FetchOrders.ViewModel.Filters: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "text": { $0.text },
        "textError": { $0.textError },
        "shippingOptions": { $0.shippingOptions },
        "statusOptions": { $0.statusOptions },
        "cancellationRequested": { $0.cancellationRequested },
        "from": { $0.from },
        "fromError": { $0.fromError },
        "to": { $0.to },
        "toError": { $0.toError },
        "sortOptions": { $0.sortOptions },
        "open": { $0.open },
        "tags": { $0.tags },
        "clearURL": { $0.clearURL },
    ]
}

extension ListOrders.FetchOrders.ViewModel.Option: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "value": { $0.value },
        "label": { $0.label },
        "checked": { $0.checked },
    ]
}

extension ListOrders.FetchOrders.ViewModel.Tag: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "removeURL": { $0.removeURL },
    ]
}

extension ListOrders.FetchOrders.ViewModel.Column: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "ariaSort": { $0.ariaSort },
        "className": { $0.className },
    ]
}

extension ListOrders.FetchOrders.ViewModel.DisplayedOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "url": { $0.url },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "name": { $0.name },
        "phone": { $0.phone },
        "total": { $0.total },
        "status": { $0.status },
        "statusClass": { $0.statusClass },
        "shipped": { $0.shipped },
        "selectValue": { $0.selectValue },
        "selectLabel": { $0.selectLabel },
    ]
}

extension ListOrders.FetchOrders.ViewModel.BulkForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "move": { $0.move },
        "list": { $0.list },
        "button": { $0.button },
        "hint": { $0.hint },
        "errors": { $0.errors },
        "hasErrors": { $0.hasErrors },
        "formMessage": { $0.formMessage },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ListOrders.FetchOrders.ViewModel.ErrorLink: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "message": { $0.message },
    ]
}

extension ListOrders.FetchOrders.ViewModel.Pagination: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "newerPageURL": { $0.newerPageURL },
        "olderPageURL": { $0.olderPageURL },
        "newerPageLabel": { $0.newerPageLabel },
        "olderPageLabel": { $0.olderPageLabel },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "backLabel": { $0.backLabel },
        "nextURL": { $0.nextURL },
        "nextLabel": { $0.nextLabel },
        "id": { $0.id },
        "date": { $0.date },
        "email": { $0.email },
        "name": { $0.name },
        "total": { $0.total },
        "phone": { $0.phone },
        "shipmentAddress": { $0.shipmentAddress },
        "shipmentMethod": { $0.shipmentMethod },
        "billingAddress": { $0.billingAddress },
        "cardNumber": { $0.cardNumber },
        "expirationDate": { $0.expirationDate },
        "createdBy": { $0.createdBy },
        "lastChanged": { $0.lastChanged },
        "editURL": { $0.editURL },
        "historyURL": { $0.historyURL },
        "slipURL": { $0.slipURL },
        "deleteURL": { $0.deleteURL },
        "ordersURL": { $0.ordersURL },
        "status": { $0.status },
        "statusClass": { $0.statusClass },
        "statusButton": { $0.statusButton },
        "shipURL": { $0.shipURL },
        "customerURL": { $0.customerURL },
        "newDraftURL": { $0.newDraftURL },
        "repeatURL": { $0.repeatURL },
        "startDraftKey": { $0.startDraftKey },
        "shipment": { $0.shipment },
        "undo": { $0.undo },
        "reprintSlipURL": { $0.reprintSlipURL },
        "savedBanner": { $0.savedBanner },
        "statusURL": { $0.statusURL },
        "version": { $0.version },
        "cancelURL": { $0.cancelURL },
        "requestCancelURL": { $0.requestCancelURL },
        "cancellationRequest": { $0.cancellationRequest },
        "cancellationReason": { $0.cancellationReason },
        "readOnlyNotice": { $0.readOnlyNotice },
        "timeline": { $0.timeline },
        "noteURL": { $0.noteURL },
        "noteHint": { $0.noteHint },
        "csrfToken": { $0.csrfToken },
        "confirmation": { $0.confirmation },
        "lines": { $0.lines },
        "itemsNote": { $0.itemsNote },
        "totals": { $0.totals },
        "itemForms": { $0.itemForms },
        "errors": { $0.errors },
        "hasErrors": { $0.hasErrors },
        "formMessage": { $0.formMessage },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedItemForms: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "lines": { $0.lines },
        "quantitiesURL": { $0.quantitiesURL },
        "addLineURL": { $0.addLineURL },
        "addSKU": { $0.addSKU },
        "addQuantity": { $0.addQuantity },
        "addSKUError": { $0.addSKUError },
        "addQuantityError": { $0.addQuantityError },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedItemForms.Line: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "quantityID": { $0.quantityID },
        "quantityName": { $0.quantityName },
        "quantity": { $0.quantity },
        "removeURL": { $0.removeURL },
        "priceURL": { $0.priceURL },
        "priceID": { $0.priceID },
        "reasonID": { $0.reasonID },
        "price": { $0.price },
        "reason": { $0.reason },
        "quantityError": { $0.quantityError },
        "priceError": { $0.priceError },
        "reasonError": { $0.reasonError },
        "priceOpen": { $0.priceOpen },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedLine: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "sku": { $0.sku },
        "name": { $0.name },
        "quantity": { $0.quantity },
        "unitPrice": { $0.unitPrice },
        "priceNote": { $0.priceNote },
        "amount": { $0.amount },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedTotals: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "subtotal": { $0.subtotal },
        "shipping": { $0.shipping },
        "taxLabel": { $0.taxLabel },
        "tax": { $0.tax },
        "total": { $0.total },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedCancellationRequest: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "asked": { $0.asked },
        "reason": { $0.reason },
        "decisionURL": { $0.decisionURL },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedUndo: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "message": { $0.message },
        "label": { $0.label },
        "url": { $0.url },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedShipment: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "shippedOn": { $0.shippedOn },
        "carrier": { $0.carrier },
        "trackingNumber": { $0.trackingNumber },
        "trackingURL": { $0.trackingURL },
        "trackingLabel": { $0.trackingLabel },
    ]
}

extension ShowOrder.GetOrder.ViewModel.TimelineEntry: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "by": { $0.by },
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "text": { $0.text },
        "changes": { $0.changes },
        "hasChanges": { !$0.changes.isEmpty },
        "noChanges": { $0.noChanges },
        "batchURL": { $0.batchURL },
        "batchLabel": { $0.batchLabel },
    ]
}

extension ShowOrder.GetOrder.ViewModel.StatusButton: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "label": { $0.label },
        "action": { $0.action },
    ]
}

extension ShowOrder.GetOrder.ViewModel.DisplayedConfirmation: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "orderNumber": { $0.orderNumber },
        "confirmationNote": { $0.confirmationNote },
        "createAnotherURL": { $0.createAnotherURL },
    ]
}

extension CreateOrderViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension CreateOrder.DisplayedForm.ShippingMethod: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "value": { $0.value },
        "name": { $0.name },
        "selected": { $0.selected },
    ]
}

extension CreateOrder.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "submitLabel": { $0.submitLabel },
        "action": { $0.action },
        "cancelURL": { $0.cancelURL },
        "version": { $0.version },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "fields": { $0.fields },
        "billingAddressSameAsShipping": { $0.billingAddressSameAsShipping },
        "shippingMethods": { $0.shippingMethods },
        "notice": { $0.notice },
        "hasErrors": { $0.hasErrors },
        "base": { $0.base },
    ]
}

extension CreateOrder.DisplayedForm.DisplayedField: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "value": { $0.value },
        "errorMessage": { $0.errorMessage },
        "typedValue": { $0.typedValue },
        "theirChange": { $0.theirChange },
        "hint": { $0.hint },
        "describedBy": { $0.describedBy },
    ]
}

extension CreateOrder.DisplayedForm.TheirChange: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "who": { $0.who },
        "value": { $0.value },
    ]
}

extension CreateOrder.DisplayedForm.HiddenValue: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "value": { $0.value },
    ]
}

extension CreateOrder.DisplayedForm.DisplayedError: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "message": { $0.message },
    ]
}

extension DeleteOrderViewController.ConfirmationPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "order": { $0.order },
        "csrfToken": { $0.csrfToken },
    ]
}

extension DeleteOrder.GetOrderToDelete.ViewModel.DisplayedOrder: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "date": { $0.date },
        "name": { $0.name },
        "email": { $0.email },
        "total": { $0.total },
        "deleteURL": { $0.deleteURL },
        "orderURL": { $0.orderURL },
    ]
}
