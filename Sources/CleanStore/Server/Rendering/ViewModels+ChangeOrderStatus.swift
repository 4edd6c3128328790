import Mustache

// What `Views/ChangeOrderStatus/cancel.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ChangeOrderStatusViewController.CancelPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ChangeOrderStatus.CancelForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "summary": { $0.summary },
        "action": { $0.action },
        "formAction": { $0.formAction },
        "explanation": { $0.explanation },
        "question": { $0.question },
        "button": { $0.button },
        "version": { $0.version },
        "reason": { $0.reason },
        "reasonError": { $0.reasonError },
        "orderURL": { $0.orderURL },
        // The error summary partial's names.
        "hasErrors": { $0.hasErrors },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
    ]
}

extension ChangeOrderStatus.DisplayedError: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "field": { $0.field },
        "message": { $0.message },
    ]
}

extension ChangeOrderStatusViewController.ShipPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ChangeOrderStatus.ShipForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "summary": { $0.summary },
        "action": { $0.action },
        "version": { $0.version },
        "carriers": { $0.carriers },
        "carrierError": { $0.carrierError },
        "carrierOther": { $0.carrierOther },
        "carrierOtherError": { $0.carrierOtherError },
        "trackingNumber": { $0.trackingNumber },
        "trackingNumberError": { $0.trackingNumberError },
        "orderURL": { $0.orderURL },
        // The error summary partial's names.
        "hasErrors": { $0.hasErrors },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
    ]
}

extension ChangeOrderStatus.ShipForm.Carrier: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "value": { $0.value },
        "label": { $0.label },
        "checked": { $0.checked },
    ]
}

extension ChangeOrderStatusViewController.TrackingPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ChangeOrderStatus.TrackingForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "action": { $0.action },
        "version": { $0.version },
        "trackingNumber": { $0.trackingNumber },
        "trackingNumberError": { $0.trackingNumberError },
        "orderURL": { $0.orderURL },
        // The error summary partial's names.
        "hasErrors": { $0.hasErrors },
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
    ]
}
