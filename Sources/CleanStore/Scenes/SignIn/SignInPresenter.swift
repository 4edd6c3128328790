protocol SignInPresentationLogic: AnyObject {
    func presentForm(response: SignIn.ShowForm.Response)
    func presentSignIn(response: SignIn.SignIn.Response)
    func presentSignOut(response: SignIn.SignOut.Response)
}

/// The sign-in page in words (GOV.UK's sign-in pattern): one message for a wrong username or
/// password that does not say which, a clear one for a throttled username.
final class SignInPresenter: SignInPresentationLogic {
    weak var viewController: SignInDisplayLogic?

    static let wrongCredentials = "The username or password is not right. Check them and try again."
    static let signedOut = "You have signed out."
    static let busy = "Too many people are signing in at this moment, so your password was not checked. Try again in a few seconds."

    // MARK: Show the form

    func presentForm(response: SignIn.ShowForm.Response) {
        switch response {
        case .alreadySignedIn(let destination):
            viewController?.displayForm(viewModel: .redirect(to: destination.path))
        case .form(let destination, let reason):
            var form = displayedForm(username: "", destination: destination)
            switch reason {
            case .signIn: break
            case .signedOut: form.notice = nil
            case .sessionEnded:
                form.notice = destination.draft == nil
                    ? "Your session has ended, so nothing was done. Sign in to carry on."
                    : destination.draft?.isCustomerForm == true
                    ? "Your session has ended, so the customer was not saved. Sign in and the form comes back as you typed it to check and save."
                    : "Your session has ended, so the order was not saved. Sign in and the form comes back as you typed it "
                        + "(except the card number and security code) to check and save."
            }
            viewController?.displayForm(viewModel: .form(form))
        }
    }

    // MARK: Sign in

    func presentSignIn(response: SignIn.SignIn.Response) {
        switch response {
        case .signedIn(let account, let session, let destination):
            viewController?.displaySignIn(viewModel: .signedIn(account, session: session, destination))
        case .refused(let username, let refusal, let destination):
            var form = displayedForm(username: username, destination: destination)
            let status: SignIn.FormStatus
            switch refusal {
            case .missing(let noUsername, let noPassword):
                if noUsername {
                    form.username.errorMessage = "Enter your username"
                    form.errors.append(SignIn.DisplayedError(field: "username", message: "Enter your username"))
                }
                if noPassword {
                    form.password.errorMessage = "Enter your password"
                    form.errors.append(SignIn.DisplayedError(field: "password", message: "Enter your password"))
                }
                status = .refused
            case .wrongCredentials:
                form.formMessage = Self.wrongCredentials
                status = .refused
            case .throttled(let minutes):
                form.formMessage = "Too many failed attempts to sign in as this user. Wait \(minutes) minutes and try again, "
                    + "or ask a supervisor to help."
                status = .throttled
            }
            form.title = "Error: " + form.title
            viewController?.displaySignIn(viewModel: .form(form, status: status))
        case .unavailable(let username, let destination):
            var form = displayedForm(username: username, destination: destination)
            form.formMessage = "Signing in is not possible right now: the accounts could not be reached. Try again in a moment."
            form.title = "Error: " + form.title
            viewController?.displaySignIn(viewModel: .form(form, status: .unavailable))
        case .busy(let username, let destination, let seconds):
            var form = displayedForm(username: username, destination: destination)
            form.formMessage = Self.busy
            form.title = "Error: " + form.title
            viewController?.displaySignIn(viewModel: .form(form, status: .busy(retryAfterSeconds: seconds)))
        }
    }

    // MARK: Sign out

    func presentSignOut(response: SignIn.SignOut.Response) {
        switch response {
        case .signedOut: viewController?.displaySignOut(viewModel: .signedOut(flash: Self.signedOut))
        case .unavailable: viewController?.displaySignOut(viewModel: .unavailable)
        }
    }

    private func displayedForm(username: String, destination: SignIn.Destination) -> SignIn.DisplayedForm {
        SignIn.DisplayedForm(
            title: "Sign in", notice: nil, errors: [], formMessage: nil,
            username: SignIn.DisplayedField(name: "username", value: username),
            // A password never comes back.
            password: SignIn.DisplayedField(name: "password", value: ""),
            returnTo: destination.draft == nil ? destination.path : nil, draft: destination.draft?.text)
    }
}
