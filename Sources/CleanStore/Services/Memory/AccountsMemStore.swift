import Foundation

/// Accounts in memory: for unit tests and `--database :memory:`.
public actor AccountsMemStore: AccountsStoreProtocol {
    private var accounts: [String: Account] = [:]

    public init(accounts: [Account] = []) {
        for account in accounts { self.accounts[account.key] = account }
    }

    public func createAccount(_ account: Account) throws(AccountsStoreError) -> Account {
        guard accounts[account.key] == nil else { throw .duplicateUsername(account.username) }
        accounts[account.key] = account
        return account
    }

    /// Checked and inserted in one turn of the actor: nothing comes between them.
    public func createFirstSupervisor(_ account: Account) throws(AccountsStoreError) -> Account {
        guard !accounts.values.contains(where: { $0.role == .supervisor }) else { throw .supervisorExists }
        return try createAccount(account)
    }

    public func fetchAccount(username: String) -> Account? { accounts[Account.key(username)] }

    public func fetchAccounts() -> [Account] { accounts.values.sorted { $0.key < $1.key } }

    public func disableAccount(username: String, at now: Date) throws(AccountsStoreError) -> Account {
        try change(username) { $0.isDisabled = true; $0.updatedAt = now }
    }

    public func setPasswordHash(_ hash: String, username: String, at now: Date) throws(AccountsStoreError) -> Account {
        try change(username) { $0.passwordHash = hash; $0.updatedAt = now }
    }

    public func countAccounts() -> Int { accounts.count }

    public func countSupervisors() -> Int { accounts.values.filter { $0.role == .supervisor && !$0.isDisabled }.count }

    private func change(_ username: String, _ body: (inout Account) -> Void) throws(AccountsStoreError) -> Account {
        guard var account = accounts[Account.key(username)] else { throw .unknownUsername(username) }
        body(&account)
        accounts[account.key] = account
        return account
    }
}
