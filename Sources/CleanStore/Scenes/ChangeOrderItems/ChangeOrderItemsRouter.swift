import Hummingbird

protocol ChangeOrderItemsRoutingLogic: AnyObject {
    /// After the items are saved: 303 to the order's page, passing the flash.
    func routeToShowOrder(orderID: String, flash: String) -> Response
}

protocol ChangeOrderItemsDataPassing: AnyObject {
    /// How the next scene receives data from this one: the order's id in the URL, a flash in a
    /// signed cookie.
    var flash: Flash? { get }
}

final class ChangeOrderItemsRouter: ChangeOrderItemsRoutingLogic, ChangeOrderItemsDataPassing {
    var flash: Flash?

    // MARK: Routing

    func routeToShowOrder(orderID: String, flash message: String) -> Response {
        let path = Paths.order(orderID)
        return flash?.redirect(to: path, passing: message) ?? .seeOther(path)
    }
}
