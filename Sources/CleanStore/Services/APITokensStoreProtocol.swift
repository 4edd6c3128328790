import Foundation

/// API tokens, in the orders database beside the accounts they act for. Every store keeps the same
/// contract, checked by one suite (`APITokensStoreContractTests`):
/// - `createToken` keeps the token as given (only its hash: the secret never reaches a store) and
///   throws `.unknownUsername` when its account does not exist (a prefix or hash taken already, one
///   chance in 62⁸, is refused by the table's keys: `.unavailable`);
/// - `token(forHash:now:)` finds a token by its hash with its account as stored today (disabled ones
///   too: `APITokenRules.signedIn` refuses them), revoked or expired ones too; when
///   `APITokenRules.needsTouch` says so it writes `now` as the token's last use, and answers with it;
/// - `fetchTokens(accountKey:)` lists an account's tokens, every token when nil, newest first;
/// - `revokeToken(prefix:at:)` revokes the token with that prefix (once: a second revoke keeps the
///   first time) and answers it; nil when there is none;
/// - `recordedBy`: making and revoking a token write, in the same transaction, the accounts' audit
///   entry `APITokenRules.event` says (`token_made`, `token_revoked` by `actor`, to the token's
///   account, with the token's role); a second revoke writes none.
public protocol APITokensStoreProtocol: Sendable {
    func createToken(_ token: APIToken, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken
    func token(forHash hash: Data, now: Date) async throws(AccountsStoreError) -> (APIToken, Account)?
    func fetchTokens(accountKey: String?) async throws(AccountsStoreError) -> [APIToken]
    func revokeToken(prefix: String, at now: Date, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken?
}

extension APITokensStoreProtocol {
    /// Without an audit entry (the tests' fixtures).
    public func createToken(_ token: APIToken) async throws(AccountsStoreError) -> APIToken {
        try await createToken(token, recordedBy: nil)
    }

    public func revokeToken(prefix: String, at now: Date) async throws(AccountsStoreError) -> APIToken? {
        try await revokeToken(prefix: prefix, at: now, recordedBy: nil)
    }
}
