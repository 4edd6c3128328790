protocol ViewOrderHistoryRoutingLogic: AnyObject {}

protocol ViewOrderHistoryDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// The page only links ("Back to order 2", "Back to all orders"): nothing to redirect. The order's
/// id comes in the URL.
final class ViewOrderHistoryRouter: ViewOrderHistoryRoutingLogic, ViewOrderHistoryDataPassing {
    var flash: Flash?
}
