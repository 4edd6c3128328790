import Hummingbird

protocol CreateOrderRoutingLogic: AnyObject {
    /// After a create: 303 to the list, passing the message that names the new order.
    func routeToListOrders(message: String) -> Response
    /// After an update: 303 to the order's page, passing the message.
    func routeToShowOrder(orderID: String, message: String) -> Response
}

protocol CreateOrderDataPassing: AnyObject {
    var dataStore: CreateOrderDataStore? { get }
}

/// Post/Redirect/Get: a saved form never renders a page itself; the router sends the browser on,
/// with the data the next scene needs in the URL (the order id) and a one-time message.
final class CreateOrderRouter: CreateOrderRoutingLogic, CreateOrderDataPassing {
    weak var viewController: CreateOrderViewController?
    weak var dataStore: CreateOrderDataStore?
    var flash: Flash?

    // MARK: Routing

    func routeToListOrders(message: String) -> Response {
        flash?.redirect(to: "/orders", passing: message) ?? .seeOther("/orders")
    }

    func routeToShowOrder(orderID: String, message: String) -> Response {
        flash?.redirect(to: "/orders/\(orderID)", passing: message) ?? .seeOther("/orders/\(orderID)")
    }
}
