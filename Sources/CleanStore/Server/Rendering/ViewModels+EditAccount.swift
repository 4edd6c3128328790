import Mustache

// What `Views/EditAccount/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditAccountViewController.FormPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "form": { $0.form },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditAccount.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "username": { $0.username },
        "displayName": { $0.displayName },
        "roles": { $0.roles },
        "roleError": { $0.roleError },
        "action": { $0.action },
        "cancelURL": { $0.cancelURL },
        "hasErrors": { $0.hasErrors },
    ]
}

extension EditAccount.DisplayedRole: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "id": { $0.id },
        "value": { $0.value },
        "label": { $0.label },
        "hint": { $0.hint },
        "checked": { $0.checked },
    ]
}

extension EditAccount.DisplayedLink: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "link": { $0.link },
        "instructions": { $0.instructions },
        "accountURL": { $0.accountURL },
        "accountLinkText": { $0.accountLinkText },
        "accountsURL": { $0.accountsURL },
    ]
}

extension EditAccountViewController.AccountPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "account": { $0.account },
        "csrfToken": { $0.csrfToken },
    ]
}

extension EditAccount.DisplayedAccount: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "username": { $0.username },
        "displayName": { $0.displayName },
        "role": { $0.role },
        "status": { $0.status },
        "lastSignIn": { $0.lastSignIn },
        "added": { $0.added },
        "tokensURL": { $0.tokensURL },
        "roleForm": { $0.roleForm },
        "statusForm": { $0.statusForm },
        "resetForm": { $0.resetForm },
        "selfNote": { $0.selfNote },
        "accountsURL": { $0.accountsURL },
    ]
}

extension EditAccount.RoleForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "roles": { $0.roles },
    ]
}

extension EditAccount.ButtonForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "action": { $0.action },
        "button": { $0.button },
        "hint": { $0.hint },
        "isWarning": { $0.isWarning },
    ]
}
