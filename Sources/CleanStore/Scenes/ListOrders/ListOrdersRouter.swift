import Hummingbird

protocol ListOrdersRoutingLogic: FlashReceiving {
    /// The account's default view, when the list is asked for with no query: 303 to it.
    func routeToSavedView(_ url: String) -> Response
}

protocol ListOrdersDataPassing: AnyObject {
    /// How this scene receives data from the one before: the flash its redirect passed.
    var flash: Flash? { get }
}

/// Links to an order and to a new order are the page's own (`Views/ListOrders/list.mustache`),
/// as segues are a storyboard's; the router receives the flash a redirect passed to the list.
final class ListOrdersRouter: ListOrdersRoutingLogic, ListOrdersDataPassing {
    var flash: Flash?

    func routeToSavedView(_ url: String) -> Response {
        .seeOther(url)
    }
}
