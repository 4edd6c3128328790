protocol SetUpPresentationLogic: AnyObject {
    func presentForm(response: SetUp.ShowForm.Response)
    func presentSupervisor(response: SetUp.CreateSupervisor.Response)
}

/// The set-up page in words: GOV.UK's "create an account" pattern, errors by field.
final class SetUpPresenter: SetUpPresentationLogic {
    weak var viewController: SetUpDisplayLogic?

    static let madeMeanwhileMessage =
        "A supervisor account was made meanwhile through the set-up link, so no account was made. Sign in with that account."
    static let busyMessage = "Too many passwords are being checked at this moment, so no account was made. Try again in a few seconds."
    static let unavailableMessage = "The accounts could not be reached, so no account was made. Try again in a moment."
    /// Under the password's label: the accounts' rule, before it is broken.
    static let passwordHint = "Must be at least \(PasswordWorker.minimumLength) characters"

    func presentForm(response: SetUp.ShowForm.Response) {
        switch response {
        // The samples' box starts ticked: the set-up page is a fresh database's first page, most
        // often a newcomer's trying the app, who can place an order at once; a real shop unticks it
        // (and imports its own catalog), or archives the samples.
        case .form(let token):
            viewController?.displayForm(viewModel: .form(displayedForm(SetUp.SetUpFormFields(token: token, loadSamples: true))))
        case .closed: viewController?.displayForm(viewModel: .notFound)
        case .unavailable: viewController?.displayForm(viewModel: .unavailable)
        }
    }

    func presentSupervisor(response: SetUp.CreateSupervisor.Response) {
        switch response {
        case .created(let supervisor, let session, let samples):
            var flash = "Your supervisor account \(supervisor.name.username) is ready: you are signed in."
            switch samples {
            case .loaded(let result, let taxRates)?:
                flash += " The sample catalog and tax table are loaded (\(CatalogImport.summary(result)); \(taxRates) tax rates)."
            case .failed?: flash += " The samples could not all be loaded: the server's log says why."
            case nil: break
            }
            viewController?.displaySupervisor(viewModel: .created(session: session, flash: flash))
        case .invalid(let fields, let problems):
            viewController?.displaySupervisor(viewModel: .form(displayedForm(fields, problems: problems), invalid: true))
        case .closed:
            viewController?.displaySupervisor(viewModel: .notFound)
        case .madeMeanwhile:
            viewController?.displaySupervisor(viewModel: .signIn(flash: Self.madeMeanwhileMessage))
        case .unavailable(let fields):
            var form = displayedForm(fields)
            form.formMessage = Self.unavailableMessage
            form.title = "Error: " + form.title
            viewController?.displaySupervisor(viewModel: .unavailable(form))
        case .busy(let fields, let seconds):
            var form = displayedForm(fields)
            form.formMessage = Self.busyMessage
            form.title = "Error: " + form.title
            viewController?.displaySupervisor(viewModel: .busy(form, retryAfterSeconds: seconds))
        }
    }

    private func displayedForm(_ fields: SetUp.SetUpFormFields, problems: [SetUp.FieldProblem] = []) -> SetUp.DisplayedForm {
        func field(_ key: SetUp.SetUpFormFields.CodingKeys, _ value: String, hint: String? = nil) -> SignIn.DisplayedField {
            SignIn.DisplayedField(name: key.rawValue, value: value, errorMessage: problems.first { $0.field == key }?.message, hint: hint)
        }
        return SetUp.DisplayedForm(
            title: problems.isEmpty ? "Create the first supervisor" : "Error: Create the first supervisor",
            token: fields.token,
            errors: problems.map { SignIn.DisplayedError(field: $0.field.rawValue, message: $0.message) },
            formMessage: nil,
            username: field(.username, fields.username),
            displayName: field(.displayName, fields.displayName),
            // Passwords never come back.
            password: field(.password, "", hint: Self.passwordHint),
            passwordConfirmation: field(.passwordConfirmation, ""),
            loadSamples: fields.loadSamples)
    }
}
