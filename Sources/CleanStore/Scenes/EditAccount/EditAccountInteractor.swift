import Foundation

protocol EditAccountBusinessLogic: AnyObject {
    func showNewForm(request: EditAccount.ShowNewForm.Request)
    func addAccount(request: EditAccount.AddAccount.Request) async
    func getAccount(request: EditAccount.GetAccount.Request) async
    func changeAccount(request: EditAccount.ChangeAccount.Request) async
}

protocol EditAccountDataStore: AnyObject {
    var account: Account? { get }
}

/// A supervisor adds an account (no password: a one-time link sets it), changes its role, disables
/// or enables it, or resets its password. The accounts' rules (no demoting or disabling oneself or
/// the last supervisor) are the store's, decided in the change's transaction (`AccountWrites`).
final class EditAccountInteractor: EditAccountBusinessLogic, EditAccountDataStore {
    var presenter: EditAccountPresentationLogic?
    var worker: ManageAccountsWorking
    /// Who is signed in (the route table let a supervisor in).
    let actor: AccountName
    let now: @Sendable () -> Date
    var account: Account?

    init(worker: ManageAccountsWorking, actor: AccountName, now: @escaping @Sendable () -> Date) {
        self.worker = worker
        self.actor = actor
        self.now = now
    }

    func showNewForm(request: EditAccount.ShowNewForm.Request) {
        presenter?.presentNewForm(response: .form)
    }

    func addAccount(request: EditAccount.AddAccount.Request) async {
        var fields = request.fields
        fields.username = fields.username.trimmingCharacters(in: .whitespaces)
        let displayName = fields.displayName.trimmingCharacters(in: .whitespaces)
        var problems: [EditAccount.FieldProblem] = []
        if let problem = AccountsWorker.usernameProblem(fields.username) { problems.append(.init(field: .username, message: problem)) }
        if !displayName.isEmpty, let problem = AccountsWorker.displayNameProblem(displayName) {
            problems.append(.init(field: .displayName, message: problem))
        }
        let role = AccountRole(rawValue: fields.role)
        if role == nil { problems.append(.init(field: .role, message: "Choose the account's role")) }
        guard problems.isEmpty, let role else { return presenter?.presentAddedAccount(response: .invalid(fields, problems)) ?? () }
        do {
            let (added, token) = try await worker.addAccount(
                username: fields.username, displayName: displayName.isEmpty ? nil : displayName, role: role, by: actor)
            account = added
            presenter?.presentAddedAccount(
                response: .added(added, token: token, origin: request.origin, expires: now().addingTimeInterval(PasswordLink.lifetime)))
        } catch .store(.duplicateUsername(_)) {
            presenter?.presentAddedAccount(
                response: .invalid(fields, [.init(field: .username, message: "An account with this username exists already")]))
        } catch .invalidUsername(let problem) {
            presenter?.presentAddedAccount(response: .invalid(fields, [.init(field: .username, message: problem)]))
        } catch .invalidDisplayName(let problem) {
            presenter?.presentAddedAccount(response: .invalid(fields, [.init(field: .displayName, message: problem)]))
        } catch .busy(let seconds) {
            presenter?.presentAddedAccount(response: .busy(fields, retryAfterSeconds: seconds))
        } catch {
            presenter?.presentAddedAccount(response: .unavailable(fields))
        }
    }

    func getAccount(request: EditAccount.GetAccount.Request) async {
        do {
            guard let listed = try await worker.listAccounts().first(where: { $0.account.key == Account.key(request.username) }) else {
                return presenter?.presentAccount(response: .notFound) ?? ()
            }
            account = listed.account
            presenter?.presentAccount(
                response: .account(listed.account, lastSignIn: listed.lastSignIn, isSelf: listed.account.key == Account.key(actor.username)))
        } catch {
            presenter?.presentAccount(response: .unavailable)
        }
    }

    func changeAccount(request: EditAccount.ChangeAccount.Request) async {
        let change: ManageAccountsWorker.Change
        switch request.change {
        case .role(let fields):
            guard let role = AccountRole(rawValue: fields.role) else { return presenter?.presentChange(response: .badRequest) ?? () }
            change = .role(role)
        case .disable: change = .disable
        case .enable: change = .enable
        case .resetPassword: change = .resetPassword
        }
        do {
            let (changed, token) = try await worker.change(change, username: request.username, by: actor)
            account = changed
            if let token {
                presenter?.presentChange(
                    response: .reset(changed, token: token, origin: request.origin, expires: now().addingTimeInterval(PasswordLink.lifetime)))
            } else {
                presenter?.presentChange(response: .changed(changed, change))
            }
        } catch .store(.refused(let refusal)) {
            presenter?.presentChange(response: .refused(username: request.username, refusal))
        } catch .store(.unknownUsername(_)) {
            presenter?.presentChange(response: .notFound)
        } catch .busy(let seconds) {
            presenter?.presentChange(response: .busy(retryAfterSeconds: seconds))
        } catch {
            presenter?.presentChange(response: .unavailable)
        }
    }
}
