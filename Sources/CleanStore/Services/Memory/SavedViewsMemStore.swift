import Foundation

/// Each account's saved views of the order list, in memory on a `MemoryAppDatabase`.
public final class SavedViewsMemStore: SavedViewsStoreProtocol {
    public let database: MemoryAppDatabase

    public init(database: MemoryAppDatabase = MemoryAppDatabase()) {
        self.database = database
    }

    private static func ordered(_ views: [SavedView]) -> [SavedView] {
        views.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
    }

    public func views(accountKey: String) async -> [SavedView] {
        await database.read { tables in Self.ordered(tables.savedViews.values.filter { $0.accountKey == accountKey }) }
    }

    public func addView(accountKey: String, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView {
        try await database.transaction { tables throws(SavedViewsStoreError) in
            let mine = tables.savedViews.values.filter { $0.accountKey == accountKey }
            let position = try SavedViewWrites.added(name: name, to: Array(mine))
            tables.lastSavedViewID += 1
            let view = SavedView(id: tables.lastSavedViewID, accountKey: accountKey, name: name, query: query, position: position)
            tables.savedViews[view.id] = view
            return view
        }
    }

    public func changeView(id: Int64, accountKey: String, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView] {
        try await database.transaction { tables throws(SavedViewsStoreError) in
            let mine = Array(tables.savedViews.values.filter { $0.accountKey == accountKey })
            let after = try SavedViewWrites.changed(mine, id: id, change: change)
            for view in mine { tables.savedViews[view.id] = nil }
            for view in after { tables.savedViews[view.id] = view }
            return after
        }
    }
}
