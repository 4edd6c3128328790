import Foundation

protocol ManageTokensPresentationLogic: AnyObject {
    func presentTokens(response: ManageTokens.ShowTokens.Response)
    func presentMadeToken(response: ManageTokens.MakeToken.Response)
    func presentTokenToRevoke(response: ManageTokens.GetTokenToRevoke.Response)
    func presentRevokedToken(response: ManageTokens.RevokeToken.Response)
}

/// Tokens in words: dates as people read them, roles capitalised, a refused form's message beside
/// its field; a token is named by its name and prefix, never its secret (shown on one page only).
final class ManageTokensPresenter: ManageTokensPresentationLogic {
    weak var viewController: ManageTokensDisplayLogic?
    let formatter: OrderDisplayFormatter
    let now: @Sendable () -> Date

    init(formatter: OrderDisplayFormatter, now: @escaping @Sendable () -> Date) {
        self.formatter = formatter
        self.now = now
    }

    func presentTokens(response: ManageTokens.ShowTokens.Response) {
        switch response {
        case .tokens(let owner, let account, let tokens):
            viewController?.displayTokens(
                viewModel: .page(page(owner: owner, account: account, tokens: tokens, fields: .blank(for: account), refusal: nil)))
        case .notFound: viewController?.displayTokens(viewModel: .notFound)
        case .unavailable: viewController?.displayTokens(viewModel: .unavailable)
        }
    }

    func presentMadeToken(response: ManageTokens.MakeToken.Response) {
        switch response {
        case .made(let owner, let token, let secret):
            viewController?.displayMadeToken(
                viewModel: .made(
                    ManageTokens.DisplayedSecret(
                        title: "API token made", heading: "Token \(token.prefix) made: \(token.name)", secret: secret,
                        instructions: "Copy the token now and keep it somewhere safe: this is the only time it is shown. "
                            + "Send it as “Authorization: Bearer …” with each request to the API. From now on it is listed by its start, \(token.prefix), only.",
                        backURL: owner.pageURL)))
        case .invalid(let owner, let account, let tokens, let fields, let refusal):
            viewController?.displayMadeToken(viewModel: .invalid(page(owner: owner, account: account, tokens: tokens, fields: fields, refusal: refusal)))
        case .notFound: viewController?.displayMadeToken(viewModel: .notFound)
        case .unavailable: viewController?.displayMadeToken(viewModel: .unavailable)
        }
    }

    func presentTokenToRevoke(response: ManageTokens.GetTokenToRevoke.Response) {
        switch response {
        case .token(let owner, let token):
            viewController?.displayTokenToRevoke(
                viewModel: .confirm(
                    ManageTokens.DisplayedRevoke(
                        title: "Revoke API token \(token.prefix)", heading: "Revoke the token \(token.name)?",
                        details: "Token \(token.prefix) (\(ListAccountsPresenter.roleName(token.role))) stops working at once: "
                            + "whatever uses it is refused from then on. This cannot be undone; a new token can be made.",
                        action: owner.revokeURL(prefix: token.prefix), cancelURL: owner.pageURL)))
        case .notFound: viewController?.displayTokenToRevoke(viewModel: .notFound)
        case .unavailable: viewController?.displayTokenToRevoke(viewModel: .unavailable)
        }
    }

    func presentRevokedToken(response: ManageTokens.RevokeToken.Response) {
        switch response {
        case .revoked(let owner, let token):
            viewController?.displayRevokedToken(
                viewModel: .revoked(url: owner.pageURL, flash: "Token \(token.prefix) (\(token.name)) revoked: it no longer works."))
        case .notFound: viewController?.displayRevokedToken(viewModel: .notFound)
        case .unavailable: viewController?.displayRevokedToken(viewModel: .unavailable)
        }
    }

    // MARK: The page

    private func page(
        owner: ManageTokens.Owner, account: Account, tokens: [APIToken], fields: ManageTokens.TokenFormFields,
        refusal: APITokenRules.Refusal?
    ) -> ManageTokens.DisplayedPage {
        let at = now()
        let displayed = tokens.map { token in
            let status: String =
                if let revoked = token.revokedAt {
                    "Revoked on \(formatter.longDate(revoked))"
                } else if let expiry = token.expiresAt, at >= expiry {
                    "Expired"
                } else {
                    "Active"
                }
            return ManageTokens.DisplayedToken(
                name: token.name, prefix: token.prefix, role: ListAccountsPresenter.roleName(token.role),
                expires: token.expiresAt.map(formatter.longDate) ?? "Never", lastUsed: token.lastUsedAt.map(formatter.longDateAndTime) ?? "Never",
                status: status, revokeURL: token.revokedAt == nil ? owner.revokeURL(prefix: token.prefix) : nil,
                revokeLabel: "\(token.name) (\(token.prefix))")
        }
        let isOwn: Bool = if case .own = owner { true } else { false }
        var title = isOwn ? "Your account" : "API tokens of \(account.displayName)"
        if refusal != nil { title = "Error: " + title }
        return ManageTokens.DisplayedPage(
            title: title, heading: isOwn ? "Your account" : "API tokens of \(account.displayName)", username: account.username,
            displayName: account.displayName, role: ListAccountsPresenter.roleName(account.role), tokens: displayed,
            emptyMessage: tokens.isEmpty ? "No API tokens yet." : nil, form: form(owner: owner, account: account, fields: fields, refusal: refusal),
            accountURL: isOwn ? nil : Paths.editAccount(account.username))
    }

    static let roleHints: [AccountRole: String] = [
        .clerk: "Reads orders and changes them as a clerk does: takes orders, moves them on, adds notes.",
        .viewer: "Reads orders, products and customers; changes nothing.",
    ]

    private func form(
        owner: ManageTokens.Owner, account: Account, fields: ManageTokens.TokenFormFields, refusal: APITokenRules.Refusal?
    ) -> ManageTokens.DisplayedForm {
        var nameError: String?, roleError: String?, expiresError: String?, formMessage: String?
        switch refusal {
        case .name(let why): nameError = why
        case .supervisorRole, .roleAboveAccount, .noRole: roleError = refusal?.message
        case .expiry: expiresError = refusal?.message
        case .accountDisabled: formMessage = "This account is disabled: it can have no new tokens. Enable it first."
        case nil: break
        }
        let roles = APITokenRules.roles(for: account)
        var errors: [SignIn.DisplayedError] = []
        if let nameError { errors.append(.init(field: "name", message: nameError)) }
        // The first radio's id is the group's name (GOV.UK's pattern): the summary links to it.
        if let roleError { errors.append(.init(field: "role", message: roleError)) }
        if let expiresError { errors.append(.init(field: "expiresDays", message: expiresError)) }
        return ManageTokens.DisplayedForm(
            errors: errors, formMessage: formMessage,
            name: SignIn.DisplayedField(
                name: "name", value: fields.name, errorMessage: nameError, hint: "What uses it, in a few words (“Warehouse scanner”)."),
            roles: roles.map { role in
                EditAccount.DisplayedRole(
                    id: role == roles.first ? "role" : "role-\(role.rawValue)", value: role.rawValue, label: ListAccountsPresenter.roleName(role),
                    hint: Self.roleHints[role] ?? "", checked: fields.role == role.rawValue)
            },
            roleError: roleError,
            expiresDays: SignIn.DisplayedField(
                name: "expiresDays", value: fields.expiresDays, errorMessage: expiresError,
                hint: "From 1 to 3650. Leave it empty for a token that does not expire."),
            action: owner.makeURL)
    }
}
