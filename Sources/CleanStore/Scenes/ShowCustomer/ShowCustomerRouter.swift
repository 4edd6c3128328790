protocol ShowCustomerRoutingLogic: AnyObject {}

protocol ShowCustomerDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

/// Redirects after a post (303, Post/Redirect/Get), and the data they pass, go here: a method per
/// destination, e.g. `func routeToListOrders(flash: String) -> Response`.
final class ShowCustomerRouter: ShowCustomerRoutingLogic, ShowCustomerDataPassing {
    var flash: Flash?
}
