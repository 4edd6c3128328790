import Hummingbird

protocol CreateOrderRoutingLogic: AnyObject {
    /// After an update: 303 to the order's page, passing the flash.
    func routeToShowOrder(orderID: String, flash: String) -> Response
}

protocol CreateOrderDataPassing: AnyObject {
    /// How the next scene receives its data: the order's id in the URL, the flash in a signed cookie.
    var flash: Flash? { get }
}

/// Post/Redirect/Get: a saved form never renders a page itself; the router sends the browser on,
/// with the data the next scene needs in the URL (the order id) and a flash.
final class CreateOrderRouter: CreateOrderRoutingLogic, CreateOrderDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToShowOrder(orderID: String, flash message: String) -> Response {
        redirect(to: Paths.order(orderID), passing: message)
    }

    private func redirect(to path: String, passing message: String) -> Response {
        flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
