import Logging

/// Each account's saved views of the order list (`SavedViewsStoreProtocol`), for the list's tabs
/// (`ListOrders`) and their own pages (`EditSavedViews`); a store's failure is logged here. Not
/// final: tests subclass it into a spy.
class SavedViewsWorker {
    let store: any SavedViewsStoreProtocol
    let logger: Logger

    init(store: any SavedViewsStoreProtocol, logger: Logger = Logger(label: "cleanstore")) {
        self.store = store
        self.logger = logger
    }

    /// The query a view keeps for `filters`: the list's own (`OrdersFilters.parameters`, no page's
    /// cursor), without `?`; empty for all orders, newest first.
    static func query(of filters: OrdersFilters) -> String {
        String(Paths.query(filters.parameters).dropFirst())
    }

    /// The list a view opens: `/orders?q=…`.
    static func url(ofQuery query: String) -> String {
        query.isEmpty ? Paths.orders.description : Paths.orders.description + "?" + query
    }

    func views(of account: SignedIn) async throws(SavedViewsStoreError) -> [SavedView] {
        do {
            return try await store.views(accountKey: Account.key(account.name.username))
        } catch {
            logger.error("Cannot read the saved views", metadata: ["error": "\(error)"])
            throw error
        }
    }

    func addView(for account: SignedIn, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView {
        do {
            return try await store.addView(accountKey: Account.key(account.name.username), name: name, query: query)
        } catch {
            if case .unavailable = error { logger.error("Cannot save a view", metadata: ["error": "\(error)"]) }
            throw error
        }
    }

    func changeView(id: Int64, for account: SignedIn, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView] {
        do {
            return try await store.changeView(id: id, accountKey: Account.key(account.name.username), change: change)
        } catch {
            if case .unavailable = error { logger.error("Cannot change a saved view", metadata: ["error": "\(error)"]) }
            throw error
        }
    }
}
