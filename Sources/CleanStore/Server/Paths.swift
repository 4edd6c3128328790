import Hummingbird

/// The app's paths (HTTP.md), each written once: the route table matches their patterns, routers
/// redirect to them and presenters put them into view models for the templates' links and forms.
public struct AppPath: Sendable, CustomStringConvertible {
    /// As the router matches it, with `{id}` for an order's id: `/orders/{id}/edit`.
    public let pattern: String

    init(_ pattern: String) {
        self.pattern = pattern
    }

    /// The path of one order (the pattern with `{id}` filled in).
    public func callAsFunction(_ id: String) -> String {
        pattern.replacingOccurrences(of: "{id}", with: id)
    }

    /// The path itself, for a pattern with no parameter.
    public var description: String { pattern }

    var routerPath: RouterPath { RouterPath(stringLiteral: pattern) }
}

public enum Paths {
    public static let root = AppPath("/")
    public static let healthz = AppPath("/healthz")
    public static let orders = AppPath("/orders")
    public static let newOrder = AppPath("/orders/new")
    public static let order = AppPath("/orders/{id}")
    public static let editOrder = AppPath("/orders/{id}/edit")
    public static let deleteOrder = AppPath("/orders/{id}/delete")
    public static let signIn = AppPath("/sign-in")
    public static let signOut = AppPath("/sign-out")
    public static let setup = AppPath("/setup")
    public static let orderHistory = AppPath("/orders/{id}/history")

    /// A page of the list: the orders older (`after`) or newer (`before`) than a cursor.
    static func orders(after cursor: String) -> String { "\(orders)?after=\(cursor)" }
    static func orders(before cursor: String) -> String { "\(orders)?before=\(cursor)" }
}
