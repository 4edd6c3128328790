import Mustache

// What `Views/ListAccounts/list.mustache` and `log.mustache` can read of the scene's view models,
// as in `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ListAccounts.DisplayedList: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "accounts": accounts
        case "newAccountURL": newAccountURL
        case "logURL": logURL
        default: nil
        }
    }
}

extension ListAccounts.DisplayedAccount: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "username": username
        case "displayName": displayName
        case "role": role
        case "lastSignIn": lastSignIn
        case "status": status
        case "isDisabled": isDisabled
        case "editURL": editURL
        default: nil
        }
    }
}

extension ListAccounts.DisplayedLog: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "title": title
        case "events": events
        case "emptyMessage": emptyMessage
        case "accountsURL": accountsURL
        case "newerURL": newerURL
        case "olderURL": olderURL
        case "hasPagination": hasPagination
        default: nil
        }
    }
}

extension ListAccounts.DisplayedEvent: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "date": date
        case "machineDate": machineDate
        case "by": by
        case "account": account
        case "what": what
        default: nil
        }
    }
}
