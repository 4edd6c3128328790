import Hummingbird

protocol DeleteOrderRoutingLogic: AnyObject {
    /// After a delete: 303 to the list, passing the message that names the deleted order.
    func routeToListOrders(message: String) -> Response
}

protocol DeleteOrderDataPassing: AnyObject {
    var dataStore: DeleteOrderDataStore? { get }
}

/// "Cancel" is the page's own link back to the order; after a delete the router sends the
/// browser to the list with a one-time message.
final class DeleteOrderRouter: DeleteOrderRoutingLogic, DeleteOrderDataPassing {
    weak var viewController: DeleteOrderViewController?
    weak var dataStore: DeleteOrderDataStore?
    var flash: Flash?

    // MARK: Routing

    func routeToListOrders(message: String) -> Response {
        flash?.redirect(to: "/orders", passing: message) ?? .seeOther("/orders")
    }
}
