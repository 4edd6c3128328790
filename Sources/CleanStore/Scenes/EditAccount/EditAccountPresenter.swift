import Foundation

protocol EditAccountPresentationLogic: AnyObject {
    func presentNewForm(response: EditAccount.ShowNewForm.Response)
    func presentAddedAccount(response: EditAccount.AddAccount.Response)
    func presentAccount(response: EditAccount.GetAccount.Response)
    func presentChange(response: EditAccount.ChangeAccount.Response)
}

/// An account's pages in words: GOV.UK's question pages (errors by field, radios for the role), the
/// one-time link in a panel, shown once.
final class EditAccountPresenter: EditAccountPresentationLogic {
    weak var viewController: EditAccountDisplayLogic?
    let formatter: OrderDisplayFormatter

    init(formatter: OrderDisplayFormatter) {
        self.formatter = formatter
    }

    static let busyMessage = "Too many passwords are being checked at this moment, so no account was added. Try again in a few seconds."
    static let unavailableMessage = "The accounts could not be reached, so no account was added. Try again in a moment."

    static let roleHints: [AccountRole: String] = [
        .viewer: "Reads orders, the catalog and the tax table",
        .clerk: "Also takes orders, changes them and adds notes",
        .supervisor: "Also cancels and deletes orders, and manages the catalog, the tax table and accounts",
    ]

    func presentNewForm(response: EditAccount.ShowNewForm.Response) {
        viewController?.displayNewForm(viewModel: .form(displayedForm(EditAccount.AccountFormFields(role: AccountRole.clerk.rawValue))))
    }

    func presentAddedAccount(response: EditAccount.AddAccount.Response) {
        switch response {
        case .added(let account, let token, let origin, let expires):
            viewController?.displayAddedAccount(
                viewModel: .link(
                    displayedLink(
                        account, token: token, origin: origin, expires: expires, title: "Account added",
                        heading: "Account \(account.username) added")))
        case .invalid(let fields, let problems):
            viewController?.displayAddedAccount(viewModel: .form(displayedForm(fields, problems: problems), invalid: true))
        case .unavailable(let fields):
            var form = displayedForm(fields)
            form.formMessage = Self.unavailableMessage
            form.title = "Error: " + form.title
            viewController?.displayAddedAccount(viewModel: .unavailable(form))
        case .busy(let fields, let seconds):
            var form = displayedForm(fields)
            form.formMessage = Self.busyMessage
            form.title = "Error: " + form.title
            viewController?.displayAddedAccount(viewModel: .busy(form, retryAfterSeconds: seconds))
        }
    }

    func presentAccount(response: EditAccount.GetAccount.Response) {
        switch response {
        case .account(let account, let lastSignIn, let isSelf):
            let username = account.username
            let page = EditAccount.DisplayedAccount(
                title: "Account \(username)", username: username, displayName: account.displayName,
                role: ListAccountsPresenter.roleName(account.role), status: account.isDisabled ? "Disabled" : "Active",
                lastSignIn: lastSignIn.map(formatter.longDateAndTime) ?? "Never", added: formatter.longDateAndTime(account.createdAt),
                roleForm: isSelf ? nil : EditAccount.RoleForm(action: Paths.accountRole(username), roles: roles(checked: account.role.rawValue)),
                statusForm: isSelf
                    ? nil
                    : account.isDisabled
                        ? EditAccount.ButtonForm(
                            action: Paths.enableAccount(username), button: "Enable account",
                            hint: "The account can sign in again with its password.", isWarning: false)
                        : EditAccount.ButtonForm(
                            action: Paths.disableAccount(username), button: "Disable account",
                            hint: "The account is signed out everywhere and cannot sign in until it is enabled. Nothing it did is lost.",
                            isWarning: true),
                resetForm: EditAccount.ButtonForm(
                    action: Paths.resetPassword(username), button: "Reset password",
                    hint:
                        "Makes a new one-time link to set a password, shown to you once. The current password stops working at once and the account is signed out everywhere.",
                    isWarning: false),
                selfNote: isSelf ? "This is your account: another supervisor can change its role or disable it." : nil)
            viewController?.displayAccount(viewModel: .account(page))
        case .notFound: viewController?.displayAccount(viewModel: .notFound)
        case .unavailable: viewController?.displayAccount(viewModel: .unavailable)
        }
    }

    func presentChange(response: EditAccount.ChangeAccount.Response) {
        switch response {
        case .changed(let account, let change):
            let flash: String
            switch change {
            case .role(let role): flash = "Account \(account.username) is now a \(role.rawValue)."
            case .disable: flash = "Account \(account.username) is disabled: it is signed out everywhere."
            case .enable: flash = "Account \(account.username) is enabled: it can sign in again."
            case .resetPassword: flash = "The password of \(account.username) is reset."
            }
            viewController?.displayChange(viewModel: .changed(username: account.username, flash: flash))
        case .reset(let account, let token, let origin, let expires):
            viewController?.displayChange(
                viewModel: .link(
                    displayedLink(
                        account, token: token, origin: origin, expires: expires, title: "Password reset",
                        heading: "New password link for \(account.username)")))
        case .refused(let username, let refusal):
            viewController?.displayChange(viewModel: .refused(.accountChangeRefused(username: username, refusal)))
        case .notFound: viewController?.displayChange(viewModel: .notFound)
        case .badRequest: viewController?.displayChange(viewModel: .badRequest)
        case .unavailable, .busy: viewController?.displayChange(viewModel: .unavailable)
        }
    }

    private func displayedLink(
        _ account: Account, token: String, origin: String, expires: Date, title: String, heading: String
    ) -> EditAccount.DisplayedLink {
        EditAccount.DisplayedLink(
            title: title, heading: heading,
            link: origin + Paths.setPassword.description + Paths.query([("token", token)]),
            instructions:
                "Give this link to \(account.displayName) (\(account.username)) to choose a password with. It works once, until \(formatter.longDateAndTime(expires)). It is shown only now: if it is lost, reset the password for a new one.",
            accountURL: Paths.editAccount(account.username), accountLinkText: "Go to account \(account.username)")
    }

    private func roles(checked: String, errorMessage: String? = nil) -> [EditAccount.DisplayedRole] {
        // The first radio's id is the field's name (the error summary links to it).
        AccountRole.allCases.map { role in
            EditAccount.DisplayedRole(
                id: role == AccountRole.allCases.first ? "role" : "role-\(role.rawValue)", value: role.rawValue, label: ListAccountsPresenter.roleName(role),
                hint: Self.roleHints[role] ?? "", checked: role.rawValue == checked)
        }
    }

    private func displayedForm(_ fields: EditAccount.AccountFormFields, problems: [EditAccount.FieldProblem] = []) -> EditAccount.DisplayedForm {
        func field(_ key: EditAccount.AccountFormFields.CodingKeys, _ value: String, hint: String? = nil) -> SignIn.DisplayedField {
            SignIn.DisplayedField(name: key.rawValue, value: value, errorMessage: problems.first { $0.field == key }?.message, hint: hint)
        }
        return EditAccount.DisplayedForm(
            title: problems.isEmpty ? "Add an account" : "Error: Add an account",
            errors: problems.map { SignIn.DisplayedError(field: $0.field.rawValue, message: $0.message) },
            formMessage: nil,
            username: field(
                .username, fields.username, hint: "Letters a–z, digits and . _ - @. It is how they sign in, and it cannot be changed."),
            displayName: field(.displayName, fields.displayName, hint: "How pages and the history name them. The username if left blank."),
            roles: roles(checked: fields.role), roleError: problems.first { $0.field == .role }?.message)
    }
}
