import Foundation

/// A supervisor's changes to accounts, in memory (`MemoryAppDatabase`): each one transaction of the
/// database, so two changes never interleave.
public final class AccountChangesMemStore: AccountChangesStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    public func addAccount(_ account: Account, link: PasswordLink, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard tables.accounts[account.key] == nil else { throw .duplicateUsername(account.username) }
            tables.accounts[account.key] = account
            tables.passwordLinks[account.key] = link
            tables.accountEvents.append(AccountEvent(at: now, actor: actor, username: account.username, action: .added, role: account.role))
            return account
        }
    }

    public func change(_ change: AccountChange, username: String, by actor: AccountName, at now: Date) async throws(AccountsStoreError)
        -> Account
    {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard let target = tables.accounts[Account.key(username)] else { throw .unknownUsername(username) }
            let supervisors = tables.accounts.values.filter { $0.role == .supervisor && !$0.isDisabled }.count
            let decision: (account: Account, event: AccountEvent)?
            do throws(AccountChangeRefusal) {
                decision = try AccountWrites.decide(
                    change, target: target, actor: actor, actorAccount: tables.accounts[Account.key(actor.username)],
                    activeSupervisors: supervisors, at: now)
            } catch {
                throw .refused(error)
            }
            guard let decision else { return target }
            tables.accounts[target.key] = decision.account
            tables.accountEvents.append(decision.event)
            if let link = AccountWrites.link(of: change) { tables.passwordLinks[target.key] = link }
            return decision.account
        }
    }

    public func passwordLink(tokenHash: Data, now: Date) async -> Account? {
        await database.read { tables in
            guard let key = tables.passwordLinks.first(where: { $0.value.tokenHash == tokenHash && $0.value.expiresAt > now })?.key
            else { return nil }
            return tables.accounts[key]
        }
    }

    public func setPassword(tokenHash: Data, passwordHash: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard let key = tables.passwordLinks.first(where: { $0.value.tokenHash == tokenHash && $0.value.expiresAt > now })?.key,
                var account = tables.accounts[key]
            else { throw .refused(.linkExpired) }
            account.passwordHash = passwordHash
            account.updatedAt = now
            tables.accounts[key] = account
            tables.passwordLinks[key] = nil
            tables.accountEvents.append(AccountEvent(at: now, actor: account.name, username: account.username, action: .passwordSet))
            return account
        }
    }

    public func recordSignIn(username: String, at now: Date) async {
        await database.transaction { tables in
            if tables.accounts[Account.key(username)] != nil { tables.lastSignIns[Account.key(username)] = now }
        }
    }

    public func lastSignIns() async -> [String: Date] {
        await database.read { $0.lastSignIns }
    }

    public func operatorChange(_ change: OperatorAccountChange, username: String, by actor: AccountName, at now: Date)
        async throws(AccountsStoreError) -> Account
    {
        try await database.transaction { tables throws(AccountsStoreError) in
            let key = if case .add(let account) = change { account.key } else { Account.key(username) }
            let (account, event) = try AccountWrites.decideOperator(change, target: tables.accounts[key], username: username, actor: actor, at: now)
            tables.accounts[key] = account
            if let event { tables.accountEvents.append(event) }
            return account
        }
    }

    /// An entry's id is its place in the log, from 1.
    public func fetchEvents(_ position: AccountEventsPosition, limit: Int) async -> [LoggedAccountEvent] {
        await database.read { tables in
            LoggedAccountEvent.page(
                tables.accountEvents.enumerated().map { LoggedAccountEvent(id: Int64($0.offset + 1), event: $0.element) }, at: position,
                limit: limit)
        }
    }
}
