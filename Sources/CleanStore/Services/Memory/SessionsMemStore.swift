import Foundation

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

    @discardableResult
    public func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) -> Int {
        let ended = sessions.filter { timeouts.hasEnded($0.value, at: now) }
        for hash in ended.keys { sessions[hash] = nil }
        return ended.count
    }
}
