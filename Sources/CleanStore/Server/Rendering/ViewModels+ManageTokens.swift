import Mustache

// What `Views/ManageTokens/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`), its roles EditAccount's.
extension ManageTokensViewController.TokensPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "page": { $0.page },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ManageTokens.DisplayedPage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "username": { $0.username },
        "displayName": { $0.displayName },
        "role": { $0.role },
        "tokens": { $0.tokens },
        "emptyMessage": { $0.emptyMessage },
        "form": { $0.form },
        "accountURL": { $0.accountURL },
    ]
}

extension ManageTokens.DisplayedToken: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "name": { $0.name },
        "prefix": { $0.prefix },
        "role": { $0.role },
        "expires": { $0.expires },
        "lastUsed": { $0.lastUsed },
        "status": { $0.status },
        "revokeURL": { $0.revokeURL },
        "revokeLabel": { $0.revokeLabel },
    ]
}

extension ManageTokens.DisplayedForm: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "errors": { $0.errors },
        "formMessage": { $0.formMessage },
        "name": { $0.name },
        "roles": { $0.roles },
        "roleError": { $0.roleError },
        "expiresDays": { $0.expiresDays },
        "action": { $0.action },
        "hasErrors": { $0.hasErrors },
    ]
}

extension ManageTokens.DisplayedSecret: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "secret": { $0.secret },
        "instructions": { $0.instructions },
        "backURL": { $0.backURL },
    ]
}

extension ManageTokensViewController.RevokePage: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "revoke": { $0.revoke },
        "csrfToken": { $0.csrfToken },
    ]
}

extension ManageTokens.DisplayedRevoke: TemplateParent {
    static let templateFields: TemplateFields<Self> = [
        "heading": { $0.heading },
        "details": { $0.details },
        "action": { $0.action },
        "cancelURL": { $0.cancelURL },
    ]
}
