import Hummingbird

protocol CreateOrderRoutingLogic: AnyObject {
    /// After a create (or a form sent again after its create): 303 to the order's page, passing the
    /// flash that has it confirm the order with a panel, saying `note` there too, if any.
    func routeToShowCreatedOrder(orderID: String, note: String?) -> Response
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

    func routeToShowCreatedOrder(orderID: String, note: String?) -> Response {
        let path = Paths.order(orderID)
        return flash?.redirect(to: path, confirming: Flash.Confirmation(orderID: orderID, note: note)) ?? .seeOther(path)
    }

    func routeToShowOrder(orderID: String, flash message: String) -> Response {
        redirect(to: Paths.order(orderID), passing: message)
    }

    private func redirect(to path: String, passing message: String) -> Response {
        flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
