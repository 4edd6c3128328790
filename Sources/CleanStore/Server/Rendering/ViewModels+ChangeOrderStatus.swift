import Mustache

// What `Views/ChangeOrderStatus/cancel.mustache` can read of the scene's view model, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ChangeOrderStatusViewController.CancelPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ChangeOrderStatus.CancelForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "summary": summary
        case "action": action
        case "formAction": formAction
        case "explanation": explanation
        case "question": question
        case "button": button
        case "version": version
        case "reason": reason
        case "reasonError": reasonError
        case "orderURL": orderURL
        // The error summary partial's names.
        case "hasErrors": hasErrors
        case "errors": errors
        case "formMessage": formMessage
        default: nil
        }
    }
}

extension ChangeOrderStatus.DisplayedError: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "field": field
        case "message": message
        default: nil
        }
    }
}

extension ChangeOrderStatusViewController.ShipPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ChangeOrderStatus.ShipForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "summary": summary
        case "action": action
        case "version": version
        case "carriers": carriers
        case "carrierError": carrierError
        case "carrierOther": carrierOther
        case "carrierOtherError": carrierOtherError
        case "trackingNumber": trackingNumber
        case "trackingNumberError": trackingNumberError
        case "orderURL": orderURL
        // The error summary partial's names.
        case "hasErrors": hasErrors
        case "errors": errors
        case "formMessage": formMessage
        default: nil
        }
    }
}

extension ChangeOrderStatus.ShipForm.Carrier: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "value": value
        case "label": label
        case "checked": checked
        default: nil
        }
    }
}

extension ChangeOrderStatusViewController.TrackingPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ChangeOrderStatus.TrackingForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "action": action
        case "version": version
        case "trackingNumber": trackingNumber
        case "trackingNumberError": trackingNumberError
        case "orderURL": orderURL
        // The error summary partial's names.
        case "hasErrors": hasErrors
        case "errors": errors
        case "formMessage": formMessage
        default: nil
        }
    }
}
