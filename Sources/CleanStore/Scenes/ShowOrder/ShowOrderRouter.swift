protocol ShowOrderRoutingLogic: PassedMessageReceiving {}

protocol ShowOrderDataPassing: AnyObject {
    var dataStore: ShowOrderDataStore? { get }
}

/// "Edit" and "All orders" are the page's own links (`Views/ShowOrder/show.mustache`); the router
/// receives the message an update's redirect passed to this page.
final class ShowOrderRouter: ShowOrderRoutingLogic, ShowOrderDataPassing {
    weak var viewController: ShowOrderViewController?
    weak var dataStore: ShowOrderDataStore?
    var flash: Flash?
}
