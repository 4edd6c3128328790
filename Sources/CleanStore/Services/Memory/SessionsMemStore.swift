import Foundation

/// Sessions in memory, on a `MemoryAppDatabase` (a session needs its account, read from the
/// database's accounts). The sessions themselves are this actor's own (one instance: the store
/// `OrdersDatabase.open(":memory:")` makes).
public actor SessionsMemStore: SessionsStoreProtocol {
    /// The database's accounts, read through the accounts store's queries.
    private let accounts: AccountsMemStore
    private var sessions: [Data: Session] = [:]

    public init(database: MemoryAppDatabase) {
        self.accounts = AccountsMemStore(database: database)
    }

    /// Sessions of the accounts on the database of `accounts` (tests).
    public init(accounts: AccountsMemStore) {
        self.init(database: accounts.database)
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

    @discardableResult
    public func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) -> Int {
        let ended = sessions.filter { timeouts.hasEnded($0.value, at: now) }
        for hash in ended.keys { sessions[hash] = nil }
        return ended.count
    }
}
