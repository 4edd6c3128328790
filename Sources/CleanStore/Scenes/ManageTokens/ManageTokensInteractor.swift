import Foundation

protocol ManageTokensBusinessLogic: AnyObject {
    func showTokens(request: ManageTokens.ShowTokens.Request) async
    func makeToken(request: ManageTokens.MakeToken.Request) async
    func getTokenToRevoke(request: ManageTokens.GetTokenToRevoke.Request) async
    func revokeToken(request: ManageTokens.RevokeToken.Request) async
}

protocol ManageTokensDataStore: AnyObject {
    /// The account whose tokens the page shows, once read.
    var account: Account? { get }
}

/// What `ManageTokensInteractor` asks of `APITokensWorker` (its tests give it a spy).
protocol APITokensWorking: Sendable {
    func account(named username: String) async throws(APITokensWorkerError) -> Account?
    func listTokens(username: String?) async throws(APITokensWorkerError) -> [APIToken]
    func token(prefix: String, of username: String) async throws(APITokensWorkerError) -> APIToken?
    func addToken(username: String, name: String, role: AccountRole, expiresInDays: Int?, by actor: AccountName?)
        async throws(APITokensWorkerError) -> (token: APIToken, secret: APITokenSecret)
    func revokeToken(prefix: String, of username: String?, by actor: AccountName?) async throws(APITokensWorkerError) -> APIToken
}

extension APITokensWorker: APITokensWorking {}

/// An account's API tokens: the route table lets an account at its own and supervisors at anyone's;
/// the rules of a token (role, name, expiry) are `APITokenRules`', through `APITokensWorker`, the
/// command line's worker. The form's expiry is read here: empty is none, anything but a whole
/// number is the rules' expiry refusal.
final class ManageTokensInteractor: ManageTokensBusinessLogic, ManageTokensDataStore {
    var presenter: ManageTokensPresentationLogic?
    let worker: APITokensWorking
    var account: Account?

    init(worker: APITokensWorking) {
        self.worker = worker
    }

    func showTokens(request: ManageTokens.ShowTokens.Request) async {
        do throws(APITokensWorkerError) {
            guard let account = try await worker.account(named: request.owner.username) else {
                presenter?.presentTokens(response: .notFound)
                return
            }
            self.account = account
            let tokens = try await worker.listTokens(username: account.username)
            presenter?.presentTokens(response: .tokens(owner: request.owner, account: account, tokens: tokens))
        } catch {
            presenter?.presentTokens(response: .unavailable)
        }
    }

    func makeToken(request: ManageTokens.MakeToken.Request) async {
        do throws(APITokensWorkerError) {
            guard let account = try await worker.account(named: request.owner.username) else {
                presenter?.presentMadeToken(response: .notFound)
                return
            }
            self.account = account
            let refusal: APITokenRules.Refusal
            if let role = AccountRole(rawValue: request.fields.role) {
                let days = request.fields.expiresDays.trimmingCharacters(in: .whitespaces)
                if !days.isEmpty, OrderID.rowID(days).flatMap({ Int(exactly: $0) }) == nil {
                    refusal = .expiry
                } else {
                    do throws(APITokensWorkerError) {
                        let made = try await worker.addToken(
                            username: account.username, name: request.fields.name, role: role, expiresInDays: OrderID.rowID(days).flatMap { Int(exactly: $0) },
                            by: request.actor)
                        presenter?.presentMadeToken(response: .made(owner: request.owner, token: made.token, secret: made.secret.text))
                        return
                    } catch {
                        guard case .refused(let why) = error else { throw error }
                        refusal = why
                    }
                }
            } else {
                refusal = .noRole
            }
            let tokens = try await worker.listTokens(username: account.username)
            presenter?.presentMadeToken(
                response: .invalid(owner: request.owner, account: account, tokens: tokens, fields: request.fields, refusal: refusal))
        } catch {
            // An account gone between reading it and making its token is none.
            if case .unknownAccount = error {
                presenter?.presentMadeToken(response: .notFound)
            } else {
                presenter?.presentMadeToken(response: .unavailable)
            }
        }
    }

    func getTokenToRevoke(request: ManageTokens.GetTokenToRevoke.Request) async {
        do throws(APITokensWorkerError) {
            guard let token = try await worker.token(prefix: request.prefix, of: request.owner.username), token.revokedAt == nil else {
                presenter?.presentTokenToRevoke(response: .notFound)
                return
            }
            presenter?.presentTokenToRevoke(response: .token(owner: request.owner, token: token))
        } catch {
            presenter?.presentTokenToRevoke(response: .unavailable)
        }
    }

    func revokeToken(request: ManageTokens.RevokeToken.Request) async {
        do throws(APITokensWorkerError) {
            let token = try await worker.revokeToken(prefix: request.prefix, of: request.owner.username, by: request.actor)
            presenter?.presentRevokedToken(response: .revoked(owner: request.owner, token: token))
        } catch {
            if case .unknownToken = error {
                presenter?.presentRevokedToken(response: .notFound)
            } else {
                presenter?.presentRevokedToken(response: .unavailable)
            }
        }
    }
}
