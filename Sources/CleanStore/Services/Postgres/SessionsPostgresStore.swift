import Foundation
import Logging
import PostgresNIO

/// Sessions in the PostgreSQL database: every instance sees the same ones.
public final class SessionsPostgresStore: SessionsStoreProtocol {
    private let database: PostgresAccountsAccess

    public init(database: PostgresAppDatabase) {
        self.database = PostgresAccountsAccess(client: database.client, logger: database.logger)
    }

    public func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session {
        let key = Account.key(username)
        let session = Session(idHash: id.hash, accountKey: key, createdAt: now, lastSeenAt: now)
        let seconds = now.timeIntervalSince1970
        // One statement: no session for an account deleted meanwhile.
        let created = try await database.rows(
            "Cannot create a session",
            """
            INSERT INTO sessions (id_hash, account_key, created_at, last_seen_at)
            SELECT \(ByteBuffer(bytes: session.idHash)), username_key, \(seconds), \(seconds) FROM accounts WHERE username_key = \(key)
            RETURNING account_key
            """) { try $0.decode(String.self) }
        guard !created.isEmpty else { throw .unknownUsername(username) }
        return session
    }

    public func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        let hash = id.hash
        let found = try await database.preparedRows(
            "Cannot read a session", "SELECT account_key, created_at, last_seen_at FROM sessions WHERE id_hash = \(ByteBuffer(bytes: hash))",
        ) { try $0.decode((String, Double, Double).self) }
        guard let row = found.first else { return nil }
        let session = Session(
            idHash: hash, accountKey: row.0, createdAt: Date(timeIntervalSince1970: row.1), lastSeenAt: Date(timeIntervalSince1970: row.2))
        return try await settle(session, id: id, now: now, timeouts: timeouts)
    }

    public func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account? {
        let hash = id.hash
        let columns = AccountsPostgresStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }
            .joined(separator: ", ")
        let found = try await database.preparedRows(
            "Cannot read a session",
            """
            SELECT \(unescaped: columns), s.account_key, s.created_at, s.last_seen_at
            FROM sessions s JOIN accounts a ON a.username_key = s.account_key WHERE s.id_hash = \(ByteBuffer(bytes: hash))
            """
        ) { row in
            let (username, displayName, role, passwordHash, disabled, createdAt, updatedAt, key, sessionCreated, lastSeen) = try row.decode(
                (String, String, String, String, Bool, Double, Double, String, Double, Double).self)
            return (
                (username, displayName, role, passwordHash, disabled, createdAt, updatedAt),
                Session(
                    idHash: hash, accountKey: key, createdAt: Date(timeIntervalSince1970: sessionCreated),
                    lastSeenAt: Date(timeIntervalSince1970: lastSeen)))
        }
        guard let (accountRow, session) = found.first else { return nil }
        let account = try AccountsPostgresStore.account(accountRow)
        return try await settle(session, id: id, now: now, timeouts: timeouts) == nil ? nil : account
    }

    /// A session found at `now`: deleted and nil once it has ended, its last use written when due.
    private func settle(_ found: Session, id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        var session = found
        if timeouts.hasEnded(session, at: now) {
            try await deleteSession(id: id)
            return nil
        }
        if timeouts.needsRefresh(session, at: now) {
            session.lastSeenAt = now
            try await database.run(
                "Cannot refresh a session",
                "UPDATE sessions SET last_seen_at = \(now.timeIntervalSince1970) WHERE id_hash = \(ByteBuffer(bytes: session.idHash))")
        }
        return session
    }

    public func deleteSession(id: SessionID) async throws(AccountsStoreError) {
        try await database.run("Cannot delete a session", "DELETE FROM sessions WHERE id_hash = \(ByteBuffer(bytes: id.hash))")
    }

    @discardableResult
    public func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int {
        try await database.rows(
            "Cannot delete the sessions of \(username)",
            "DELETE FROM sessions WHERE account_key = \(Account.key(username)) RETURNING account_key"
        ) { try $0.decode(String.self) }.count
    }

    @discardableResult
    public func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Int {
        // `SessionTimeouts.hasEnded`: unused for `idle`, or begun `absolute` ago.
        let idleSince = now.addingTimeInterval(-timeouts.idle).timeIntervalSince1970
        let begunBefore = now.addingTimeInterval(-timeouts.absolute).timeIntervalSince1970
        return try await database.count(
            "Cannot delete ended sessions",
            """
            WITH ended AS (DELETE FROM sessions WHERE last_seen_at <= \(idleSince) OR created_at <= \(begunBefore) RETURNING 1)
            SELECT count(*) FROM ended
            """)
    }
}
