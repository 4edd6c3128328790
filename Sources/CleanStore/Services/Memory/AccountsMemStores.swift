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

/// Sessions in memory, beside an `AccountsMemStore` (a session needs its account).
public actor SessionsMemStore: SessionsStoreProtocol {
    private let accounts: AccountsMemStore
    private var sessions: [Data: Session] = [:]

    public init(accounts: AccountsMemStore) {
        self.accounts = accounts
    }

    public func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session {
        guard let account = await accounts.fetchAccount(username: username) else { throw .unknownUsername(username) }
        let session = Session(idHash: id.hash, accountKey: account.key, createdAt: now, lastSeenAt: now)
        sessions[session.idHash] = session
        return session
    }

    public func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) -> Session? {
        let hash = id.hash
        guard var session = sessions[hash] else { return nil }
        if timeouts.hasEnded(session, at: now) {
            sessions[hash] = nil
            return nil
        }
        if timeouts.needsRefresh(session, at: now) {
            session.lastSeenAt = now
            sessions[hash] = session
        }
        return session
    }

    public func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async -> Account? {
        guard let session = session(forID: id, now: now, timeouts: timeouts) else { return nil }
        return await accounts.fetchAccount(username: session.accountKey)
    }

    public func deleteSession(id: SessionID) {
        sessions[id.hash] = nil
    }

    @discardableResult
    public func deleteSessions(ofAccount username: String) -> Int {
        let key = Account.key(username)
        let ended = sessions.filter { $0.value.accountKey == key }
        for hash in ended.keys { sessions[hash] = nil }
        return ended.count
    }
}

/// Failed sign-ins in memory (one instance only).
public actor SignInAttemptsMemStore: SignInAttemptsStoreProtocol {
    private struct Failure {
        var usernameKey: String
        var address: String
        var time: Date
    }

    private var failures: [Failure] = []

    public init() {}

    public func recordFailure(username: String, address: String, at time: Date) {
        failures.append(Failure(usernameKey: Account.key(username), address: address, time: time))
    }

    public func countFailures(username: String, since: Date) -> Int {
        let key = Account.key(username)
        return failures.filter { $0.usernameKey == key && $0.time >= since }.count
    }

    public func countFailures(address: String, since: Date) -> Int {
        failures.filter { $0.address == address && $0.time >= since }.count
    }

    public func clearFailures(username: String) {
        let key = Account.key(username)
        failures.removeAll { $0.usernameKey == key }
    }

    public func deleteFailures(before: Date) {
        failures.removeAll { $0.time < before }
    }
}
