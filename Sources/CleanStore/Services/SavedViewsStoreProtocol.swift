import Foundation

/// A clerk's saved search of the order list (issue 28): a name and the list's query it opens
/// (`q=jane&status=packed`, as `OrdersFilters.parameters` writes it), shown as a tab after the
/// built-in ones, in the account's order; at most one of an account's views is its default, the
/// list it opens on when no query is given.
public struct SavedView: Equatable, Sendable {
    public var id: Int64
    /// The account it belongs to (`Account.key`): no other account ever reads or changes it.
    public var accountKey: String
    public var name: String
    /// The list's query, without `?` and without a page's cursor.
    public var query: String
    /// Its place among the account's views, from 0.
    public var position: Int
    public var isDefault: Bool

    public init(id: Int64, accountKey: String, name: String, query: String, position: Int, isDefault: Bool = false) {
        self.id = id
        self.accountKey = accountKey
        self.name = name
        self.query = query
        self.position = position
        self.isDefault = isDefault
    }
}

/// What a clerk does to one of their saved views.
public enum SavedViewChange: String, Equatable, Sendable, CaseIterable {
    /// One place earlier, or later, among the account's views (the first stays first).
    case moveUp = "up", moveDown = "down"
    /// The list opens on it when no query is given (no other view of the account does any more).
    case makeDefault = "default"
    /// The list opens on all orders again (none of the account's views is its default).
    case clearDefault = "all"
    case delete
}

public enum SavedViewsStoreError: Error, Equatable, Sendable {
    /// The account has a view of that name already (names ignore case).
    case nameTaken
    /// The account has `SavedViewWrites.maximumPerAccount` views already.
    case tooMany
    /// No such view of this account (another account's is none of its).
    case notFound
    /// The database failed: why.
    case unavailable(String)

    static func from(_ error: any Error, doing what: String) -> SavedViewsStoreError {
        (error as? SavedViewsStoreError) ?? .unavailable("\(what): \(String(reflecting: error))")
    }
}

/// What may be written to an account's saved views, decided once in plain Swift on the views as
/// stored (read in the write's transaction); each store only executes it.
public enum SavedViewWrites {
    /// Views one account may keep: the tabs stay one row or two.
    public static let maximumPerAccount = 20

    /// The position of a new view named `name` after `views` (the account's, as stored); refused
    /// when the name is taken (case ignored) or the account has as many views as it may.
    public static func added(name: String, to views: [SavedView]) throws(SavedViewsStoreError) -> Int {
        guard !views.contains(where: { $0.name.lowercased() == name.lowercased() }) else { throw .nameTaken }
        guard views.count < maximumPerAccount else { throw .tooMany }
        return (views.map(\.position).max() ?? -1) + 1
    }

    /// The account's views after `change` to the view `id`, in their order, numbered 0, 1, 2… (a
    /// deleted one left out); `.notFound` when `id` is none of `views`.
    public static func changed(
        _ views: [SavedView], id: Int64, change: SavedViewChange
    ) throws(SavedViewsStoreError) -> [SavedView] {
        var ordered = views.sorted { ($0.position, $0.id) < ($1.position, $1.id) }
        guard let index = ordered.firstIndex(where: { $0.id == id }) else { throw .notFound }
        switch change {
        case .moveUp:
            if index > 0 { ordered.swapAt(index, index - 1) }
        case .moveDown:
            if index < ordered.count - 1 { ordered.swapAt(index, index + 1) }
        case .makeDefault:
            for i in ordered.indices { ordered[i].isDefault = i == index }
        case .clearDefault:
            for i in ordered.indices { ordered[i].isDefault = false }
        case .delete:
            ordered.remove(at: index)
        }
        for i in ordered.indices { ordered[i].position = i }
        return ordered
    }
}

/// Each account's saved views of the order list, in the orders database. Every store keeps the same
/// contract, checked by one suite (`SavedViewsStoreContractTests`):
/// - `views(accountKey:)` lists that account's views only, in their order (`position`, then `id`);
/// - `addView` keeps a new view last among the account's (`SavedViewWrites.added`: a taken name is
///   `.nameTaken`, a 21st view `.tooMany`), never its default, and answers it with its new id;
/// - `changeView` applies `SavedViewWrites.changed` to the account's views, read in the same
///   transaction, and answers them as stored after it; a view of another account is `.notFound`
///   and nothing changes.
public protocol SavedViewsStoreProtocol: Sendable {
    func views(accountKey: String) async throws(SavedViewsStoreError) -> [SavedView]
    func addView(accountKey: String, name: String, query: String) async throws(SavedViewsStoreError) -> SavedView
    func changeView(id: Int64, accountKey: String, change: SavedViewChange) async throws(SavedViewsStoreError) -> [SavedView]
}
