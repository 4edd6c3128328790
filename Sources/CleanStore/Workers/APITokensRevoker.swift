import Foundation

/// Ends an account's API tokens when a supervisor disables the account, resets its password or it
/// sets a new one through a link (issue 29: "disabling an account or resetting its password also
/// ends its API tokens' use"): each of the account's tokens not yet revoked is revoked, so it stays
/// ended after the account is enabled again. A disabled account's tokens are refused anyway, at
/// every request (`APITokenRules.signedIn`).
public struct APITokensRevoker: AccountCredentialsRevoking {
    let tokens: any APITokensStoreProtocol
    let now: @Sendable () -> Date

    public init(tokens: any APITokensStoreProtocol, now: @escaping @Sendable () -> Date) {
        self.tokens = tokens
        self.now = now
    }

    public func revokeCredentials(ofAccount username: String) async throws {
        for token in try await tokens.fetchTokens(accountKey: Account.key(username)) where token.revokedAt == nil {
            _ = try await tokens.revokeToken(prefix: token.prefix, at: now())
        }
    }
}
