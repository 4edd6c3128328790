import Foundation

/// API tokens in memory, on a `MemoryAppDatabase` beside its accounts.
public final class APITokensMemStore: APITokensStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    public func createToken(_ token: APIToken, recordedBy actor: AccountName?) async throws(AccountsStoreError) -> APIToken {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard let account = tables.accounts[token.accountKey] else { throw .unknownUsername(token.accountKey) }
            guard tables.apiTokens[token.prefix] == nil, !tables.apiTokens.values.contains(where: { $0.hash == token.hash }) else {
                throw .unavailable("Cannot create an API token: its prefix or hash is taken")
            }
            tables.apiTokens[token.prefix] = token
            if let event = APITokenRules.event(of: token, revoked: false, username: account.username, by: actor, at: token.createdAt) {
                tables.accountEvents.append(event)
            }
            return token
        }
    }

    public func token(forHash hash: Data, now: Date) async -> (APIToken, Account)? {
        await database.transaction { tables in
            guard var token = tables.apiTokens.values.first(where: { $0.hash == hash }),
                let account = tables.accounts[token.accountKey]
            else { return nil }
            if APITokenRules.needsTouch(token, at: now) {
                token.lastUsedAt = now
                tables.apiTokens[token.prefix] = token
            }
            return (token, account)
        }
    }

    public func fetchTokens(accountKey: String?) async -> [APIToken] {
        await database.read { tables in
            tables.apiTokens.values.filter { accountKey == nil || $0.accountKey == accountKey }
                .sorted { ($0.createdAt, $0.prefix) > ($1.createdAt, $1.prefix) }
        }
    }

    public func revokeToken(prefix: String, at now: Date, recordedBy actor: AccountName?) async -> APIToken? {
        await database.transaction { tables in
            guard var token = tables.apiTokens[prefix] else { return nil }
            let wasRevoked = token.revokedAt != nil
            if token.revokedAt == nil {
                token.revokedAt = now
                tables.apiTokens[prefix] = token
            }
            let username = tables.accounts[token.accountKey]?.username ?? token.accountKey
            if let event = APITokenRules.event(of: token, revoked: true, wasRevoked: wasRevoked, username: username, by: actor, at: now) {
                tables.accountEvents.append(event)
            }
            return token
        }
    }
}
