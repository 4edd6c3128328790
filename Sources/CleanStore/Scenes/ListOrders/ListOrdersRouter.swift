protocol ListOrdersRoutingLogic: PassedMessageReceiving {}

protocol ListOrdersDataPassing: AnyObject {
    var dataStore: ListOrdersDataStore? { get }
}

/// Links to an order and to a new order are the page's own (`Views/ListOrders/list.mustache`),
/// as segues are a storyboard's; the router receives the message a redirect passed to the list.
final class ListOrdersRouter: ListOrdersRoutingLogic, ListOrdersDataPassing {
    weak var viewController: ListOrdersViewController?
    weak var dataStore: ListOrdersDataStore?
    var flash: Flash?
}
