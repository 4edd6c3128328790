import Foundation
import GRDB

/// Sessions in the SQLite database.
public final class SessionsSQLiteStore: SessionsStoreProtocol {
    private let database: SQLiteAccountsAccess

    public init(database: SQLiteAppDatabase) {
        self.database = SQLiteAccountsAccess(database: database)
    }

    public func createSession(id: SessionID, username: String, now: Date) async throws(AccountsStoreError) -> Session {
        let key = Account.key(username)
        let session = Session(idHash: id.hash, accountKey: key, createdAt: now, lastSeenAt: now)
        let created = try await database.write("Cannot create a session") { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM accounts WHERE username_key = ?)", arguments: [key]) == true
            else { return false }
            try db.execute(
                sql: "INSERT INTO sessions (id_hash, account_key, created_at, last_seen_at) VALUES (?, ?, ?, ?)",
                arguments: [session.idHash, key, now.timeIntervalSince1970, now.timeIntervalSince1970])
            return true
        }
        guard created else { throw .unknownUsername(username) }
        return session
    }

    public func session(forID id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Session? {
        let hash = id.hash
        // One statement: no BEGIN/COMMIT of its own (`SQLiteAppDatabase.readOneStatement`).
        let found = try await database.read("Cannot read a session", oneStatement: true) { db in
            try Row.fetchOne(db, sql: "SELECT account_key, created_at, last_seen_at FROM sessions WHERE id_hash = ?", arguments: [hash])
                .map { row in
                    Session(
                        idHash: hash, accountKey: row[0], createdAt: Date(timeIntervalSince1970: row[1]),
                        lastSeenAt: Date(timeIntervalSince1970: row[2]))
                }
        }
        guard let found else { return nil }
        return try await settle(found, id: id, now: now, timeouts: timeouts)
    }

    private static let sessionAccountSQL = """
        SELECT \(AccountsSQLiteStore.columns.split(separator: ",").map { "a." + $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")),
            s.account_key, s.created_at, s.last_seen_at
        FROM sessions s JOIN accounts a ON a.username_key = s.account_key WHERE s.id_hash = ?
        """

    public func account(forSession id: SessionID, now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Account? {
        let hash = id.hash
        let found = try await database.read("Cannot read a session", oneStatement: true) { db -> (Session, Account)? in
            // Every signed-in request reads this: its SQL is written once and its statement cached;
            // one statement, so without a BEGIN/COMMIT of its own (`SQLiteAppDatabase.readOneStatement`).
            guard let row = try Row.fetchOne(db.cachedStatement(sql: Self.sessionAccountSQL), arguments: [hash])
            else { return nil }
            let session = Session(
                idHash: hash, accountKey: row[7], createdAt: Date(timeIntervalSince1970: row[8]), lastSeenAt: Date(timeIntervalSince1970: row[9]))
            return (session, try AccountsSQLiteStore.account(row))
        }
        guard let (session, account) = found else { return nil }
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
            let seconds = now.timeIntervalSince1970, hash = session.idHash
            try await database.write("Cannot refresh a session") { db in
                try db.execute(sql: "UPDATE sessions SET last_seen_at = ? WHERE id_hash = ?", arguments: [seconds, hash])
            }
        }
        return session
    }

    public func deleteSession(id: SessionID) async throws(AccountsStoreError) {
        let hash = id.hash
        try await database.write("Cannot delete a session") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE id_hash = ?", arguments: [hash])
        }
    }

    @discardableResult
    public func deleteSessions(ofAccount username: String) async throws(AccountsStoreError) -> Int {
        let key = Account.key(username)
        return try await database.write("Cannot delete the sessions of \(username)") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE account_key = ?", arguments: [key])
            return db.changesCount
        }
    }

    @discardableResult
    public func deleteEndedSessions(at now: Date, timeouts: SessionTimeouts) async throws(AccountsStoreError) -> Int {
        // `SessionTimeouts.hasEnded`: unused for `idle`, or begun `absolute` ago.
        let arguments: StatementArguments = [
            now.addingTimeInterval(-timeouts.idle).timeIntervalSince1970, now.addingTimeInterval(-timeouts.absolute).timeIntervalSince1970,
        ]
        return try await database.write("Cannot delete ended sessions") { db in
            try db.execute(sql: "DELETE FROM sessions WHERE last_seen_at <= ? OR created_at <= ?", arguments: arguments)
            return db.changesCount
        }
    }
}
