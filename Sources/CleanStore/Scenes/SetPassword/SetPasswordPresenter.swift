protocol SetPasswordPresentationLogic: AnyObject {
    func presentForm(response: SetPassword.ShowForm.Response)
    func presentPassword(response: SetPassword.SetPassword.Response)
}

/// The set-password page in words: GOV.UK's password guidance (length over rules, a phrase of
/// words), errors by field; passwords never come back.
final class SetPasswordPresenter: SetPasswordPresentationLogic {
    weak var viewController: SetPasswordDisplayLogic?

    static let passwordHint =
        "At least \(PasswordWorker.minimumLength) characters. Three or more random words together are long, and easy to remember; don't use a password you use anywhere else."
    static let busyMessage = "Too many passwords are being checked at this moment, so your password was not set. Try again in a few seconds."
    static let unavailableMessage = "The accounts could not be reached, so your password was not set. Try again in a moment."

    func presentForm(response: SetPassword.ShowForm.Response) {
        switch response {
        case .form(let account, let token):
            viewController?.displayForm(viewModel: .form(displayedForm(account, SetPassword.PasswordFormFields(token: token))))
        case .expired: viewController?.displayForm(viewModel: .expired)
        case .unavailable: viewController?.displayForm(viewModel: .unavailable)
        }
    }

    func presentPassword(response: SetPassword.SetPassword.Response) {
        switch response {
        case .set(let account):
            viewController?.displayPassword(
                viewModel: .signIn(flash: "Your password is set. Sign in as \(account.username) with it."))
        case .invalid(let account, let fields, let problems):
            viewController?.displayPassword(viewModel: .form(displayedForm(account, fields, problems: problems), invalid: true))
        case .expired: viewController?.displayPassword(viewModel: .expired)
        case .down: viewController?.displayPassword(viewModel: .down)
        case .unavailable(let account, let fields):
            var form = displayedForm(account, fields)
            form.formMessage = Self.unavailableMessage
            form.title = "Error: " + form.title
            viewController?.displayPassword(viewModel: .unavailable(form))
        case .busy(let account, let fields, let seconds):
            var form = displayedForm(account, fields)
            form.formMessage = Self.busyMessage
            form.title = "Error: " + form.title
            viewController?.displayPassword(viewModel: .busy(form, retryAfterSeconds: seconds))
        }
    }

    private func displayedForm(
        _ account: Account, _ fields: SetPassword.PasswordFormFields, problems: [SetPassword.FieldProblem] = []
    ) -> SetPassword.DisplayedForm {
        func field(_ key: SetPassword.PasswordFormFields.CodingKeys, hint: String? = nil) -> SignIn.DisplayedField {
            // Passwords never come back.
            SignIn.DisplayedField(name: key.rawValue, value: "", errorMessage: problems.first { $0.field == key }?.message, hint: hint)
        }
        return SetPassword.DisplayedForm(
            title: problems.isEmpty ? "Create a password" : "Error: Create a password", token: fields.token, username: account.username,
            displayName: account.displayName, errors: problems.map { SignIn.DisplayedError(field: $0.field.rawValue, message: $0.message) },
            formMessage: nil, password: field(.password, hint: Self.passwordHint), passwordConfirmation: field(.passwordConfirmation))
    }
}
