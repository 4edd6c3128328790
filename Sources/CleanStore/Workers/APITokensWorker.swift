import Foundation

/// Why a token cannot be made or revoked, in words for the person at the keyboard (never a secret).
public enum APITokensWorkerError: Error, Equatable, Sendable, CustomStringConvertible {
    case refused(APITokenRules.Refusal)
    case unknownAccount(String)
    case unknownToken(String)
    case store(AccountsStoreError)

    public var description: String {
        switch self {
        case .refused(let refusal): return refusal.message
        case .unknownAccount(let username): return "No account named \(username)"
        case .unknownToken(let prefix): return "No API token starts \(prefix)"
        case .store(let error): return error.description
        }
    }
}

/// Making, listing and revoking API tokens, for the command line (`cleanstore tokens`) and the
/// browser (`ManageTokens`: an account's own page, a supervisor's for any account): the rules are
/// `APITokenRules`'; the secret is made here, shown once by the caller, and only its hash stored.
/// Each make and revoke by `actor` is recorded in the accounts' audit log in its transaction.
public struct APITokensWorker: Sendable {
    let tokens: any APITokensStoreProtocol
    let accounts: any AccountsStoreProtocol
    let now: @Sendable () -> Date
    let newSecret: @Sendable () -> APITokenSecret

    public init(
        tokens: any APITokensStoreProtocol, accounts: any AccountsStoreProtocol, now: @escaping @Sendable () -> Date = Date.init,
        newSecret: @escaping @Sendable () -> APITokenSecret = { APITokenSecret.random() }
    ) {
        self.tokens = tokens
        self.accounts = accounts
        self.now = now
        self.newSecret = newSecret
    }

    /// A new token for `username`: the token as stored and its secret, which is never seen again.
    public func addToken(
        username: String, name: String, role: AccountRole, expiresInDays: Int?, by actor: AccountName? = nil
    ) async throws(APITokensWorkerError) -> (token: APIToken, secret: APITokenSecret) {
        let account: Account?
        do { account = try await accounts.fetchAccount(username: username) } catch { throw .store(error) }
        guard let account else { throw .unknownAccount(username) }
        let kept: String
        switch APITokenRules.check(name: name, role: role, expiresInDays: expiresInDays, account: account) {
        case .success(let name): kept = name
        case .failure(let refusal): throw .refused(refusal)
        }
        let secret = newSecret(), at = now()
        let token = APIToken(
            prefix: secret.prefix, hash: secret.hash, accountKey: account.key, name: kept, role: role, createdAt: at,
            expiresAt: expiresInDays.map { at.addingTimeInterval(TimeInterval($0) * 86_400) })
        do { return (try await tokens.createToken(token, recordedBy: actor), secret) } catch { throw .store(error) }
    }

    /// Every token (`username` nil) or one account's, newest first.
    public func listTokens(username: String? = nil) async throws(APITokensWorkerError) -> [APIToken] {
        do { return try await tokens.fetchTokens(accountKey: username.map(Account.key)) } catch { throw .store(error) }
    }

    /// Revokes the token named by its prefix (`csk_` and 8 characters, as listed); with `username`,
    /// only a token of that account (another's is `.unknownToken`, as no token is).
    public func revokeToken(prefix: String, of username: String? = nil, by actor: AccountName? = nil) async throws(APITokensWorkerError)
        -> APIToken
    {
        if let username, try await token(prefix: prefix, of: username) == nil { throw .unknownToken(prefix) }
        let revoked: APIToken?
        do { revoked = try await tokens.revokeToken(prefix: prefix, at: now(), recordedBy: actor) } catch { throw .store(error) }
        guard let revoked else { throw .unknownToken(prefix) }
        return revoked
    }

    /// The token of `username`'s with this prefix; nil when the account has none.
    public func token(prefix: String, of username: String) async throws(APITokensWorkerError) -> APIToken? {
        try await listTokens(username: username).first { $0.prefix == prefix }
    }

    /// The account named `username` (any case); nil when there is none.
    public func account(named username: String) async throws(APITokensWorkerError) -> Account? {
        do { return try await accounts.fetchAccount(username: username) } catch { throw .store(error) }
    }
}
