import Foundation

/// Accounts in memory (`MemoryAppDatabase`): for unit tests and `--database :memory:`.
public final class AccountsMemStore: AccountsStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase) {
        self.database = database
    }

    /// A store on a database of its own, holding `accounts` (tests).
    public convenience init(accounts: [Account] = []) {
        self.init(database: MemoryAppDatabase(accounts: accounts))
    }

    public func createAccount(_ account: Account) async throws(AccountsStoreError) -> Account {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard tables.accounts[account.key] == nil else { throw .duplicateUsername(account.username) }
            tables.accounts[account.key] = account
            return account
        }
    }

    /// Checked and inserted in one transaction of the database: nothing comes between them.
    public func createFirstSupervisor(_ account: Account) async throws(AccountsStoreError) -> Account {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard !tables.accounts.values.contains(where: { $0.role == .supervisor }) else { throw .supervisorExists }
            guard tables.accounts[account.key] == nil else { throw .duplicateUsername(account.username) }
            tables.accounts[account.key] = account
            return account
        }
    }

    public func fetchAccount(username: String) async -> Account? {
        await database.read { $0.accounts[Account.key(username)] }
    }

    public func fetchAccounts() async -> [Account] {
        await database.read { $0.accounts.values.sorted { $0.key < $1.key } }
    }

    public func disableAccount(username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await change(username) { $0.isDisabled = true; $0.updatedAt = now }
    }

    public func setPasswordHash(_ hash: String, username: String, at now: Date) async throws(AccountsStoreError) -> Account {
        try await change(username) { $0.passwordHash = hash; $0.updatedAt = now }
    }

    public func countAccounts() async -> Int {
        await database.read { $0.accounts.count }
    }

    public func countSupervisors() async -> Int {
        await database.read { $0.accounts.values.filter { $0.role == .supervisor && !$0.isDisabled }.count }
    }

    private func change(
        _ username: String, _ body: @escaping @Sendable (inout Account) -> Void
    ) async throws(AccountsStoreError) -> Account {
        try await database.transaction { tables throws(AccountsStoreError) in
            guard var account = tables.accounts[Account.key(username)] else { throw .unknownUsername(username) }
            body(&account)
            tables.accounts[account.key] = account
            return account
        }
    }
}
