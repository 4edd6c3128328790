import Foundation
import Logging
import PostgresNIO

/// Each account's saved views of the order list in the PostgreSQL database (`saved_views`,
/// migration 27). A write is one transaction that first takes the account's advisory lock
/// (`pg_advisory_xact_lock` of the account's key), so two instances' writes for one account are
/// decided one after the other by `SavedViewWrites` on the views as stored.
public final class SavedViewsPostgresStore: SavedViewsStoreProtocol {
    private let client: PostgresClient
    private let logger: Logger

    public init(database: PostgresAppDatabase) {
        client = database.client
        logger = database.logger
    }

    static let columns = "id, account_key, name, query, position, is_default"
    typealias ViewRow = (Int64, String, String, String, Int, Bool)

    static func view(_ row: ViewRow) -> SavedView {
        SavedView(id: row.0, accountKey: row.1, name: row.2, query: row.3, position: row.4, isDefault: row.5)
    }

    static func views(of accountKey: String, on connection: PostgresConnection, logger: Logger) async throws -> [SavedView] {
        var views: [SavedView] = []
        let rows = try await connection.query(
            "SELECT \(unescaped: columns) FROM saved_views WHERE account_key = \(accountKey) ORDER BY position, id", logger: logger)
        for try await row in rows.decode(ViewRow.self) { views.append(view(row)) }
        return views
    }

    /// `body` in one transaction under the account's lock; its `SavedViewsStoreError` as it is.
    private func transaction<T: Sendable>(
        _ what: String, accountKey: String, _ body: @escaping @Sendable (PostgresConnection, Logger) async throws -> T
    ) async throws(SavedViewsStoreError) -> T {
        let logger = self.logger
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(hashtext(\("saved_views:" + accountKey)))", logger: logger)
                return try await body(connection, logger)
            }
        } catch let error as PostgresTransactionError {
            throw .from(error.closureError ?? error, doing: what)
        } catch {
            throw .from(error, doing: what)
        }
    }

    public func views(accountKey: String) async throws(SavedViewsStoreError) -> [SavedView] {
        let logger = self.logger
        do {
            return try await client.withConnection { connection in
                try await Self.views(of: accountKey, on: connection, logger: logger)
            }
        } catch {
            throw .from(error, doing: "Cannot read the saved views")
        }
    }

    public func addView(accountKey: String, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView {
        try await transaction("Cannot save a view", accountKey: accountKey) { connection, logger in
            let position = try SavedViewWrites.added(name: name, to: try await Self.views(of: accountKey, on: connection, logger: logger))
            let rows = try await connection.query(
                """
                INSERT INTO saved_views (account_key, name, query, position, is_default)
                VALUES (\(accountKey), \(name), \(query), \(position), FALSE) RETURNING id
                """, logger: logger)
            var id: Int64 = 0
            for try await row in rows.decode(Int64.self) { id = row }
            return SavedView(id: id, accountKey: accountKey, name: name, query: query, position: position)
        }
    }

    public func changeView(id: Int64, accountKey: String, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView] {
        try await transaction("Cannot change a saved view", accountKey: accountKey) { connection, logger in
            let before = try await Self.views(of: accountKey, on: connection, logger: logger)
            let after = try SavedViewWrites.changed(before, id: id, change: change)
            let kept = Set(after.map(\.id))
            for view in before where !kept.contains(view.id) {
                try await connection.query("DELETE FROM saved_views WHERE id = \(view.id) AND account_key = \(accountKey)", logger: logger)
            }
            for view in after where !before.contains(view) {
                try await connection.query(
                    """
                    UPDATE saved_views SET position = \(view.position), is_default = \(view.isDefault)
                    WHERE id = \(view.id) AND account_key = \(accountKey)
                    """, logger: logger)
            }
            return after
        }
    }
}
