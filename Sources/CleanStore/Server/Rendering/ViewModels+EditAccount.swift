import Mustache

// What `Views/EditAccount/*.mustache` can read of the scene's view models, as in
// `ViewModels+Mustache.swift`: exactly the names the templates read (TemplateNamesTests). Its
// fields are SignIn's (`ViewModels+SignIn.swift`).
extension EditAccountViewController.FormPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "form": form
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditAccount.DisplayedForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "errors": errors
        case "formMessage": formMessage
        case "username": username
        case "displayName": displayName
        case "roles": roles
        case "roleError": roleError
        case "action": action
        case "cancelURL": cancelURL
        case "hasErrors": hasErrors
        default: nil
        }
    }
}

extension EditAccount.DisplayedRole: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "id": id
        case "value": value
        case "label": label
        case "hint": hint
        case "checked": checked
        default: nil
        }
    }
}

extension EditAccount.DisplayedLink: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "heading": heading
        case "link": link
        case "instructions": instructions
        case "accountURL": accountURL
        case "accountLinkText": accountLinkText
        case "accountsURL": accountsURL
        default: nil
        }
    }
}

extension EditAccountViewController.AccountPage: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "account": account
        case "csrfToken": csrfToken
        default: nil
        }
    }
}

extension EditAccount.DisplayedAccount: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "username": username
        case "displayName": displayName
        case "role": role
        case "status": status
        case "lastSignIn": lastSignIn
        case "added": added
        case "tokensURL": tokensURL
        case "roleForm": roleForm
        case "statusForm": statusForm
        case "resetForm": resetForm
        case "selfNote": selfNote
        case "accountsURL": accountsURL
        default: nil
        }
    }
}

extension EditAccount.RoleForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "roles": roles
        default: nil
        }
    }
}

extension EditAccount.ButtonForm: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "action": action
        case "button": button
        case "hint": hint
        case "isWarning": isWarning
        default: nil
        }
    }
}
