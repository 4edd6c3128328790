protocol SignInBusinessLogic: AnyObject {
    func showForm(request: SignIn.ShowForm.Request)
    func signIn(request: SignIn.SignIn.Request) async
    func signOut(request: SignIn.SignOut.Request) async
}

protocol SignInDataStore: AnyObject {
    /// Who signed in in this cycle, if anyone.
    var signedIn: SignedIn? { get }
}

/// `GET/POST /sign-in`, `POST /sign-out`: the rules of signing in (where the clerk may be sent
/// afterwards, what a refusal says) over `SignInWorker`.
final class SignInInteractor: SignInBusinessLogic, SignInDataStore {
    var presenter: SignInPresentationLogic?
    var worker: SignInWorker
    var signedIn: SignedIn?

    init(worker: SignInWorker) {
        self.worker = worker
    }

    // MARK: Show the form

    func showForm(request: SignIn.ShowForm.Request) {
        let destination = Self.destination(returnTo: request.returnTo, draft: request.draft)
        if request.isSignedIn && request.reason == .signIn {
            presenter?.presentForm(response: .alreadySignedIn(destination))
        } else {
            presenter?.presentForm(response: .form(destination, reason: request.reason))
        }
    }

    // MARK: Sign in

    func signIn(request: SignIn.SignIn.Request) async {
        let fields = request.fields
        let username = fields.username.trimmingCharacters(in: .whitespaces)
        let destination = Self.destination(returnTo: fields.returnTo, draft: OrderDraft(text: fields.draft))
        guard !username.isEmpty, !fields.password.isEmpty else {
            presenter?.presentSignIn(
                response: .refused(username: username, .missing(username: username.isEmpty, password: fields.password.isEmpty), destination))
            return
        }
        // No account's password holds a control character or is over 72 bytes, and bcrypt would
        // read such a one only in part (to its first NUL, or its 72nd byte): a wrong password, said
        // as any other is, and no bcrypt spent on it.
        guard PasswordWorker.couldBeAnAccountsPassword(fields.password) else {
            presenter?.presentSignIn(response: .refused(username: username, .wrongCredentials, destination))
            return
        }
        do {
            switch try await worker.signIn(
                username: username, password: fields.password, client: request.client, previousSession: request.previousSession)
            {
            case .signedIn(let account, let session):
                signedIn = account
                presenter?.presentSignIn(response: .signedIn(account, session: session, Self.destination(destination, for: account)))
            case .wrongCredentials:
                presenter?.presentSignIn(response: .refused(username: username, .wrongCredentials, destination))
            case .throttled(let minutes):
                presenter?.presentSignIn(response: .refused(username: username, .throttled(minutes: minutes), destination))
            }
        } catch {
            if let seconds = error.retryAfterSeconds {
                presenter?.presentSignIn(response: .busy(username: username, destination, retryAfterSeconds: seconds))
            } else {
                presenter?.presentSignIn(response: .unavailable(username: username, destination))
            }
        }
    }

    // MARK: Sign out

    func signOut(request: SignIn.SignOut.Request) async {
        guard let session = request.session else {
            presenter?.presentSignOut(response: .signedOut)
            return
        }
        do {
            try await worker.signOut(session: session)
            presenter?.presentSignOut(response: .signedOut)
        } catch {
            presenter?.presentSignOut(response: .unavailable)
        }
    }

    /// Where `account` goes once signed in: a draft's order form only for a role that may change
    /// orders (the form is refused to others, as `POST /drafts` is); else what the form was for
    /// (the list, or the order).
    static func destination(_ destination: SignIn.Destination, for account: SignedIn) -> SignIn.Destination {
        guard let draft = destination.draft, !account.may(draft.use) else { return destination }
        return SignIn.Destination(path: draft.action, draft: nil)
    }

    /// Where to go after signing in: the path asked for when it is local, else the orders; the
    /// draft's form when there is one.
    static func destination(returnTo: String?, draft: OrderDraft?) -> SignIn.Destination {
        if let draft { return SignIn.Destination(path: draft.action, draft: draft) }
        let path = returnTo.flatMap(SignInWorker.localPath) ?? Paths.orders.description
        return SignIn.Destination(path: path, draft: nil)
    }
}
