import Foundation

protocol SetUpBusinessLogic: AnyObject {
    func showForm(request: SetUp.ShowForm.Request) async
    func createSupervisor(request: SetUp.CreateSupervisor.Request) async
}

protocol SetUpDataStore: AnyObject {
    var supervisor: Account? { get }
}

/// `GET/POST /setup?token=…`: the first supervisor, made in the browser from the one-time link the
/// server logged at its first start. Open only with the link's token, and only while no supervisor
/// exists: then it is a 404, for good. No default password, ever.
final class SetUpInteractor: SetUpBusinessLogic, SetUpDataStore {
    var presenter: SetUpPresentationLogic?
    let accountsWorker: AccountsWorker
    let services: SignInServices
    let sampleDataWorker: SampleDataWorker
    let now: @Sendable () -> Date
    var supervisor: Account?

    init(
        accountsWorker: AccountsWorker, services: SignInServices, sampleDataWorker: SampleDataWorker, now: @escaping @Sendable () -> Date
    ) {
        self.accountsWorker = accountsWorker
        self.services = services
        self.sampleDataWorker = sampleDataWorker
        self.now = now
    }

    func showForm(request: SetUp.ShowForm.Request) async {
        switch await isOpen(token: request.token) {
        case .some(true): presenter?.presentForm(response: .form(token: request.token))
        case .some(false): presenter?.presentForm(response: .closed)
        case .none: presenter?.presentForm(response: .unavailable)
        }
    }

    func createSupervisor(request: SetUp.CreateSupervisor.Request) async {
        var fields = request.fields
        switch await isOpen(token: fields.token) {
        case .some(true): break
        case .some(false): return presenter?.presentSupervisor(response: .closed) ?? ()
        case .none: return presenter?.presentSupervisor(response: .unavailable(fields)) ?? ()
        }
        fields.username = fields.username.trimmingCharacters(in: .whitespaces)
        var problems: [SetUp.FieldProblem] = []
        if let problem = AccountsWorker.usernameProblem(fields.username) { problems.append(.init(field: .username, message: problem)) }
        let displayName = fields.displayName.trimmingCharacters(in: .whitespaces)
        if !displayName.isEmpty, let problem = AccountsWorker.displayNameProblem(displayName) {
            problems.append(.init(field: .displayName, message: problem))
        }
        if let refusal = services.passwords.refusal(of: fields.password, username: fields.username) {
            problems.append(.init(field: .password, message: refusal.description))
        } else if fields.password != fields.passwordConfirmation {
            problems.append(.init(field: .passwordConfirmation, message: PasswordRefusal.mismatch.description))
        }
        guard problems.isEmpty else { return presenter?.presentSupervisor(response: .invalid(fields, problems)) ?? () }
        do {
            // No supervisor yet and the insert, in one transaction: of forms posted at once, one
            // makes the supervisor (issue 25, bug 4: six posts made six).
            let account = try await accountsWorker.addFirstSupervisor(
                username: fields.username, displayName: displayName.isEmpty ? nil : displayName, password: fields.password)
            supervisor = account
            let session = services.newSessionID()
            _ = try await services.sessions.createSession(id: session, username: account.username, now: now())
            // The accounts page's "last sign-in" (not worth refusing the set-up over: the supervisor is made).
            try? await services.accountChanges.recordSignIn(username: account.username, at: now())
            // Once the supervisor exists (the page is then closed for good): a sample that fails
            // to load is said, and the supervisor stays made.
            let samples = fields.loadSamples ? await sampleDataWorker.loadCatalog(by: account.name) : nil
            presenter?.presentSupervisor(
                response: .created(SignedIn(name: account.name, role: account.role), session: session, samples: samples))
        } catch AccountsWorkerError.store(.supervisorExists) {
            presenter?.presentSupervisor(response: .madeMeanwhile)
        } catch AccountsWorkerError.busy(let seconds) {
            presenter?.presentSupervisor(response: .busy(fields, retryAfterSeconds: seconds))
        } catch AccountsWorkerError.store(.duplicateUsername(_)) {
            presenter?.presentSupervisor(
                response: .invalid(fields, [.init(field: .username, message: "An account with this username exists already")]))
        } catch {
            presenter?.presentSupervisor(response: .unavailable(fields))
        }
    }

    /// Whether the set-up page is open to `token`; nil when the accounts could not be read.
    private func isOpen(token: String) async -> Bool? {
        guard let setupToken = services.setupToken, setupToken.matches(token) else { return false }
        do {
            return try await services.needsFirstSupervisor()
        } catch {
            return nil
        }
    }
}
