import Mustache

// What `Views/EditWebhooks/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). The URL's
// field is SignIn's (`ViewModels+SignIn.swift`).
extension EditWebhooksViewController.ListPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "list": { $0.list },
    ]
}

extension EditWebhooks.DisplayedList: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "endpoints": { $0.endpoints },
        "newURL": { $0.newURL },
    ]
}

extension EditWebhooks.DisplayedEndpointRow: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "url": { $0.url },
        "link": { $0.link },
        "events": { $0.events },
        "state": { $0.state },
        "isEnabled": { $0.isEnabled },
    ]
}

extension EditWebhooksViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditWebhooks.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "url": { $0.url },
        "events": { $0.events },
        "eventsError": { $0.eventsError },
        "errors": { $0.errors },
        "hasErrors": { $0.hasErrors },
        "formMessage": { $0.formMessage },
        "cancelURL": { $0.cancelURL },
    ]
}

extension EditWebhooks.DisplayedEvent: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "value": { $0.value },
        "label": { $0.label },
        "checked": { $0.checked },
    ]
}

extension EditWebhooksViewController.SecretPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "secret": { $0.secret },
    ]
}

extension EditWebhooks.DisplayedSecret: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "url": { $0.url },
        "secret": { $0.secret },
        "endpointURL": { $0.endpointURL },
        "listURL": { $0.listURL },
    ]
}

extension EditWebhooksViewController.EndpointPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "endpoint": { $0.endpoint },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditWebhooks.DisplayedEndpoint: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "url": { $0.url },
        "events": { $0.events },
        "secretHint": { $0.secretHint },
        "state": { $0.state },
        "isEnabled": { $0.isEnabled },
        "version": { $0.version },
        "action": { $0.action },
        "button": { $0.button },
        "conflictMessage": { $0.conflictMessage },
        "deliveries": { $0.deliveries },
        "listURL": { $0.listURL },
    ]
}

extension EditWebhooks.DisplayedDelivery: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "event": { $0.event },
        "webhookID": { $0.webhookID },
        "orderID": { $0.orderID },
        "orderURL": { $0.orderURL },
        "created": { $0.created },
        "state": { $0.state },
        "tagClass": { $0.tagClass },
        "attempts": { $0.attempts },
        "lastAnswer": { $0.lastAnswer },
    ]
}
