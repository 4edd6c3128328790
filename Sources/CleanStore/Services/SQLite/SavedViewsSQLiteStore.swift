import Foundation
import GRDB

/// Each account's saved views of the order list in the SQLite database (`saved_views`, migration
/// "v28: saved views"). A change reads the account's views and writes the decision of
/// `SavedViewWrites` in one write transaction (SQLite's writes are one at a time).
public final class SavedViewsSQLiteStore: SavedViewsStoreProtocol {
    private let database: SQLiteAppDatabase

    public init(database: SQLiteAppDatabase) {
        self.database = database
    }

    static let columns = "id, account_key, name, query, position, is_default"

    static func view(_ row: Row) -> SavedView {
        SavedView(id: row[0], accountKey: row[1], name: row[2], query: row[3], position: row[4], isDefault: row[5])
    }

    static func views(of accountKey: String, in db: Database) throws -> [SavedView] {
        // Cached: every list page reads its tabs.
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(columns) FROM saved_views WHERE account_key = ? ORDER BY position, id"), arguments: [accountKey]
        ).map(view)
    }

    /// A read (`SQLiteAppDatabase.read`), or with `oneStatement` a read of one statement
    /// (`SQLiteAppDatabase.readOneStatement`: no `BEGIN`/`COMMIT`).
    private func read<T: Sendable>(
        _ what: String, oneStatement: Bool = false, _ body: @escaping @Sendable (Database) throws -> T
    ) async throws(SavedViewsStoreError) -> T {
        do {
            return try await oneStatement ? database.readOneStatement(body) : database.read(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    private func write<T: Sendable>(_ what: String, _ body: @escaping @Sendable (Database) throws -> T) async throws(SavedViewsStoreError) -> T {
        do {
            try database.checkFileIsTheOneOpened()
            return try await database.pool.write(body)
        } catch {
            throw .from(error, doing: what)
        }
    }

    /// Every list page reads them: one statement, so without a BEGIN/COMMIT of its own
    /// (`SQLiteAppDatabase.readOneStatement`).
    public func views(accountKey: String) async throws(SavedViewsStoreError) -> [SavedView] {
        try await read("Cannot read the saved views", oneStatement: true) { db in try Self.views(of: accountKey, in: db) }
    }

    public func addView(accountKey: String, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView {
        try await write("Cannot save a view") { db in
            let position = try SavedViewWrites.added(name: name, to: try Self.views(of: accountKey, in: db))
            try db.execute(
                sql: "INSERT INTO saved_views (account_key, name, query, position, is_default) VALUES (?, ?, ?, ?, 0)",
                arguments: [accountKey, name, query, position])
            return SavedView(id: db.lastInsertedRowID, accountKey: accountKey, name: name, query: query, position: position)
        }
    }

    public func changeView(id: Int64, accountKey: String, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView] {
        try await write("Cannot change a saved view") { db in
            let before = try Self.views(of: accountKey, in: db)
            let after = try SavedViewWrites.changed(before, id: id, change: change)
            let kept = Set(after.map(\.id))
            for view in before where !kept.contains(view.id) {
                try db.execute(sql: "DELETE FROM saved_views WHERE id = ? AND account_key = ?", arguments: [view.id, accountKey])
            }
            for view in after where !before.contains(view) {
                try db.execute(
                    sql: "UPDATE saved_views SET position = ?, is_default = ? WHERE id = ? AND account_key = ?",
                    arguments: [view.position, view.isDefault, view.id, accountKey])
            }
            return after
        }
    }
}
