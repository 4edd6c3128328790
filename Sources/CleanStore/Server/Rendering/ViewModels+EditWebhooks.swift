import Mustache

// What `Views/EditWebhooks/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). The URL's
// field is SignIn's (`ViewModels+SignIn.swift`).
extension EditWebhooksViewController.ListPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "list": list
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedList: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "endpoints": endpoints
        case "newURL": newURL
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedEndpointRow: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "link": link
        case "events": events
        case "state": state
        case "isEnabled": isEnabled
        default: nil
        }
    }
}

extension EditWebhooksViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "url": url
        case "events": events
        case "eventsError": eventsError
        case "errors": errors
        case "hasErrors": hasErrors
        case "formMessage": formMessage
        case "cancelURL": cancelURL
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedEvent: MustacheParent {
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

extension EditWebhooksViewController.SecretPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "secret": secret
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedSecret: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "secret": secret
        case "endpointURL": endpointURL
        case "listURL": listURL
        default: nil
        }
    }
}

extension EditWebhooksViewController.EndpointPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "endpoint": endpoint
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedEndpoint: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "url": url
        case "events": events
        case "secretHint": secretHint
        case "state": state
        case "isEnabled": isEnabled
        case "version": version
        case "action": action
        case "button": button
        case "conflictMessage": conflictMessage
        case "deliveries": deliveries
        case "listURL": listURL
        default: nil
        }
    }
}

extension EditWebhooks.DisplayedDelivery: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "event": event
        case "webhookID": webhookID
        case "orderID": orderID
        case "orderURL": orderURL
        case "created": created
        case "state": state
        case "tagClass": tagClass
        case "attempts": attempts
        case "lastAnswer": lastAnswer
        default: nil
        }
    }
}
