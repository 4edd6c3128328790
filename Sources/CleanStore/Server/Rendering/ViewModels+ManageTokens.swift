import Mustache

// What `Views/ManageTokens/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`), its roles EditAccount's.
extension ManageTokensViewController.TokensPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "page": page
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ManageTokens.DisplayedPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "username": username
        case "displayName": displayName
        case "role": role
        case "tokens": tokens
        case "emptyMessage": emptyMessage
        case "form": form
        case "accountURL": accountURL
        default: nil
        }
    }
}

extension ManageTokens.DisplayedToken: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "name": self.name
        case "prefix": prefix
        case "role": role
        case "expires": expires
        case "lastUsed": lastUsed
        case "status": status
        case "revokeURL": revokeURL
        case "revokeLabel": revokeLabel
        default: nil
        }
    }
}

extension ManageTokens.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "errors": errors
        case "formMessage": formMessage
        case "name": self.name
        case "roles": roles
        case "roleError": roleError
        case "expiresDays": expiresDays
        case "action": action
        case "hasErrors": hasErrors
        default: nil
        }
    }
}

extension ManageTokens.DisplayedSecret: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "secret": secret
        case "instructions": instructions
        case "backURL": backURL
        default: nil
        }
    }
}

extension ManageTokensViewController.RevokePage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "revoke": revoke
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension ManageTokens.DisplayedRevoke: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "details": details
        case "action": action
        case "cancelURL": cancelURL
        default: nil
        }
    }
}
