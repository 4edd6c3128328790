import Mustache

// What `Views/ListAccounts/list.mustache` and `log.mustache` can read of the scene's view models,
// as in `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests).
extension ListAccounts.DisplayedList: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "accounts": { $0.accounts },
        "newAccountURL": { $0.newAccountURL },
        "logURL": { $0.logURL },
    ]
}

extension ListAccounts.DisplayedAccount: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "username": { $0.username },
        "displayName": { $0.displayName },
        "role": { $0.role },
        "lastSignIn": { $0.lastSignIn },
        "status": { $0.status },
        "isDisabled": { $0.isDisabled },
        "editURL": { $0.editURL },
    ]
}

extension ListAccounts.DisplayedLog: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "title": { $0.title },
        "events": { $0.events },
        "emptyMessage": { $0.emptyMessage },
        "accountsURL": { $0.accountsURL },
        "newerURL": { $0.newerURL },
        "olderURL": { $0.olderURL },
        "hasPagination": { $0.hasPagination },
    ]
}

extension ListAccounts.DisplayedEvent: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "date": { $0.date },
        "machineDate": { $0.machineDate },
        "by": { $0.by },
        "account": { $0.account },
        "what": { $0.what },
    ]
}
