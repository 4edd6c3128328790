import Hummingbird

protocol PlaceDraftRoutingLogic: AnyObject {
    /// Placed (or placed before with this page's key): 303 to the order's page, which confirms it
    /// with a panel naming its number (as a created order, `CreateOrderRouter`), saying `note` too.
    func routeToShowPlacedOrder(orderID: String, note: String?) -> Response
    /// A price decided: 303 to the check page, which checks again.
    func routeToCheck(ref: String) -> Response
}

protocol PlaceDraftDataPassing: AnyObject {
    /// How the next scene receives data from this one: ids in the URL, a flash in a signed cookie.
    var flash: Flash? { get }
}

final class PlaceDraftRouter: PlaceDraftRoutingLogic, PlaceDraftDataPassing {
    var flash: Flash?

    func routeToShowPlacedOrder(orderID: String, note: String?) -> Response {
        let path = Paths.order(orderID)
        return flash?.redirect(to: path, confirming: Flash.Confirmation(orderID: orderID, note: note)) ?? .seeOther(path)
    }

    func routeToCheck(ref: String) -> Response {
        .seeOther(Paths.draftCheck(ref))
    }
}
