import Hummingbird

protocol DeleteOrderRoutingLogic: AnyObject {
    /// After a delete: 303 to the list, passing the flash that names the deleted order.
    func routeToListOrders(flash: String) -> Response
}

protocol DeleteOrderDataPassing: AnyObject {
    /// How the next scene receives its data: the flash, in a signed cookie.
    var flash: Flash? { get }
}

/// "Cancel" is the page's own link back to the order; after a delete the router sends the
/// browser to the list with a flash.
final class DeleteOrderRouter: DeleteOrderRoutingLogic, DeleteOrderDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToListOrders(flash message: String) -> Response {
        let path = Paths.orders.description
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
