protocol SetPasswordBusinessLogic: AnyObject {
    func showForm(request: SetPassword.ShowForm.Request) async
    func setPassword(request: SetPassword.SetPassword.Request) async
}

protocol SetPasswordDataStore: AnyObject {
    var account: Account? { get }
}

/// `GET/POST /set-password?token=…`: the owner of a new or reset account chooses a password through
/// the one-time link a supervisor gave them (good for 24 hours, once). Anyone may open it: the token
/// is the key.
final class SetPasswordInteractor: SetPasswordBusinessLogic, SetPasswordDataStore {
    var presenter: SetPasswordPresentationLogic?
    var worker: ManageAccountsWorking
    let passwords: PasswordWorker
    var account: Account?

    init(worker: ManageAccountsWorking, passwords: PasswordWorker) {
        self.worker = worker
        self.passwords = passwords
    }

    func showForm(request: SetPassword.ShowForm.Request) async {
        do {
            guard let account = try await worker.linkAccount(token: request.token) else {
                return presenter?.presentForm(response: .expired) ?? ()
            }
            self.account = account
            presenter?.presentForm(response: .form(account, token: request.token))
        } catch {
            presenter?.presentForm(response: .unavailable)
        }
    }

    func setPassword(request: SetPassword.SetPassword.Request) async {
        let fields = request.fields
        let linked: Account?
        do {
            linked = try await worker.linkAccount(token: fields.token)
        } catch {
            return presenter?.presentPassword(response: .down) ?? ()
        }
        guard let linked else { return presenter?.presentPassword(response: .expired) ?? () }
        account = linked
        if let refusal = passwords.refusal(of: fields.password, username: linked.username) {
            return presenter?.presentPassword(response: .invalid(linked, fields, [.init(field: .password, message: refusal.description)])) ?? ()
        }
        if fields.password != fields.passwordConfirmation {
            return presenter?.presentPassword(
                response: .invalid(linked, fields, [.init(field: .passwordConfirmation, message: PasswordRefusal.mismatch.description)])) ?? ()
        }
        do {
            account = try await worker.setPassword(token: fields.token, password: fields.password, username: linked.username)
            presenter?.presentPassword(response: .set(account ?? linked))
        } catch .store(.refused(.linkExpired)) {
            presenter?.presentPassword(response: .expired)
        } catch .busy(let seconds) {
            presenter?.presentPassword(response: .busy(linked, fields, retryAfterSeconds: seconds))
        } catch .weakPassword(let refusal) {
            presenter?.presentPassword(response: .invalid(linked, fields, [.init(field: .password, message: refusal.description)]))
        } catch {
            presenter?.presentPassword(response: .unavailable(linked, fields))
        }
    }
}
